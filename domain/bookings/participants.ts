import { eq } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import { actsForListing, userOrNumber } from "../reach/numbers";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";

/**
 * A booking as one of its two sides sees it, for the verbs after the booking: who asks, and as which side.
 */
export async function bookingForParticipant(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawId: string,
  opts: { listingNumber?: boolean } = {},
) {
  // a listing's number (its link, its WhatsApp) answers for a
  // listing no account owns, where the verb allows it (ADR 047)
  const actor = opts.listingNumber ? userOrNumber(ctx.actor) : requireUser(ctx.actor);
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
      providerPhone: serviceProviders.phone,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      providerWeek: serviceProviders.week,
      customerConfirmedAt: bookings.customerConfirmedAt,
      noShow: bookings.noShow,
      noShowAt: bookings.noShowAt,
      noShowAnswer: bookings.noShowAnswer,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, id))
    .limit(1);
  const side =
    actor && row?.customerId === actor.userId
      ? "customer"
      : (actor && row?.providerUserId != null && row.providerUserId === actor.userId) ||
          (row && opts.listingNumber && (await actsForListing(ctx, row)))
        ? "provider"
        : null;
  // someone else's booking doesn't exist, as far as this user can tell
  if (!row || !side) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  return { ...row, side: side as "customer" | "provider", userId: actor?.userId ?? null };
}
