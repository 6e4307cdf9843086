import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import {
  bookingDayProposals,
  bookings,
  channelLinks,
  conversations,
  providerApplications,
  providerProposals,
  reviews,
  serviceProviders,
  serviceRequests,
  users,
  voiceNotes,
} from "../../db/schema";
import { namesForReader } from "../providers/displayName";
import { isSiteVoiceUrl } from "../uploads/storeVoice";
import { participantQuery } from "../chat/access";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { asRead, stored } from "../notifications/notifications";
import { takeSlot, type Limit } from "../rateLimit";
import { requireUser } from "./requireUser";
import { allArchivedOf, asViews } from "../bookings/archive";
import { bookingColumns, customerCopy, providerCopy } from "../bookings/view";

/** A few downloads a day: each one reads every room the person wrote in (ADR 041). */
export const EXPORT_LIMIT = (userId: number): Limit => ({
  key: `export:${userId}`,
  max: 3,
  windowMs: 24 * 60 * 60 * 1000,
});

/** Rooms read at a time while the file is written: the file streams out as each conversation comes in. */
const CONVERSATIONS_PER_READ = 20;

/**
 * "Download my data" (ADR 041): everything Dalil holds about the signed-in person, as one readable JSON document
 * written piece by piece. The checks (signed in, the daily limit) run before the first byte, so a refusal is a plain
 * error; the conversations are then read one room after another while the file streams, never all rooms at once. Other
 * people appear only as what the person saw of them: a listing's public name, the other side's messages in the person's
 * own conversations; never another person's account, phone or address.
 */
export async function exportMyData(
  ctx: ServiceContext,
  opts: { origin?: string } = {},
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { userId } = requireUser(ctx.actor);
  if (ctx.actor.kind !== "user") throw new ServiceError("FORBIDDEN", "account.errors.onTheWeb");
  await takeSlot(ctx, EXPORT_LIMIT(userId));
  const day = ctx.now().toISOString().slice(0, 10);
  return { filename: `dalil-data-${day}.json`, chunks: chunks(ctx, userId, opts.origin ?? "") };
}

const field = (name: string, value: unknown, last = false) =>
  `  ${JSON.stringify(name)}: ${JSON.stringify(value, null, 2).replace(/\n/g, "\n  ")}${last ? "\n" : ",\n"}`;

/**
 * A voice note as voice: how long, and where it plays (the site's own address, which answers the conversation's two
 * participants, or its recorder before it is sent, while they are signed in).
 */
const voiceOf = (origin: string, url: string, durationMs: number | undefined) => ({
  seconds: Math.round((durationMs ?? 0) / 100) / 10,
  url: `${origin}${url}`,
});

async function* chunks(ctx: ServiceContext, userId: number, origin: string): AsyncGenerator<string> {
  const say = (key: string) => ctx.ports.texts.render(ctx.locale, key);
  const db = ctx.db;
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      accountType: users.userType,
      language: users.language,
      phoneVerified: users.isPhoneVerified,
      jobTitle: users.jobTitle,
      location: users.location,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  const [listing] = await db.select().from(serviceProviders).where(eq(serviceProviders.userId, userId)).limit(1);
  yield "{\n";
  // in the reader's language, as everything else they read from Dalil
  yield field("about", say("account.exportAbout"));
  yield field("exportedAt", ctx.now());
  yield field("account", account ?? null);

  const [myBookings, myReviews, linked, applications] = await db.batch([
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(eq(bookings.customerId, userId))
      .orderBy(asc(bookings.id)),
    db
      .select({
        id: reviews.id,
        bookingId: reviews.bookingId,
        providerId: reviews.providerId,
        rating: reviews.rating,
        comment: reviews.comment,
        serviceQuality: reviews.serviceQuality,
        punctuality: reviews.punctuality,
        communication: reviews.communication,
        valueForMoney: reviews.valueForMoney,
        wouldRecommend: reviews.wouldRecommend,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.customerId, userId))
      .orderBy(asc(reviews.id)),
    db
      .select({
        channel: channelLinks.channel,
        chat: channelLinks.externalId,
        label: channelLinks.label,
        language: channelLinks.language,
        optedIn: channelLinks.optedIn,
        unlinked: channelLinks.unlinked,
        linkedAt: channelLinks.createdAt,
      })
      .from(channelLinks)
      .where(eq(channelLinks.userId, userId)),
    db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.userId, userId))
      .orderBy(asc(providerApplications.id)),
  ]);
  // closed bookings past 60 days are in the archive (ADR 062): the same fields, after the ones still in D1
  const archived = await allArchivedOf(ctx, userId, listing?.id ?? null);
  const when = (n: number | null) => (n === null ? null : new Date(n));
  // read as the booking cards read them (the listings' names live from D1), written in the download's own words
  yield field("bookings", [...myBookings, ...(await asViews(ctx, archived.asCustomer))].map(customerCopy));
  // the other days proposed for this person's bookings, on either side of them (ADR 044): their own, and the other
  // side's, which they were asked to answer
  const proposals = await db
    .select({
      bookingId: bookingDayProposals.bookingId,
      side: bookingDayProposals.side,
      customerId: bookings.customerId,
      fromDate: bookingDayProposals.fromDate,
      fromTime: bookingDayProposals.fromTime,
      date: bookingDayProposals.date,
      time: bookingDayProposals.time,
      status: bookingDayProposals.status,
      createdAt: bookingDayProposals.createdAt,
      answeredAt: bookingDayProposals.answeredAt,
    })
    .from(bookingDayProposals)
    .innerJoin(bookings, eq(bookings.id, bookingDayProposals.bookingId))
    .where(
      or(
        eq(bookingDayProposals.proposedBy, userId),
        eq(bookings.customerId, userId),
        listing ? eq(bookings.providerId, listing.id) : undefined,
      ),
    )
    .orderBy(asc(bookingDayProposals.id));
  const archivedProposals = [...archived.asCustomer, ...archived.asProvider].flatMap((b) =>
    b.dayProposals.map(({ id: _id, proposedBy: _by, createdAt, answeredAt, ...p }) => ({
      bookingId: b.id,
      side: p.side,
      customerId: b.customerId,
      fromDate: p.fromDate,
      fromTime: p.fromTime,
      date: p.date,
      time: p.time,
      status: p.status,
      createdAt: when(createdAt),
      answeredAt: when(answeredAt),
    })),
  );
  yield field(
    "dayProposals",
    [...proposals, ...archivedProposals].map(({ customerId, side, ...p }) => ({
      ...p,
      by: (customerId === userId ? "customer" : "provider") === side ? "me" : "them",
    })),
  );
  yield field("reviews", myReviews);

  const requests = await db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.customerId, userId))
    .orderBy(asc(serviceRequests.id));
  const quotes = requests.length
    ? await db
        .select({
          requestId: providerProposals.serviceRequestId,
          providerId: providerProposals.providerId,
          provider: serviceProviders.name,
          text: providerProposals.proposalText,
          price: providerProposals.quotedPrice,
          duration: providerProposals.estimatedDuration,
          availableOn: providerProposals.availabilityDate,
          status: providerProposals.status,
          createdAt: providerProposals.createdAt,
        })
        .from(providerProposals)
        .innerJoin(serviceProviders, eq(serviceProviders.id, providerProposals.providerId))
        .where(
          inArray(
            providerProposals.serviceRequestId,
            requests.map((r) => r.id),
          ),
        )
    : [];
  yield field(
    "serviceRequests",
    requests.map((r) => ({ ...r, quotesReceived: quotes.filter((q) => q.requestId === r.id) })),
  );

  if (listing) {
    const [received, sentQuotes, reviewsOfListing] = await db.batch([
      // what the provider did for each job; the customer's own details are theirs, not part of this file
      db
        .select(bookingColumns)
        .from(bookings)
        .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
        .where(eq(bookings.providerId, listing.id))
        .orderBy(asc(bookings.id)),
      db
        .select()
        .from(providerProposals)
        .where(eq(providerProposals.providerId, listing.id))
        .orderBy(asc(providerProposals.id)),
      db
        .select({
          id: reviews.id,
          bookingId: reviews.bookingId,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.providerId, listing.id))
        .orderBy(asc(reviews.id)),
    ]);
    const { searchText: _index, ...listed } = listing;
    yield field("listing", listed);
    yield field("bookingsOnMyListing", [...received, ...(await asViews(ctx, archived.asProvider))].map(providerCopy));
    yield field("quotesSent", sentQuotes);
    yield field("reviewsOfMyListing", reviewsOfListing);
  } else {
    yield field("listing", null);
  }
  yield field("applications", applications);
  yield field("linkedChats", linked);
  // the devices signed in now, from the person's own object (ADR 054's amendment): when, until when, which browser
  const signedIn = await ctx.ports.sessions.list(userId, ctx.now().getTime());
  yield field(
    "sessions",
    signedIn.map((s) => ({
      signedInAt: new Date(s.createdAt),
      expiresAt: new Date(s.expiresAt),
      browser: s.userAgent,
    })),
  );
  // every notification, from the person's own object (ADR 051), as read now in their language
  const bell = await ctx.ports.bells.all(userId);
  yield field(
    "notifications",
    bell.map((n) => asRead(ctx, stored(n))).map(({ href: _href, ...n }) => n),
  );

  // voice notes recorded and not sent yet (kept a day, ADR 049); the sent ones are in their conversations below
  const unsent = await db
    .select({ key: voiceNotes.key, durationMs: voiceNotes.durationMs, createdAt: voiceNotes.createdAt })
    .from(voiceNotes)
    .where(and(eq(voiceNotes.uploaderId, userId), isNull(voiceNotes.conversationId)))
    .orderBy(asc(voiceNotes.createdAt));
  yield field(
    "voiceNotesNotSent",
    unsent.map((n) => ({ ...voiceOf(origin, `/api/${n.key}`, n.durationMs), at: n.createdAt })),
  );

  // conversations last: each room is read on its own, and its messages go out before the next is read
  yield '  "conversations": [';
  let first = true;
  for (let after = 0; ;) {
    const page = await db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(serviceProviders, eq(serviceProviders.id, conversations.providerId))
      .where(and(eq(conversations.customerId, userId), eqAfter(after)))
      .orderBy(asc(conversations.id))
      .limit(CONVERSATIONS_PER_READ);
    const asProvider = listing
      ? await db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.providerId, listing.id), eqAfter(after)))
          .orderBy(asc(conversations.id))
          .limit(CONVERSATIONS_PER_READ)
      : [];
    const ids = [...new Set([...page, ...asProvider].map((r) => r.id))]
      .sort((a, b) => a - b)
      .slice(0, CONVERSATIONS_PER_READ);
    if (ids.length === 0) break;
    // who each conversation is with, as the person saw it in their inbox: the listing's name in their script, or the
    // customer's name; "Former customer/provider" once that side left
    const names = await db
      .select({
        id: conversations.id,
        provider: serviceProviders.name,
        providerOther: serviceProviders.nameOther,
        customer: users.name,
      })
      .from(conversations)
      .innerJoin(serviceProviders, eq(serviceProviders.id, conversations.providerId))
      .innerJoin(users, eq(users.id, conversations.customerId))
      .where(inArray(conversations.id, ids));
    for (const id of ids) {
      const [room] = await participantQuery(db, id);
      if (!room) continue;
      const mySide = room.customerId === userId ? "user" : "provider";
      const seen = names.find((n) => n.id === id);
      const withName =
        mySide === "user"
          ? namesForReader({ name: seen?.provider ?? "", nameOther: seen?.providerOther }, ctx.locale).primary ||
            say("account.formerProvider")
          : seen?.customer || say("account.formerCustomer");
      const messages = await ctx.ports.chatRooms.transcript(room);
      const conversation = {
        id,
        with: withName,
        providerId: room.providerId,
        myRole: mySide === "user" ? "customer" : "provider",
        messages: messages.map((m) => ({
          id: m.id,
          from: m.senderType === mySide ? "me" : "them",
          text: m.message,
          image: m.imageUrl,
          ...(m.audioUrl && isSiteVoiceUrl(m.audioUrl) ? { voice: voiceOf(origin, m.audioUrl, m.audioMs) } : {}),
          ...(m.deleted ? { deleted: true } : {}),
          at: m.timestamp,
        })),
      };
      yield (first ? "\n    " : ",\n    ") + JSON.stringify(conversation);
      first = false;
    }
    after = ids[ids.length - 1];
  }
  yield "\n  ]\n}\n";
}

/** conversations after the last one written (the first page: all) */
const eqAfter = (after: number) => (after ? gt(conversations.id, after) : undefined);
