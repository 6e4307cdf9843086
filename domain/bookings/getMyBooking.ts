import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { bookingById } from "./createBooking";
import type { BookingView } from "./view";
import { eq } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import { idParam } from "../ids";

/** One booking, for its customer or its provider only. */
export async function getMyBooking(ctx: Pick<ServiceContext, "db" | "actor">, rawId: string): Promise<BookingView> {
  const { userId } = requireUser(ctx.actor);
  const booking = await bookingById(ctx, idParam(rawId, "errors.bookingNotFound"));
  if (booking.customerId === userId) return booking;
  const [listing] = await ctx.db.select({ userId: serviceProviders.userId }).from(serviceProviders).where(eq(serviceProviders.id, booking.providerId)).limit(1);
  if (listing?.userId === userId) return booking;
  throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
}
