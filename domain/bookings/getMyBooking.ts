import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { bookingById } from "./view";
import type { BookingView } from "./view";
import { eq } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import { idParam } from "../ids";
import { archivedBookingFor } from "./archive";

/**
 * One booking, for its customer or its provider only: from D1, or, once it has moved there, from the archive
 * (ADR 062). Anyone else is told it does not exist, whichever of the two holds it.
 */
export async function getMyBooking(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawId: string,
): Promise<BookingView> {
  const { userId } = requireUser(ctx.actor);
  const id = idParam(rawId, "errors.bookingNotFound");
  const booking = await bookingById(ctx, id).catch(async (err: unknown) => {
    const archived =
      err instanceof ServiceError && err.code === "NOT_FOUND" ? await archivedBookingFor(ctx, id, userId) : null;
    if (archived) return archived;
    throw err;
  });
  if (booking.archived) return booking;
  if (booking.customerId === userId) return booking;
  const [listing] = await ctx.db
    .select({ userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, booking.providerId))
    .limit(1);
  if (listing?.userId === userId) return booking;
  throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
}
