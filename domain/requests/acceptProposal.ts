import { cityIn, listInLanguage } from "../text/listInLanguage";
import { bookingChanged } from "../bookings/lifecycle";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { bookings, cities, providerProposals, serviceRequests, users } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import { countOnDay } from "../analytics/countOnDay";
import { bookableProvider } from "../bookings/createBooking";
import { bookingById } from "../bookings/view";
import type { BookingView } from "../bookings/view";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { selectRowWhere } from "../providers/writeProvider";
import { LIMITS, releaseOnError, takeSlot } from "../rateLimit";
import { parseRequestId } from "./readRequests";
import { REQUEST_OPEN_DAYS } from "./schemas";

/**
 * The customer accepts one quote: the booking is made (already accepted: the provider offered it),
 * the quote is marked accepted, the other quotes declined and the request closed — ONE D1 batch whose
 * first statement closes the request only if it is still open. A second accept (a double tap, or two
 * tabs accepting two quotes at once) finds it closed: every later statement is guarded on this
 * request being closed by THIS batch's quote, so it changes nothing, and the caller gets 409.
 */
export async function acceptProposal(
  ctx: ServiceContext,
  rawRequestId: string,
  rawProposalId: string,
): Promise<BookingView> {
  const { userId } = requireUser(ctx.actor);
  const requestId = parseRequestId(rawRequestId);
  const proposalId = parseRequestId(rawProposalId);
  const [found] = await ctx.db
    .select({
      customerId: serviceRequests.customerId,
      status: serviceRequests.status,
      title: serviceRequests.title,
      description: serviceRequests.description,
      urgency: serviceRequests.urgency,
      location: serviceRequests.preferredLocation,
      city: serviceRequests.city,
      cityAr: cities.nameAr,
      cityKu: cities.nameKu,
      customerLanguage: users.language,
      providerId: providerProposals.providerId,
      proposalStatus: providerProposals.status,
      price: providerProposals.quotedPrice,
      availableOn: providerProposals.availabilityDate,
      customerPhone: users.phone,
    })
    .from(providerProposals)
    .innerJoin(serviceRequests, eq(serviceRequests.id, providerProposals.serviceRequestId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .leftJoin(cities, eq(cities.id, serviceRequests.cityId))
    .where(and(eq(providerProposals.id, proposalId), eq(providerProposals.serviceRequestId, requestId)))
    .limit(1);
  // someone else's request doesn't exist, as far as this user can tell
  if (!found || found.customerId !== userId) throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  if (found.status !== "open" || found.proposalStatus !== "pending")
    throw new ServiceError("CONFLICT", "errors.requestClosed");
  // the same rules as the booking form (listing not hidden, not one's own; the booking limit)
  const provider = await bookableProvider(ctx, userId, found.providerId);
  const slot = await takeSlot(ctx, LIMITS.booking(userId));

  const now = ctx.now();
  const since = new Date(now.getTime() - REQUEST_OPEN_DAYS * 24 * 60 * 60 * 1000);
  const key = `service-request:${requestId}`;
  // "this batch closed the request for this quote": the quote is still pending and the request closed
  const mine = sql`exists (select 1 from ${serviceRequests} where ${serviceRequests.id} = ${requestId}
    and ${serviceRequests.status} = 'closed')
    and exists (select 1 from ${providerProposals} where ${providerProposals.id} = ${proposalId}
    and ${providerProposals.status} = 'pending')`;
  const booking = {
    customerId: userId,
    providerId: provider.id,
    serviceDescription: `${found.title}\n${found.description}`.slice(0, 2000),
    preferredDate: found.availableOn,
    // the customer's own words and the city in the customer's language, joined as that language joins a list («العمارة،
    // قرب المستشفى، ميسان»), not "…المستشفى, Amarah"
    customerLocation:
      listInLanguage([found.location, cityIn(found, found.customerLanguage)], found.customerLanguage) || "-",
    customerPhone: found.customerPhone,
    urgency: found.urgency,
    status: "accepted" as const,
    estimatedCost: found.price,
    respondedAt: now,
    idempotencyKey: key,
    updatedAt: now,
  };
  const bookingIdSql = sql`(select ${bookings.id} from ${bookings} where ${bookings.customerId} = ${userId}
    and ${bookings.idempotencyKey} = ${key})`;
  const [closed] = await releaseOnError(slot, () =>
    ctx.db.batch([
      ctx.db
        .update(serviceRequests)
        .set({ status: "closed" })
        .where(
          and(
            eq(serviceRequests.id, requestId),
            eq(serviceRequests.status, "open"),
            gt(serviceRequests.createdAt, since),
          ),
        )
        .returning({ id: serviceRequests.id }),
      ctx.db
        .insert(bookings)
        .select(selectRowWhere(bookings, booking, mine))
        .onConflictDoNothing(),
      // counted only when the booking row above was written
      countOnDay(ctx, provider.id, { bookingRequests: 1, acceptedBookings: 1 }, sql`changes() = 1 and ${mine}`),
      ctx.db
        .update(providerProposals)
        .set({ status: "rejected" })
        .where(
          and(
            eq(providerProposals.serviceRequestId, requestId),
            ne(providerProposals.id, proposalId),
            eq(providerProposals.status, "pending"),
            mine,
          ),
        ),
      ctx.db
        .update(providerProposals)
        .set({ status: "accepted", bookingId: bookingIdSql })
        .where(and(eq(providerProposals.id, proposalId), mine)),
    ]),
  );
  if (closed.length === 0) {
    await slot.release();
    throw new ServiceError("CONFLICT", "errors.requestClosed");
  }
  const [made] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  if (!made) throw new ServiceError("CONFLICT", "errors.requestClosed");

  await bookingChanged(ctx, made.id, "accepted");
  // every step tells the other side: the chosen provider, and those not chosen
  const others = await ctx.db
    .select({
      userId: sql<number | null>`(select user_id from service_providers where id = ${providerProposals.providerId})`,
    })
    .from(providerProposals)
    .where(and(eq(providerProposals.serviceRequestId, requestId), eq(providerProposals.status, "rejected")));
  if (provider.userId)
    await notify(ctx, {
      userId: provider.userId,
      type: "booking",
      key: "notices.quoteAccepted",
      params: { title: found.title.slice(0, 80) },
      relatedId: made.id,
    });
  for (const o of others)
    if (o.userId)
      await notify(ctx, {
        userId: o.userId,
        type: "request",
        key: "notices.quoteDeclined",
        params: { title: found.title.slice(0, 80) },
        relatedId: requestId,
      });
  return bookingById(ctx, made.id);
}
