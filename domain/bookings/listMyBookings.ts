import { desc, eq, type SQL } from "drizzle-orm";
import { bookings, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { bookingColumns, type BookingView } from "./view";

const MY_BOOKINGS_LIMIT = 50;

/** The signed-in user's bookings: the ones they asked for, and the ones asked of their listing. */
export async function listMyBookings(
  ctx: Pick<ServiceContext, "db" | "actor">,
): Promise<{ asCustomer: BookingView[]; asProvider: BookingView[] }> {
  const { userId } = requireUser(ctx.actor);
  const newestWhere = (condition: SQL) =>
    ctx.db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(condition)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(MY_BOOKINGS_LIMIT);
  const [asCustomer, asProvider] = await ctx.db.batch([
    newestWhere(eq(bookings.customerId, userId)),
    newestWhere(eq(serviceProviders.userId, userId)),
  ]);
  return { asCustomer, asProvider };
}
