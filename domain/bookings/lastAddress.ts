import { and, desc, eq, ne } from "drizzle-orm";
import { bookings } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";

/**
 * The address of the signed-in customer's newest booking that has one: what the booking form offers again, on the web
 * as in the bot. Null for a first booking.
 */
export async function lastBookingAddress(ctx: Pick<ServiceContext, "db" | "actor">): Promise<string | null> {
  const { userId } = requireUser(ctx.actor);
  const [row] = await ctx.db
    .select({ location: bookings.customerLocation })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), ne(bookings.customerLocation, "")))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1);
  return row?.location ?? null;
}
