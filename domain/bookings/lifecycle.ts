import { and, eq } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { planBooking } from "../scheduler/plan";

/** What just happened to a booking. */
export type BookingEvent =
  "created" | "accepted" | "declined" | "moved" | "cancelled" | "completed" | "expired" | "reviewed" | "ownerChanged";

/**
 * The one place the booking verbs report a change, after their write: whatever follows a booking in time (reminders,
 * the review's ask: the scheduler, ADR 043) is planned again from the booking as it now is. Every verb that creates a
 * booking or changes its status or its day calls this.
 *
 * The booking's own write has happened and stands: a failure to plan is logged, not thrown at the person who
 * acted (the sender checks every message against the booking again anyway, so a stale plan sends nothing wrong).
 */
export async function bookingChanged(
  ctx: Pick<ServiceContext, "db" | "now">,
  bookingId: number,
  _event: BookingEvent,
): Promise<void> {
  try {
    await planBooking(ctx, bookingId);
  } catch (err) {
    console.error(`planning booking ${bookingId} failed`, err);
  }
}

/**
 * A listing got an owner (its number claimed it, ADR 047): its accepted bookings are planned again, so the owner's
 * own reminders join the customer's (a booking accepted by link was planned while no account could be reminded).
 */
export async function listingOwnerChanged(ctx: Pick<ServiceContext, "db" | "now">, providerId: number): Promise<void> {
  const open = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), eq(bookings.status, "accepted")));
  for (const b of open) await bookingChanged(ctx, b.id, "ownerChanged");
}
