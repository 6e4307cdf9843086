import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { bookings, serviceProviders } from "../../db/schema";
import { countOnDay } from "../analytics/countOnDay";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { bookingById } from "./view";
import { parsePaymentAmount, paymentInsert } from "./recordPayment";
import type { BookingStatus, BookingView } from "./view";
import { idParam } from "../ids";
import { bookingChanged, type BookingEvent } from "./lifecycle";
import { actsForListing, userOrNumber } from "../reach/numbers";
import { refreshAnswers } from "../reach/answers";
import { tellListingOfChange } from "../reach/tellListing";
import { doneOpen } from "./afterBookingRules";
import { parseWeek, slotHoursOf } from "../providers/weekRules";

export const BOOKING_ACTIONS = ["accept", "decline", "complete", "cancel", "withdraw"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * Who may move a booking where (PRODUCT.md): the provider accepts or declines a pending request and completes an
 * accepted one; the customer cancels while it is pending or accepted. A provider who can't make it to an accepted
 * booking cancels it ("withdraw", ADR 044), and the customer is told.
 */
const RULES: Record<
  BookingAction,
  { by: "provider" | "customer"; from: BookingStatus[]; to: BookingStatus; notice: string }
> = {
  accept: { by: "provider", from: ["pending"], to: "accepted", notice: "notices.bookingAccepted" },
  decline: { by: "provider", from: ["pending"], to: "declined", notice: "notices.bookingDeclined" },
  complete: { by: "provider", from: ["accepted"], to: "completed", notice: "notices.bookingCompleted" },
  cancel: { by: "customer", from: ["pending", "accepted"], to: "cancelled", notice: "notices.bookingCancelled" },
  withdraw: { by: "provider", from: ["accepted"], to: "cancelled", notice: "notices.bookingWithdrawn" },
};

/** What each status change is, for whatever follows a booking in time (lifecycle.ts). */
const EVENT: Partial<Record<BookingStatus, BookingEvent>> = {
  accepted: "accepted",
  declined: "declined",
  completed: "completed",
  cancelled: "cancelled",
};

export async function changeBookingStatus(
  ctx: ServiceContext,
  rawId: string,
  action: BookingAction,
  extra?: unknown,
): Promise<BookingView> {
  // a listing's number answers without an account (a link it was sent, its WhatsApp; ADR 047); everyone else signs in
  const actor = userOrNumber(ctx.actor);
  const rule = RULES[action];
  if (!rule) throw new ServiceError("NOT_FOUND", "errors.notFound");
  const id = idParam(rawId, "errors.bookingNotFound", "VALIDATION");

  const [row] = await ctx.db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      providerId: bookings.providerId,
      status: bookings.status,
      noShow: bookings.noShow,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      week: serviceProviders.week,
      providerUserId: serviceProviders.userId,
      providerName: serviceProviders.name,
      providerPhone: serviceProviders.phone,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, id))
    .limit(1);
  const isCustomer = actor !== null && row?.customerId === actor.userId;
  const isProvider =
    (actor !== null && row?.providerUserId != null && row.providerUserId === actor.userId) ||
    (row !== undefined && (await actsForListing(ctx, row)));
  // someone else's booking doesn't exist, as far as this user can tell
  if (!row || (!isCustomer && !isProvider)) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if ((rule.by === "provider" && !isProvider) || (rule.by === "customer" && !isCustomer))
    throw new ServiceError("FORBIDDEN", "errors.forbidden");
  // once "did not come" is recorded, "Done" has left the booking (ADR 056)
  const noneAbsent = rule.to === "completed" ? isNull(bookings.noShow) : undefined;
  if (noneAbsent && row.noShow) throw new ServiceError("CONFLICT", "errors.noShowRecordedAlready");
  const now = ctx.now();
  // a job is done once its time has begun: "Done" a day early would ask the customer for a review of nothing yet
  if (rule.to === "completed" && !doneOpen(row, now, slotHoursOf(parseWeek(row.week))))
    throw new ServiceError("VALIDATION", "errors.doneTooEarly");

  const responded = rule.to === "accepted" || rule.to === "declined";
  const update = ctx.db
    .update(bookings)
    .set({ status: rule.to, updatedAt: now, ...(responded ? { respondedAt: now } : {}) })
    .where(and(eq(bookings.id, id), inArray(bookings.status, rule.from), noneAbsent))
    .returning({ id: bookings.id });
  // on "complete" the provider may record the cash received (ADR
  // 012): stored in the same batch, only if this update happened
  const amount = rule.to === "completed" ? parsePaymentAmount(extra) : null;
  // counted only if this request's UPDATE happened (a double tap counts once)
  const happened = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${id}
    and ${bookings.status} = ${rule.to} and ${bookings.updatedAt} = ${now.getTime()})`;
  const counters =
    rule.to === "completed"
      ? countOnDay(ctx, row.providerId, { completedServices: 1, revenue: amount ?? 0 }, happened)
      : rule.to === "accepted"
        ? countOnDay(ctx, row.providerId, { acceptedBookings: 1 }, happened)
        : null;
  const payment = amount !== null ? paymentInsert(ctx, id, amount, now) : null;
  const [updated] =
    payment && counters
      ? await ctx.db.batch([update, payment, counters])
      : counters
        ? await ctx.db.batch([update, counters])
        : await ctx.db.batch([update]);
  // the guard in the UPDATE decides: a double tap or a stale page changes nothing
  if (updated.length === 0) throw new ServiceError("CONFLICT", "errors.bookingState");
  // the other side's alert first: the answers row and the reminders' plan
  // are not on the path of the frame that reaches their open page (ADR 069)
  const otherSide = rule.by === "provider" ? row.customerId : row.providerUserId;
  if (otherSide)
    await notify(ctx, {
      userId: otherSide,
      type: "booking",
      key: rule.notice,
      params: { provider: row.providerName, id },
      relatedId: id,
    });
  // a listing not on Dalil hears of a cancellation at its number,
  // as it heard of the request; a job it accepted, always (ADR 076)
  if (action === "cancel")
    await tellListingOfChange(ctx, id, "cancelled", {
      heard: row.status === "accepted",
      accepted: row.status === "accepted",
    });

  // who answers, and how fast (ADR 052): the listing's row counts this first answer
  if (responded) await refreshAnswers(ctx, [row.providerId]);

  const event = EVENT[rule.to];
  if (event) await bookingChanged(ctx, id, event);
  // the one who acted sees it on every open screen too (accepted from WhatsApp, shown on the web at once)
  if (actor)
    await ctx.ports.notifier
      .notifyUser(actor.userId, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  return bookingById(ctx, id);
}
