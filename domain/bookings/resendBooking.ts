import { and, eq, inArray } from "drizzle-orm";
import { bookings } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam, iraqToday } from "../ids";
import { createBooking } from "./createBooking";
import type { BookingView } from "./view";

/**
 * One tap from an unanswered request's notice (ADR 047): the same request again, to another listing, with its job,
 * address and day kept (a day already past is left open). Only the request's customer, only a request that ended
 * unanswered or declined; a second tap returns the booking the first one made.
 */
export async function resendBooking(
  ctx: ServiceContext,
  rawBookingId: string,
  rawProviderId: string,
): Promise<{ booking: BookingView; created: boolean }> {
  const { userId } = requireUser(ctx.actor);
  const id = idParam(rawBookingId, "errors.bookingNotFound");
  const providerId = idParam(rawProviderId, "errors.providerNotFound");
  const [b] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!b || b.customerId !== userId) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (b.status !== "expired" && b.status !== "declined") throw new ServiceError("CONFLICT", "errors.bookingState");
  const day = b.preferredDate && b.preferredDate >= iraqToday(ctx.now()) ? b.preferredDate : undefined;
  return createBooking(ctx, {
    providerId,
    serviceDescription: b.serviceDescription,
    customerLocation: b.customerLocation,
    customerPhone: b.customerPhone,
    ...(day ? { preferredDate: day, preferredTime: b.preferredTime ?? "flexible" } : {}),
    urgency: b.urgency,
    ...(b.notes ? { notes: b.notes } : {}),
    idempotencyKey: resendKey(id, providerId),
  });
}

/** The one tap's key: a second tap to the same listing returns the booking the first made. */
const resendKey = (bookingId: number, providerId: number) => `resend-${bookingId}-${providerId}`;

/**
 * Which of these listings the customer's unanswered request was already sent on to (the card then says "Sent to …").
 */
export async function resentTo(
  ctx: Pick<ServiceContext, "db" | "actor">,
  bookingId: number,
  providerIds: number[],
): Promise<number[]> {
  const { userId } = requireUser(ctx.actor);
  if (!providerIds.length) return [];
  const keys = providerIds.map((p) => resendKey(bookingId, p));
  const rows = await ctx.db
    .select({ providerId: bookings.providerId })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), inArray(bookings.idempotencyKey, keys)));
  return rows.map((r) => r.providerId);
}
