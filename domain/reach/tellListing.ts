/**
 * A request reaches the listing's own number when no account owns the listing (issue #36 item 2, ADR 047): one
 * WhatsApp message where that number opted in (wrote to the bot and did not say STOP), otherwise one SMS, through
 * the outbox. It names the booking, the job in a few words and the day in the reader's words, and carries a link
 * with a single-use token bound to this booking and number. At most 3 a number a Baghdad day (taken atomically,
 * so parallel bookings cannot overshoot), none between 22:00 and 08:00 (held until 08:00), never after STOP.
 */
import { and, eq } from "drizzle-orm";
import { bookings, categories, channelLinks, listingRequests, serviceProviders, users } from "../../db/schema";
import { randomToken, sha256Hex } from "../accounts/tokens";
import type { Lang, ServiceContext } from "../context";
import { isServiceError } from "../errors";
import { iraqToday } from "../ids";
import { LIMITS, takeSlot } from "../rateLimit";
import { firstName } from "../text/localParams";
import { clip } from "../text/clip";
import { isStopped, mobileOf } from "./numbers";
import { quietUntil } from "./quietHours";
import { jobForStranger, markOutreachRefused, takeOutreach, wasOutreachRefused } from "./outreach";
import { withoutContacts } from "../text/withoutContacts";

/** The path of a listing link; the deliverer makes it absolute with the site's address. */
export const LISTING_LINK_PATH = "/r/";

export type TellOutcome = "sent" | "held" | "onDalil" | "noMobile" | "stopped" | "limited" | "outreach" | "notFound";

/** A fresh single-use token for one booking and number; the row stores only its SHA-256. */
export async function mintListingToken(
  ctx: Pick<ServiceContext, "db">,
  b: { bookingId: number; providerId: number; phone: string; channel: "sms" | "whatsapp"; kind: "booking" | "dayProposed"; sendAt?: Date | null },
): Promise<string> {
  const token = randomToken(24);
  await ctx.db.insert(listingRequests).values({ bookingId: b.bookingId, providerId: b.providerId, phone: b.phone, tokenHash: await sha256Hex(token), channel: b.channel, kind: b.kind, sendAt: b.sendAt ?? null });
  return token;
}

/**
 * Tells the listing's number of booking `bookingId` (a new request, or a day the customer proposed) when the
 * listing is not on Dalil yet. Never throws for a limit or a stop: the booking stands, and the customer's pages
 * already say that calling is quickest.
 */
export async function tellListingNumber(ctx: Pick<ServiceContext, "db" | "now" | "ports">, bookingId: number, kind: "booking" | "dayProposed" = "booking", extra: { day?: string; slot?: string } = {}): Promise<TellOutcome> {
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
  // a new request counts against the customer's outreach to strangers' numbers, shared with first chat messages (ADR 075)
  const reach = kind === "booking" ? await takeOutreach(ctx, row.customerId, phone) : null;
  if (kind === "booking" && !reach) {
    await markOutreachRefused(ctx, bookingId);
    return "outreach";
  }
  try {
    await takeSlot(ctx, LIMITS.listingNumber(phone, iraqToday(now)));
  } catch (err) {
    await reach?.release();
    if (isServiceError(err) && err.code === "RATE_LIMITED") return "limited";
    throw err;
  }
  const [customer] = await ctx.db.select({ name: users.name, language: users.language }).from(users).where(eq(users.id, row.customerId)).limit(1);
  // the request was written in the customer's language: the message is in it too (Sorani readers get Arabic
  // templates on WhatsApp, as everywhere, ADR 043)
  const lang: Lang = (customer?.language as Lang | undefined) ?? "ar";
  const [link] = await ctx.db
    .select({ optedIn: channelLinks.optedIn })
    .from(channelLinks)
    .where(and(eq(channelLinks.channel, "whatsapp"), eq(channelLinks.externalId, phone), eq(channelLinks.optedIn, true)))
    .limit(1);
  const channel = link ? "whatsapp" : "sms";
  const sendAt = quietUntil(now);
  const token = await mintListingToken(ctx, { bookingId, providerId: row.providerId, phone, channel, kind, sendAt });
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
    secret: { link: `${LISTING_LINK_PATH}${token}` },
    lang,
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
 * What the customer's confirmation can honestly promise for booking `bookingId` (issue #36 item 1): the listing
 * answers on Dalil; or its number was texted (or will be at 08:00); or nothing could be sent, so calling is the way.
 */
export async function requestPromise(ctx: Pick<ServiceContext, "db" | "now" | "ports">, bookingId: number, providerId: number): Promise<"onDalil" | "sent" | "held" | "notSent" | "outreach"> {
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
