/**
 * A listing's number at the bot (ADR 047): the chat proves the number (a WhatsApp message Twilio delivered from it, an
 * account that proved it with a contact share or a code), so it hears of every booking waiting for the listings no
 * account owns that carry that number, answers them with the same verbs a provider's account uses, and can claim those
 * listings: "This is my business: manage it on Dalil".
 */
import { listChatsOfNewOwner } from "../chat/moveChatLists";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import { accountForProvenPhone, type ChannelAccount } from "../accounts/channels";
import { isUniqueViolation } from "../accounts/claim";
import { bookingColumns, type BookingView } from "../bookings/view";
import { listingOwnerChanged } from "../bookings/lifecycle";
import type { Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";
import { notify } from "../notifications/notifications";
import { mobileOf, actsForListing, provenPhoneOf } from "./numbers";
import { LISTING_LINK_PATH, mintListingToken } from "./tellListing";

export interface NumberDesk {
  phone: string | null;
  /** the listings no account owns that carry this number */
  listings: { id: number; name: string; nameOther: string | null }[];
  /** their open bookings, waiting answers first, newest first */
  bookings: BookingView[];
}

/** The number as listings may store it: E.164, and the local form people type (07…). */
const storedForms = (e164: string) => [e164, `0${e164.slice(4)}`];

export async function numberDesk(ctx: Pick<ServiceContext, "db" | "actor">): Promise<NumberDesk> {
  const phone = await provenPhoneOf(ctx);
  if (!phone) return { phone: null, listings: [], bookings: [] };
  const listings = await ctx.db
    .select({
      id: serviceProviders.id,
      name: serviceProviders.name,
      nameOther: serviceProviders.nameOther,
      phone: serviceProviders.phone,
    })
    .from(serviceProviders)
    .where(
      and(
        inArray(serviceProviders.phone, storedForms(phone)),
        isNull(serviceProviders.userId),
        isNull(serviceProviders.hiddenAt),
      ),
    )
    .limit(10);
  const mine = listings.filter((l) => mobileOf(l.phone) === phone);
  if (!mine.length) return { phone, listings: [], bookings: [] };
  const open = await ctx.db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(
      and(
        inArray(
          bookings.providerId,
          mine.map((l) => l.id),
        ),
        inArray(bookings.status, ["pending", "accepted"]),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(20);
  open.sort((a, b) => (a.status === b.status ? 0 : a.status === "pending" ? -1 : 1));
  return { phone, listings: mine.map(({ id, name, nameOther }) => ({ id, name, nameOther })), bookings: open };
}

/** A fresh link for one of the number's bookings, given in the chat that proves the number (not an SMS: no limit). */
export async function linkForNumber(ctx: Pick<ServiceContext, "db" | "actor">, rawBookingId: string): Promise<string> {
  const id = idParam(rawBookingId, "errors.bookingNotFound");
  const [row] = await ctx.db
    .select({
      id: bookings.id,
      providerId: bookings.providerId,
      providerUserId: serviceProviders.userId,
      providerPhone: serviceProviders.phone,
      status: bookings.status,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row || !(await actsForListing(ctx, row))) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (row.status !== "pending" && row.status !== "accepted")
    throw new ServiceError("CONFLICT", "reach.errors.linkClosed");
  const token = await mintListingToken(ctx, {
    bookingId: row.id,
    providerId: row.providerId,
    phone: mobileOf(row.providerPhone)!,
    channel: "whatsapp",
    kind: "booking",
  });
  return `${LISTING_LINK_PATH}${token}`;
}

/**
 * "This is my business": the number claims listing `rawProviderId`. Only a listing that carries the number the
 * message proves, and that no account owns; the account is the number's verified holder, or a new one made by
 * this very proof (ADR 022's claim rule). The admins are told. The verified badge keeps its own rules.
 */
export async function claimListingByNumber(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports" | "now">,
  rawProviderId: string,
  who: { name: string; lang: Lang },
): Promise<{ account: ChannelAccount; listing: { id: number; name: string } }> {
  const providerId = idParam(rawProviderId, "errors.providerNotFound");
  const phone = await provenPhoneOf(ctx);
  const [listing] = await ctx.db
    .select({
      id: serviceProviders.id,
      name: serviceProviders.name,
      phone: serviceProviders.phone,
      userId: serviceProviders.userId,
    })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, providerId), isNull(serviceProviders.hiddenAt)))
    .limit(1);
  if (!listing) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  if (listing.userId != null) throw new ServiceError("CONFLICT", "reach.bot.alreadyOwned");
  if (!phone || mobileOf(listing.phone) !== phone) throw new ServiceError("FORBIDDEN", "reach.bot.notYourNumber");
  const account = await accountForProvenPhone(ctx, phone, who.name, who.lang);
  const [owns] = await ctx.db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, account.userId))
    .limit(1);
  if (owns) throw new ServiceError("CONFLICT", "reach.bot.ownsAnother");
  let attached: { id: number }[];
  try {
    [attached] = await ctx.db.batch([
      // the guard decides: two claims at once, one wins
      ctx.db
        .update(serviceProviders)
        .set({ userId: account.userId, updatedAt: ctx.now() })
        .where(and(eq(serviceProviders.id, providerId), isNull(serviceProviders.userId)))
        .returning({ id: serviceProviders.id }),
      ctx.db
        .update(users)
        .set({ userType: "provider" })
        .where(and(eq(users.id, account.userId), eq(users.userType, "customer"))),
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ServiceError("CONFLICT", "reach.bot.ownsAnother");
    throw err;
  }
  if (!attached.length) throw new ServiceError("CONFLICT", "reach.bot.alreadyOwned");
  // the listing's conversations so far are the owner's now: into their own list (ADR 065)
  await listChatsOfNewOwner(ctx, providerId);
  // and its accepted bookings remind the owner too (ADR 043)
  await listingOwnerChanged(ctx, providerId);
  const admins = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)));
  for (const admin of admins) {
    await notify(ctx, {
      userId: admin.id,
      type: "listing_claimed",
      key: "reach.notices.claimed",
      params: { name: listing.name, providerId, phone },
    });
  }
  return { account: { ...account, userType: "provider" }, listing: { id: listing.id, name: listing.name } };
}
