import { eq } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";

/** A booking as one of its two sides sees it, for the verbs after the booking (issue #28): who asks, and as which side. */
export async function bookingForParticipant(ctx: Pick<ServiceContext, "db" | "actor">, rawId: string) {
  const actor = requireUser(ctx.actor);
  const id = idParam(rawId, "errors.bookingNotFound", "VALIDATION");
  const [row] = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      customerId: bookings.customerId,
      customerName: users.name,
      providerId: bookings.providerId,
      providerUserId: serviceProviders.userId,
      providerName: serviceProviders.name,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      providerWeek: serviceProviders.week,
      customerConfirmedAt: bookings.customerConfirmedAt,
      noShow: bookings.noShow,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, id))
    .limit(1);
  const side = row?.customerId === actor.userId ? "customer" : row?.providerUserId != null && row.providerUserId === actor.userId ? "provider" : null;
  // someone else's booking doesn't exist, as far as this user can tell
  if (!row || !side) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  return { ...row, side: side as "customer" | "provider", userId: actor.userId };
}
