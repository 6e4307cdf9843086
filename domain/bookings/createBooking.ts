import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { bookings, serviceProviders } from "../../db/schema";
import { countOnDay } from "../analytics/countOnDay";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { LIMITS, releaseOnError, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { bookingSchema } from "./schemas";
import { bookingById, jobLine, type BookingView } from "./view";
import { firstName } from "../text/localParams";
import { clip } from "../text/clip";
import { bookingChanged } from "./lifecycle";
import { assertOpen, listingWeek } from "../providers/week";
import { tellListingNumber } from "../reach/tellListing";
import { reachOf } from "../reach/numbers";
import { randomToken } from "../accounts/tokens";
import { depositAskedBy } from "../payments/deposit";

/**
 * A new booking's idempotency key (the booking form's hidden field, the bot's draft): 8 characters, 48 random bits.
 * It only has to differ among one customer's own bookings (the unique index is customer_id, idempotency_key), and D1
 * stores it twice, in the row and in that index (ADR 069). A UUID took 36 characters there.
 */
export const newBookingKey = (): string => randomToken(6);

/**
 * The rules for booking a listing, whichever door the booking comes through (the booking form, or a
 * customer accepting a quote): the customer has proven their phone (ADR 009), the listing exists and is
 * not hidden, and it isn't the customer's own.
 */
export async function bookableProvider(
  ctx: Pick<ServiceContext, "db">,
  customerId: number,
  providerId: number,
): Promise<{ id: number; userId: number | null; name: string }> {
  await requireVerifiedPhone(ctx, customerId);
  const [provider] = await ctx.db
    .select({ id: serviceProviders.id, userId: serviceProviders.userId, name: serviceProviders.name })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, providerId), isNull(serviceProviders.hiddenAt)))
    .limit(1);
  if (!provider) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  if (provider.userId === customerId) throw new ServiceError("VALIDATION", "errors.ownListing");
  // a listing whose number said STOP (and no account owns) can only be called (ADR 047)
  if ((await reachOf(ctx, provider.id)).callOnly) throw new ServiceError("CONFLICT", "reach.errors.callOnly");
  return provider;
}

/**
 * A signed-in customer asks a provider for a service. The customer is always the session's user;
 * a repeated idempotency key returns the booking already made instead of a second one.
 */
export async function createBooking(
  ctx: ServiceContext,
  raw: unknown,
): Promise<{ booking: BookingView; created: boolean }> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(bookingSchema(ctx.now()), raw);

  if (input.idempotencyKey) {
    const [existing] = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.customerId, actor.userId), eq(bookings.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (existing) return { booking: await finishAlerts(ctx, existing.id), created: false };
  }
  const provider = await bookableProvider(ctx, actor.userId, input.providerId);
  // only a day and a part of it the listing works (its week, ADR 044)
  assertOpen(await listingWeek(ctx, provider.id), input.preferredDate, input.preferredTime);

  // the slot is taken before the insert (parallel requests cannot overshoot) and given back if nothing was booked
  const slot = await takeSlot(ctx, LIMITS.booking(actor.userId));

  const [inserted] = await releaseOnError(slot, () =>
    ctx.db.batch([
      ctx.db
        .insert(bookings)
        .values({
          customerId: actor.userId,
          providerId: provider.id,
          serviceDescription: input.serviceDescription,
          preferredDate: input.preferredDate ?? null,
          preferredTime: input.preferredTime ?? null,
          customerLocation: input.customerLocation,
          customerPhone: input.customerPhone,
          urgency: input.urgency,
          notes: input.notes ?? null,
          idempotencyKey: input.idempotencyKey ?? null,
          // held by this request until its alerts are sent
          alertsDue: ctx.now(),
        })
        .onConflictDoNothing()
        .returning({ id: bookings.id }),
      // counted only when the insert above made the booking: a key replayed at the same moment adds no second request
      countOnDay(ctx, provider.id, { bookingRequests: 1 }, sql`changes() = 1`),
    ]),
  );

  if (!inserted[0]) {
    await slot.release();
    // the same key arrived twice at once: the other request made the booking
    const [winner] = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.customerId, actor.userId), eq(bookings.idempotencyKey, input.idempotencyKey ?? "")))
      .limit(1);
    if (!winner) throw new ServiceError("CONFLICT", "errors.conflict");
    return { booking: await finishAlerts(ctx, winner.id), created: false };
  }

  const booking = await finishAlerts(ctx, inserted[0].id, true);
  // the customer's own screens (booked from the bot, /bookings open on the web) show it at once
  await ctx.ports.notifier
    .notifyUser(actor.userId, { type: "changed", topic: "booking" })
    .catch((e) => console.error("live refresh failed", e));
  return { booking, created: true };
}

/** how long a request sending a booking's alerts holds them before a retry or the minute sweep may take them over */
export const ALERTS_CLAIM_MS = 60_000;

/**
 * A saved booking's alerts, sent by the one request holding `alerts_due` (ADR 084): the request that saved the row
 * (`held`), or a retry with the same key, or the minute sweep, once the holder gave them back (0) or died holding them.
 * Sent, the column is emptied; a failure gives the claim back for the next retry.
 */
async function finishAlerts(ctx: ServiceContext, bookingId: number, held = false): Promise<BookingView> {
  return (await sendHeldAlerts(ctx, bookingId, held)).booking;
}

async function sendHeldAlerts(
  ctx: ServiceContext,
  bookingId: number,
  held: boolean,
): Promise<{ booking: BookingView; sent: boolean }> {
  const booking = await bookingById(ctx, bookingId);
  if (!held) {
    const now = ctx.now();
    const claimed = await ctx.db
      .update(bookings)
      .set({ alertsDue: now })
      .where(and(eq(bookings.id, bookingId), lte(bookings.alertsDue, new Date(now.getTime() - ALERTS_CLAIM_MS))))
      .returning({ id: bookings.id });
    if (!claimed[0]) return { booking, sent: false };
  }
  try {
    await sendAlerts(ctx, booking);
  } catch (err) {
    await ctx.db
      .update(bookings)
      .set({ alertsDue: new Date(0) })
      .where(eq(bookings.id, bookingId));
    throw err;
  }
  await ctx.db.update(bookings).set({ alertsDue: null }).where(eq(bookings.id, bookingId));
  return { booking, sent: true };
}

/**
 * The minute sweep: bookings whose sending request died holding their alerts (a Worker stopped mid-request) are told.
 */
export async function tellUntoldBookings(ctx: ServiceContext, limit = 20): Promise<{ told: number }> {
  const stale = new Date(ctx.now().getTime() - ALERTS_CLAIM_MS);
  const rows = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(lte(bookings.alertsDue, stale))
    .limit(limit);
  let told = 0;
  for (const { id } of rows) {
    try {
      if ((await sendHeldAlerts(ctx, id, false)).sent) told++;
    } catch (err) {
      console.error("a booking's alerts failed again", id, err);
    }
  }
  return { told };
}

async function sendAlerts(ctx: ServiceContext, booking: BookingView): Promise<void> {
  const [provider] = await ctx.db
    .select({ userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, booking.providerId))
    .limit(1);
  // the provider's alert first: the reminders' plan and the listing's number are not on the path of the frame that
  // reaches the provider's open page (ADR 069)
  if (provider?.userId) {
    await notify(ctx, {
      userId: provider.userId,
      type: "booking",
      key: "notices.bookingAlert",
      params: bookingAlertParams(booking),
      relatedId: booking.id,
      // each answer names its booking: stacked alerts stay answerable one by one
      choices: [
        { key: "bot.acceptBooking", action: `booking:accept:${booking.id}` },
        { key: "bot.declineBooking", action: `booking:decline:${booking.id}` },
      ],
    });
  }
  await bookingChanged(ctx, booking.id, "created");
  // a listing not on Dalil yet hears of it at its own number: SMS, or WhatsApp where it opted in (ADR 047)
  await tellListingNumber(ctx, booking.id, "booking");
  // booked on the web (or told by the sweep) with a deposit asked: the customer's chats can pay it too (the bot's
  // confirmation offers it itself)
  const fromChat = ctx.actor.kind === "telegram" || ctx.actor.kind === "whatsapp";
  const deposit = fromChat ? null : await depositAskedBy(ctx, booking.providerId);
  if (deposit) {
    const choices = [{ key: "payments.chat.payDeposit", action: `dp:${booking.id}` }];
    await notify(ctx, {
      userId: booking.customerId,
      type: "booking",
      key: "notices.depositAsked",
      params: { amount: deposit },
      relatedId: booking.id,
      choices,
    });
  }
}

/**
 * What a provider needs to decide on a booking from one alert: its number, the customer's first name, the day and slot,
 * the area, the urgency and the job. `day`, `slot` and `urgency` are stored as values and worded in the reader's
 * language when read (domain/text/localParams.ts).
 */
export function bookingAlertParams(
  b: Pick<
    BookingView,
    "customerName" | "preferredDate" | "preferredTime" | "customerLocation" | "urgency" | "serviceDescription"
  >,
) {
  return {
    customer: firstName(b.customerName ?? ""),
    day: b.preferredDate ?? "",
    slot: b.preferredTime ?? "flexible",
    area: clip(b.customerLocation, 60),
    urgency: b.urgency,
    service: jobLine(b.serviceDescription, 160),
  };
}
