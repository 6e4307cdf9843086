import { and, eq, isNull } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { firstName } from "../text/localParams";
import { bookingForParticipant } from "./participants";

/**
 * The customer's "Confirm" on a reminder: recorded on the booking once, and the provider is told once (a second tap
 * says it is confirmed and tells nobody again). Only the booking's customer, only while accepted.
 */
export async function confirmBooking(
  ctx: ServiceContext,
  rawId: string,
): Promise<{ id: number; providerName: string; first: boolean }> {
  const b = await bookingForParticipant(ctx, rawId);
  if (b.side !== "customer") throw new ServiceError("FORBIDDEN", "errors.forbidden");
  if (b.status !== "accepted") throw new ServiceError("CONFLICT", "errors.confirmState");
  const done = await ctx.db
    .update(bookings)
    .set({ customerConfirmedAt: ctx.now() })
    .where(and(eq(bookings.id, b.id), eq(bookings.status, "accepted"), isNull(bookings.customerConfirmedAt)))
    .returning({ id: bookings.id });
  if (done.length && b.providerUserId) {
    await notify(ctx, {
      userId: b.providerUserId,
      type: "booking",
      key: "notices.bookingConfirmed",
      params: {
        customer: firstName(b.customerName ?? ""),
        day: b.preferredDate ?? "",
        slot: b.preferredTime ?? "flexible",
      },
      relatedId: b.id,
    });
  }
  return { id: b.id, providerName: b.providerName, first: done.length > 0 };
}
