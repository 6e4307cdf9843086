import { desc, eq } from "drizzle-orm";
import { bookings, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { bookingColumns, type BookingView } from "./view";

/** The signed-in user's bookings: the ones they asked for, and the ones asked of their listing. */
export async function listMyBookings(ctx: Pick<ServiceContext, "db" | "actor">): Promise<{ asCustomer: BookingView[]; asProvider: BookingView[] }> {
  const { userId } = requireUser(ctx.actor);
  const [asCustomer, asProvider] = await ctx.db.batch([
    ctx.db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(eq(bookings.customerId, userId))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(50),
    ctx.db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(eq(serviceProviders.userId, userId))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(50),
  ]);
  return { asCustomer, asProvider };
}
