import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { bookingChanged } from "../bookings/lifecycle";
import { eraseFromArchive } from "../bookings/archive";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import {
  accountDeletions,
  bookings,
  channelLinks,
  conversations,
  listingChats,
  outbox,
  providerApplications,
  providerCertifications,
  providerProposals,
  resetCodes,
  serviceProviders,
  serviceRequests,
  sessions,
  users,
} from "../../db/schema";
import { eraseUserChats, removeImages } from "../chat/eraseUserChats";
import { removeUploadsOf } from "../uploads/unsent";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { iraqToday } from "../ids";
import { notify } from "../notifications/notifications";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { verifyPassword } from "./password";
import { passwordField } from "./schemas";
import { normalizeDigits } from "../text/normalize";
import { normalizeIraqiPhone } from "../text/phone";
import { requireAdmin, requireUser } from "./requireUser";
import { tellListingOfChange } from "../reach/tellListing";
import { isListingTextGuard } from "../reach/textGuard";

/** What a deleted account's password hash reads: no password verifies against it (no algorithm is named). */
const NO_PASSWORD = "deleted";

const deleteMineSchema = z.object({ password: passwordField });
const adminDeleteSchema = z.object({
  reason: z
    .string({ error: "account.errors.reason" })
    .transform((s) => s.trim())
    .pipe(z.string().min(3, { error: "account.errors.reason" }).max(500, { error: "account.errors.reason" })),
});

/**
 * The person leaves Dalil (ADR 041), from the web or the API: their password again, never a bot chat (a linked chat
 * acting as the user is not enough to end the account). Wrong passwords take slots of the same limit as a password
 * change.
 */
export async function deleteMyAccount(ctx: ServiceContext, raw: unknown): Promise<void> {
  if (ctx.actor.kind === "telegram" || ctx.actor.kind === "whatsapp")
    throw new ServiceError("FORBIDDEN", "account.errors.onTheWeb");
  const actor = requireUser(ctx.actor);
  const input = parseInput(deleteMineSchema, raw);
  const slot = await takeSlot(ctx, LIMITS.passwordCheck(actor.userId));
  const [row] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  if (!(await verifyPassword(input.password, row.hash))) {
    throw new ServiceError("VALIDATION", "errors.currentPasswordWrong", { password: "errors.currentPasswordWrong" });
  }
  await slot.release();
  await removeAccount(ctx, actor.userId, { by: actor.userId, reason: null });
}

/** An admin deletes an account for a person who asked through the contact page; the reason is recorded. */
export async function adminDeleteAccount(ctx: ServiceContext, userId: number, raw: unknown): Promise<void> {
  const admin = requireAdmin(ctx.actor);
  const input = parseInput(adminDeleteSchema, raw);
  const [target] = await ctx.db
    .select({ isAdmin: users.isAdmin, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!target) throw new ServiceError("NOT_FOUND", "errors.notFound");
  // an admin account is not ended from the console (another admin would lock the team out by mistake)
  if (target.isAdmin) throw new ServiceError("FORBIDDEN", "errors.forbidden");
  if (target.deletedAt) throw new ServiceError("CONFLICT", "account.errors.alreadyDeleted");
  await removeAccount(ctx, userId, { by: admin.userId, reason: input.reason });
}

/**
 * Ends an account, once (the first UPDATE is the guard: a second or parallel delete is refused). In order:
 * the person can no longer sign in and every session, socket and linked chat ends; their messages are emptied
 * in every room and their images leave R2, as does every voice note they recorded (sent or not, row and bytes)
 * and every photo they stored and never sent; then, in one batch, their open bookings are cancelled, their
 * records keep their place under "Former customer"/"Former provider", requests close, a listing is hidden and
 * emptied, an application closed, their notifications go, and the deletion is recorded. The phone is free at once.
 */
async function removeAccount(
  ctx: ServiceContext,
  userId: number,
  who: { by: number; reason: string | null },
): Promise<void> {
  const now = ctx.now();
  const [claimed] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({
        deletedAt: now,
        phone: `deleted:${userId}`,
        passwordHash: NO_PASSWORD,
        isPhoneVerified: false,
        isVerified: false,
        isAdmin: false,
        verificationCode: null,
        verificationExpiry: null,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id }),
    ctx.db.delete(sessions).where(eq(sessions.userId, userId)),
    // the bot forgets the chat: its state and its link (a new message from it starts as a stranger's)
    ctx.db.delete(channelLinks).where(eq(channelLinks.userId, userId)),
    ctx.db.delete(resetCodes).where(eq(resetCodes.userId, userId)),
  ]);
  if (claimed.length === 0) throw new ServiceError("CONFLICT", "account.errors.alreadyDeleted");
  await ctx.ports.sessions.end(userId, { allExcept: null });

  await eraseUserChats(ctx, userId);
  // every voice note they recorded, sent or not, and every photo they stored and never sent: rows and bytes
  await removeUploadsOf(ctx, userId);

  const [listing] = await ctx.db
    .select({ id: serviceProviders.id, name: serviceProviders.name, profileImage: serviceProviders.profileImage })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  const today = iraqToday(now);
  const open = and(
    inArray(bookings.status, ["pending", "accepted"]),
    or(isNull(bookings.preferredDate), sql`${bookings.preferredDate} >= ${today}`),
  );
  const sides = listing
    ? or(eq(bookings.customerId, userId), eq(bookings.providerId, listing.id))
    : eq(bookings.customerId, userId);
  const toCancel = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      customerId: bookings.customerId,
      providerUserId: serviceProviders.userId,
      providerName: serviceProviders.name,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(and(sides, open));
  const requests = await ctx.db
    .select({ attachments: serviceRequests.attachments })
    .from(serviceRequests)
    .where(eq(serviceRequests.customerId, userId));
  const applications = await ctx.db
    .select({ license: providerApplications.businessLicense, image: providerApplications.profileImage })
    .from(providerApplications)
    .where(eq(providerApplications.userId, userId));
  const certificates = listing
    ? await ctx.db
        .select({ url: providerCertifications.documentUrl })
        .from(providerCertifications)
        .where(eq(providerCertifications.providerId, listing.id))
    : [];

  // the daily slots her withdrawn texts took at their numbers are given back once they are gone (ADR 076, 077)
  const heldSlots = (
    await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(ne(outbox.status, "sent"), textsAbout(userId)))
  ).flatMap((r) => {
    const guard = (JSON.parse(r.payload) as { guard?: unknown }).guard;
    return isListingTextGuard(guard) && guard.slot ? [guard.slot] : [];
  });

  const cancelled = toCancel.length
    ? ctx.db
        .update(bookings)
        .set({ status: "cancelled", updatedAt: now })
        .where(
          and(
            inArray(
              bookings.id,
              toCancel.map((b) => b.id),
            ),
            inArray(bookings.status, ["pending", "accepted"]),
          ),
        )
        .returning({ id: bookings.id })
    : null;
  const writes: BatchItem<"sqlite">[] = [
    // her words go (ADR 077): what she told the provider, the job in her words, her answer to "did not come"; the
    // booking's day, slot, status and price stay for the listing's records
    ctx.db
      .update(bookings)
      .set({ serviceDescription: "", customerPhone: "", customerLocation: "", notes: null })
      .where(eq(bookings.customerId, userId)),
    ctx.db
      .update(bookings)
      .set({ noShowAnswer: "" })
      .where(and(eq(bookings.customerId, userId), eq(bookings.noShow, "customer"), isNotNull(bookings.noShowAnswer))),
    // the listing's copy of her first chat message, and its link: nobody is left to read a reply
    ctx.db
      .update(listingChats)
      .set({ excerpt: "", tokenHash: null })
      .where(
        inArray(
          listingChats.conversationId,
          ctx.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.customerId, userId)),
        ),
      ),
    // texts not yet gone about her bookings and chats (held for 08:00, queued, failed) carry her name and words
    ctx.db.delete(outbox).where(and(ne(outbox.status, "sent"), textsAbout(userId))),
    ctx.db
      .update(serviceRequests)
      .set({ status: "closed", attachments: null, latitude: null, longitude: null })
      .where(eq(serviceRequests.customerId, userId)),
    ctx.db
      .update(providerApplications)
      .set({ status: "rejected", adminNotes: "account deleted", reviewedAt: now })
      .where(and(eq(providerApplications.userId, userId), eq(providerApplications.status, "pending"))),
    ctx.db
      .update(providerApplications)
      .set({ businessLicense: null, profileImage: null, phone: "", whatsapp: null })
      .where(eq(providerApplications.userId, userId)),
    ctx.db.insert(accountDeletions).values({ userId, deletedBy: who.by, reason: who.reason }),
    ctx.db.update(users).set({ name: "", jobTitle: null, location: null, updatedAt: now }).where(eq(users.id, userId)),
  ];
  if (listing) {
    writes.push(
      // hidden (search and the profile page answer as for any hidden listing) and emptied of who ran it
      ctx.db
        .update(serviceProviders)
        .set({
          hiddenAt: now,
          isAvailable: false,
          name: "",
          nameOther: null,
          phone: "",
          whatsapp: null,
          whatsappAlerts: false,
          description: null,
          location: "",
          profileImage: null,
          latitude: null,
          longitude: null,
          requestedName: null,
          nameRequestedAt: null,
          searchText: "",
          updatedAt: now,
        })
        .where(eq(serviceProviders.id, listing.id)),
      ctx.db
        .update(providerProposals)
        .set({ status: "withdrawn" })
        .where(and(eq(providerProposals.providerId, listing.id), eq(providerProposals.status, "pending"))),
      ctx.db
        .update(providerCertifications)
        .set({ documentUrl: null })
        .where(eq(providerCertifications.providerId, listing.id)),
    );
  }
  const results = (await ctx.db.batch(
    (cancelled ? [cancelled, ...writes] : writes) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  )) as unknown[];
  const cancelledIds = new Set(cancelled ? (results[0] as { id: number }[]).map((r) => r.id) : []);
  // the bell is the person's own object (ADR 051): emptied there, its alarm gone
  await ctx.ports.bells.erase(userId);
  // so is the list of their conversations (ADR 065)
  await ctx.ports.chatLists.erase(userId);
  // their archived bookings (ADR 062) lose the same part as the rows above
  await eraseFromArchive(ctx, userId);

  for (const slot of heldSlots) await ctx.ports.limits.release(slot.key, slot.id);

  // each other side hears of the cancelled booking in their own language
  for (const b of toCancel) {
    if (!cancelledIds.has(b.id)) continue;
    await bookingChanged(ctx, b.id, "cancelled");
    const customerLeft = b.customerId === userId;
    // a listing not on Dalil that accepted by its link hears at
    // its number that the job is off, as on any cancel (ADR 076)
    if (customerLeft)
      await tellListingOfChange(ctx, b.id, "cancelled", {
        heard: b.status === "accepted",
        accepted: b.status === "accepted",
      }).catch((err) => console.error("the listing's number was not told of a cancelled booking", err));
    const other = customerLeft ? b.providerUserId : b.customerId;
    if (!other || other === userId) continue;
    await notify(ctx, {
      userId: other,
      type: "booking",
      key: customerLeft ? "notices.bookingCustomerLeft" : "notices.bookingProviderLeft",
      params: { provider: b.providerName },
      relatedId: b.id,
    }).catch((err) => console.error("notice of a cancelled booking failed", err));
  }

  const attachmentUrls = requests.flatMap((r) => {
    try {
      const list = r.attachments ? (JSON.parse(r.attachments) as unknown) : [];
      return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : [];
    } catch {
      return [];
    }
  });
  await removeImages(ctx, [
    listing?.profileImage,
    ...applications.flatMap((a) => [a.license, a.image]),
    ...certificates.map((c) => c.url),
    ...attachmentUrls,
  ]);
}

/**
 * The outbox rows about a customer's bookings and conversations, by their dedupe keys: a listing's number told of a
 * booking or a day (`listing:<kind>:<bookingId>:<time>`) or of a first message (`listing:chat:<conversationId>`), and
 * chat messages relayed to either side's chats (`chat:<conversationId>:…`).
 */
function textsAbout(userId: number) {
  const key = outbox.dedupeKey;
  const herBookings = sql`select 1 from ${bookings} where ${bookings.customerId} = ${userId}`;
  const herChats = sql`select 1 from ${conversations} where ${conversations.customerId} = ${userId}`;
  return sql`((${key} like 'listing:%' and exists (${herBookings} and ${key} like 'listing:%:' || ${bookings.id} ||
    ':%'))
    or (${key} like 'listing:chat:%' and exists (${herChats} and ${key} = 'listing:chat:' || ${conversations.id}))
    or (${key} like 'chat:%' and exists (${herChats} and ${key} like 'chat:' || ${conversations.id} || ':%')))`;
}

export interface AccountFound {
  id: number;
  name: string;
  userType: "customer" | "provider";
  isPhoneVerified: boolean;
  createdAt: Date;
}

/** The admin finds the accounts on a phone number (a person asked through the contact page). */
export async function adminFindAccounts(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawPhone: unknown,
): Promise<AccountFound[]> {
  requireAdmin(ctx.actor);
  const phone = normalizeIraqiPhone(normalizeDigits(String(rawPhone ?? "")).trim());
  if (!phone) return [];
  return ctx.db
    .select({
      id: users.id,
      name: users.name,
      userType: users.userType,
      isPhoneVerified: users.isPhoneVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt), eq(users.isAdmin, false)))
    .limit(10);
}
