import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";

/**
 * No-shows for the admin page: listings whose provider did not come, and customers who were not there, most first,
 * counting the claims nobody contested; and, apart, the newest contested claims, each with the absent side's answer
 * (ADR 056). Read through the partial index on recorded no-shows (migration 0014).
 */
export async function noShowCounts(ctx: Pick<ServiceContext, "db" | "actor">, limit = 20) {
  requireAdmin(ctx.actor);
  const [byListing, byCustomer, contested] = await ctx.db.batch([
    ctx.db
      .select({ providerId: bookings.providerId, name: serviceProviders.name, count: count() })
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(and(isNotNull(bookings.noShow), eq(bookings.noShow, "provider"), isNull(bookings.noShowAnswer)))
      .groupBy(bookings.providerId)
      .orderBy(desc(count()))
      .limit(limit),
    ctx.db
      .select({ customerId: bookings.customerId, name: users.name, count: count() })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .where(and(isNotNull(bookings.noShow), eq(bookings.noShow, "customer"), isNull(bookings.noShowAnswer)))
      .groupBy(bookings.customerId)
      .orderBy(desc(count()))
      .limit(limit),
    ctx.db
      .select({
        bookingId: bookings.id,
        providerId: bookings.providerId,
        listing: serviceProviders.name,
        // a subquery, not a second join: two columns called "name" in one batched row would collide
        customer: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${bookings.customerId})`,
        absent: bookings.noShow,
        claimedAt: bookings.noShowAt,
        answer: bookings.noShowAnswer,
        answeredAt: bookings.noShowAnswerAt,
      })
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(and(isNotNull(bookings.noShow), isNotNull(bookings.noShowAnswer)))
      .orderBy(desc(bookings.noShowAt))
      .limit(limit),
  ]);
  return {
    byListing,
    byCustomer,
    contested: contested.map((c) => ({ ...c, absent: c.absent as "customer" | "provider", answer: c.answer ?? "" })),
  };
}
