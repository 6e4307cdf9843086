import type { ServiceContext } from "../context";

/** What just happened to a booking. */
export type BookingEvent = "created" | "accepted" | "declined" | "moved" | "cancelled" | "completed" | "expired";

/**
 * The one place the booking verbs report a change, after their write: whatever follows a booking in time
 * (reminders, the review's ask: the scheduler of issue #28) is planned again from the booking as it now is.
 * Every verb that creates a booking or changes its status or its day calls this.
 */
export async function bookingChanged(_ctx: ServiceContext, _bookingId: number, _event: BookingEvent): Promise<void> {
  // The scheduler (issue #28) plans here.
}
