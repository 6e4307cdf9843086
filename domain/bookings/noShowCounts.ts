import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";

/**
 * No-shows for the admin page (issue #28 item 7): listings whose provider did not come, and customers who were not
 * there, most first. Read through the partial index on recorded no-shows (migration 0014).
 */
export async function noShowCounts(ctx: Pick<ServiceContext, "db" | "actor">, limit = 20) {
  requireAdmin(ctx.actor);
  const [byListing, byCustomer] = await ctx.db.batch([
    ctx.db
      .select({ providerId: bookings.providerId, name: serviceProviders.name, count: count() })
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(and(isNotNull(bookings.noShow), eq(bookings.noShow, "provider")))
      .groupBy(bookings.providerId)
      .orderBy(desc(count()))
      .limit(limit),
    ctx.db
      .select({ customerId: bookings.customerId, name: users.name, count: count() })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .where(and(isNotNull(bookings.noShow), eq(bookings.noShow, "customer")))
      .groupBy(bookings.customerId)
      .orderBy(desc(count()))
      .limit(limit),
  ]);
  return { byListing, byCustomer };
}
