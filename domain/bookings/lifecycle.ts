import type { ServiceContext } from "../context";
import { planBooking } from "../scheduler/plan";

/** What just happened to a booking. */
export type BookingEvent = "created" | "accepted" | "declined" | "moved" | "cancelled" | "completed" | "expired" | "reviewed";

/**
 * The one place the booking verbs report a change, after their write: whatever follows a booking in time
 * (reminders, the review's ask: the scheduler of issue #28, ADR 043) is planned again from the booking as it now is.
 * Every verb that creates a booking or changes its status or its day calls this.
 *
 * The booking's own write has happened and stands: a failure to plan is logged, not thrown at the person who
 * acted (the sender checks every message against the booking again anyway, so a stale plan sends nothing wrong).
 */
export async function bookingChanged(ctx: Pick<ServiceContext, "db" | "now">, bookingId: number, _event: BookingEvent): Promise<void> {
  try {
    await planBooking(ctx, bookingId);
  } catch (err) {
    console.error(`planning booking ${bookingId} failed`, err);
  }
}
