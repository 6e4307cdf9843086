import { and, eq, inArray, lt } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notify } from "../notifications/notifications";
import { bookingChanged } from "./lifecycle";

export const PENDING_BOOKING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A request nobody answered in 24 hours expires (PRODUCT.md), and the customer is told to contact the
 * provider or search again. Run by the Worker's cron; safe to run twice (the UPDATE carries the state).
 */
export async function expireStaleBookings(ctx: Pick<ServiceContext, "db" | "now" | "ports">): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - PENDING_BOOKING_TTL_MS);
  const stale = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "pending"), lt(bookings.createdAt, cutoff)))
    .limit(200);
  if (stale.length === 0) return 0;
  const expired = await ctx.db
    .update(bookings)
    .set({ status: "expired", updatedAt: ctx.now() })
    .where(and(inArray(bookings.id, stale.map((s) => s.id)), eq(bookings.status, "pending")))
    .returning({ id: bookings.id, customerId: bookings.customerId });
  for (const b of expired) {
    await bookingChanged(ctx, b.id, "expired");
    await notify(ctx, { userId: b.customerId, type: "booking", key: "notices.bookingExpired", params: { id: b.id }, relatedId: b.id });
  }
  return expired.length;
}
