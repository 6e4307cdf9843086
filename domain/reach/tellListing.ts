/**
 * A request reaches the listing's own number when no account owns the listing (ADR 047): one WhatsApp message where
 * that number opted in (wrote to the bot and did not say STOP), otherwise one SMS, through the outbox. It names the
 * booking, the job in a few words and the day in the reader's words, and carries a link with a single-use token bound
 * to this booking and number. At most 3 a number a Baghdad day (taken atomically, so parallel bookings cannot
 * overshoot), none between 22:00 and 08:00 (held until 08:00), never after STOP. What changes after (cancelled, a day
 * settled, "did not come") reaches it the same way; each text is checked when it leaves, and a withdrawn one gives its
 * slot back (ADR 076).
 */
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { bookings, categories, channelLinks, listingRequests, serviceProviders, users } from "../../db/schema";
import { randomToken, sha256Hex } from "../accounts/tokens";
import type { Lang, ServiceContext } from "../context";
import { isServiceError } from "../errors";
import { iraqToday } from "../ids";
import { LIMITS, takeSlot, type TakenSlot } from "../rateLimit";
import { firstName } from "../text/localParams";
import { clip } from "../text/clip";
import { isStopped, mobileOf } from "./numbers";
import { quietUntil } from "./quietHours";
import type { ListingTextKind } from "./textGuard";
import { jobForStranger, markOutreachRefused, takeOutreach, wasOutreachRefused } from "./outreach";
import { withoutContacts } from "../text/withoutContacts";

/** The path of a listing link; the deliverer makes it absolute with the site's address. */
export const LISTING_LINK_PATH = "/r/";

/** A link's address in the language its text is written in (ADR 026's `?lng=`): the page opens in it (ADR 076). */
export const linkInLanguage = (path: string, lang: Lang) => `${path}?lng=${lang}`;

export type TellOutcome =
  "sent" | "held" | "onDalil" | "noMobile" | "stopped" | "limited" | "outreach" | "notFound" | "unheard";

/** A fresh single-use token for one booking and number; the row stores only its SHA-256. */
export async function mintListingToken(
  ctx: Pick<ServiceContext, "db">,
  b: {
    bookingId: number;
    providerId: number;
    phone: string;
    channel: "sms" | "whatsapp";
    kind: "booking" | "dayProposed";
    sendAt?: Date | null;
  },
): Promise<string> {
  const token = randomToken(24);
  await ctx.db.insert(listingRequests).values({
    bookingId: b.bookingId,
    providerId: b.providerId,
    phone: b.phone,
    tokenHash: await sha256Hex(token),
    channel: b.channel,
    kind: b.kind,
    sendAt: b.sendAt ?? null,
  });
  return token;
}

/**
 * The number's daily slot for a text made at `now` (ADR 047's 3 a Baghdad day), counted on the day it is sent: a text
 * held through quiet hours counts on the day of its 08:00 (ADR 076). null when the day's 3 are used.
 */
export async function takeNumberSlot(
  ctx: Pick<ServiceContext, "now" | "ports">,
  phone: string,
  now: Date,
  sendAt: Date | null,
): Promise<TakenSlot | null> {
  try {
    return await takeSlot(ctx, LIMITS.listingNumber(phone, iraqToday(sendAt ?? now)));
  } catch (err) {
    if (isServiceError(err) && err.code === "RATE_LIMITED") return null;
    throw err;
  }
}

/** The texts that ask the number to answer, with a link; the others tell it of a change. */
const asks = (kind: ListingTextKind): kind is "booking" | "dayProposed" => kind === "booking" || kind === "dayProposed";

/**
 * Tells the listing's number of booking `bookingId` (a new request, a day the customer proposed, or a change that
 * matters to it, ADR 076) when the listing is not on Dalil yet. Never throws for a limit or a stop: the booking
 * stands, and the customer's pages already say that calling is quickest. `mustReach`: not dropped for the daily
 * limit (the cancellation of a job the number accepted).
 */
export async function tellListingNumber(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  bookingId: number,
  kind: ListingTextKind = "booking",
  extra: { day?: string; slot?: string; proposalId?: number; mustReach?: boolean } = {},
): Promise<TellOutcome> {
  const [row] = await ctx.db
    .select({
      providerId: bookings.providerId,
      phone: serviceProviders.phone,
      ownerId: serviceProviders.userId,
      ownerVerified: users.isPhoneVerified,
      serviceDescription: bookings.serviceDescription,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      customerLocation: bookings.customerLocation,
      customerId: bookings.customerId,
      trade: { en: categories.name, ar: categories.nameAr, ku: categories.nameKu },
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, serviceProviders.userId))
    .leftJoin(categories, eq(categories.id, serviceProviders.categoryId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return "notFound";
  if (row.ownerId != null && row.ownerVerified) return "onDalil";
  const phone = mobileOf(row.phone);
  if (!phone) return "noMobile";
  if (await isStopped(ctx, phone)) return "stopped";
  const now = ctx.now();
  // a new request counts against the customer's outreach to
  // strangers' numbers, shared with first chat messages (ADR 075)
  const reach = kind === "booking" ? await takeOutreach(ctx, row.customerId, phone) : null;
  if (kind === "booking" && !reach) {
    await markOutreachRefused(ctx, bookingId);
    return "outreach";
  }
  const sendAt = quietUntil(now);
  const slot = await takeNumberSlot(ctx, phone, now, sendAt);
  if (!slot && !extra.mustReach) {
    await reach?.release();
    return "limited";
  }
  const [customer] = await ctx.db
    .select({ name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, row.customerId))
    .limit(1);
  // the request was written in the customer's language: the message is in it too (Sorani readers get Arabic
  // templates on WhatsApp, as everywhere, ADR 043)
  const lang: Lang = (customer?.language as Lang | undefined) ?? "ar";
  const [link] = await ctx.db
    .select({ optedIn: channelLinks.optedIn })
    .from(channelLinks)
    .where(
      and(eq(channelLinks.channel, "whatsapp"), eq(channelLinks.externalId, phone), eq(channelLinks.optedIn, true)),
    )
    .limit(1);
  const channel = link ? "whatsapp" : "sms";
  const token = asks(kind)
    ? await mintListingToken(ctx, { bookingId, providerId: row.providerId, phone, channel, kind, sendAt })
    : null;
  const params = {
    id: bookingId,
    // the customer's own words reach a stranger without links, e-mails or phone numbers (ADR 075)
    customer: firstName(withoutContacts(customer?.name ?? "")) || "…",
    day: extra.day ?? row.preferredDate ?? "",
    slot: extra.slot ?? row.preferredTime ?? "flexible",
    area: clip(withoutContacts(row.customerLocation), 40),
    service: jobForStranger(row.serviceDescription, row.trade?.[lang] ?? null, kind === "booking" ? 60 : 40),
    // filled in by the deliverer: Dalil's own WhatsApp (wa.me) to reply on
    dalil: "",
  };
  await ctx.ports.outbox.enqueue({
    channel,
    recipient: phone,
    // WhatsApp outside its window carries the approved booking template; the text names the link either way
    key: `reach.${channel}.${kind}`,
    params,
    // the link proves the number: sealed in the outbox, wiped once delivered (as codes are, ADR 022)
    ...(token ? { secret: { link: linkInLanguage(`${LISTING_LINK_PATH}${token}`, lang) } } : {}),
    lang,
    // checked when it leaves: what it asks still open, what it
    // tells still true; withdrawn, it gives its slot back (ADR 076)
    guard: {
      listingText: kind,
      bookingId,
      ...(extra.proposalId ? { proposalId: extra.proposalId } : {}),
      ...(slot ? { slot: { key: slot.key, id: slot.id } } : {}),
    },
    dedupeKey: `listing:${kind}:${bookingId}:${now.getTime()}`,
    ...(channel === "whatsapp" && kind === "booking"
      ? {
          buttons: [
            [
              { key: "bot.acceptBooking", action: `booking:accept:${bookingId}` },
              { key: "bot.declineBooking", action: `booking:decline:${bookingId}` },
            ],
          ],
        }
      : {}),
    ...(sendAt ? { notBefore: sendAt.getTime() } : {}),
  });
  return sendAt ? "held" : "sent";
}

/**
 * A change that matters to the number (ADR 076): the customer cancelled, took or refused the day the number proposed,
 * or said it did not come. Told the way the request was (its WhatsApp, else SMS), under the same rules, and only to a
 * number that knows of the booking: it answered it (`heard`), or its request text has gone (one still held is
 * withdrawn at 08:00 instead). A cancellation of a job the number accepted is never dropped for the daily limit.
 */
export async function tellListingOfChange(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  bookingId: number,
  change: Exclude<ListingTextKind, "booking" | "dayProposed">,
  opts: { heard: boolean; accepted?: boolean; day?: string; slot?: string },
): Promise<TellOutcome> {
  if (!opts.heard) {
    const [told] = await ctx.db
      .select({ id: listingRequests.id })
      .from(listingRequests)
      .where(
        and(
          eq(listingRequests.bookingId, bookingId),
          or(isNull(listingRequests.sendAt), lte(listingRequests.sendAt, ctx.now())),
        ),
      )
      .limit(1);
    if (!told) return "unheard";
  }
  return tellListingNumber(ctx, bookingId, change, {
    day: opts.day,
    slot: opts.slot,
    mustReach: change === "cancelled" && opts.accepted === true,
  });
}

/**
 * What the customer's confirmation can honestly promise for booking `bookingId`: the listing answers on Dalil; or its
 * number was texted (or will be at 08:00); or nothing could be sent, so calling is the way.
 */
export async function requestPromise(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  bookingId: number,
  providerId: number,
): Promise<"onDalil" | "sent" | "held" | "notSent" | "outreach"> {
  const [owner] = await ctx.db
    .select({ verified: users.isPhoneVerified })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  if (owner?.verified) return "onDalil";
  const [told] = await ctx.db
    .select({ sendAt: listingRequests.sendAt })
    .from(listingRequests)
    .where(and(eq(listingRequests.bookingId, bookingId), eq(listingRequests.kind, "booking")))
    .limit(1);
  if (!told) return (await wasOutreachRefused(ctx, bookingId)) ? "outreach" : "notSent";
  return told.sendAt && told.sendAt.getTime() > ctx.now().getTime() ? "held" : "sent";
}
