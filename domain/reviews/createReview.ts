import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { bookings, reviews, serviceProviders } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";

/** The spec's rule (admin note): a provider is verified once it has this many reviews. */
export const AUTO_VERIFY_REVIEWS = 10;

const score = (key: string) => z.coerce.number({ error: key }).int({ error: key }).min(1, { error: key }).max(5, { error: key });

export const reviewSchema = z.object({
  rating: score("validation.rating"),
  serviceQuality: score("validation.subRating"),
  punctuality: score("validation.subRating"),
  communication: score("validation.subRating"),
  valueForMoney: score("validation.subRating"),
  wouldRecommend: z.union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])], { error: "validation.recommend" }).transform((v) => v === true || v === "true" || v === "on" || v === "1"),
  comment: z.string().trim().max(1000, { error: "validation.tooLong" }).optional().transform((s) => (s ? s : null)),
});

/**
 * One review per completed booking, by its customer. The review, the provider's new average and count,
 * and the auto-verification at 10 reviews are written in one batch; the provider update only applies
 * when this request's review row is the one that went in.
 */
export async function createReview(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawBookingId: string, raw: unknown) {
  const actor = requireUser(ctx.actor);
  if (!/^[0-9]{1,12}$/.test(rawBookingId)) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  const input = parseInput(reviewSchema, raw);
  await requireVerifiedPhone(ctx, actor.userId);
  const bookingId = Number(rawBookingId);
  const [booking] = await ctx.db
    .select({ id: bookings.id, customerId: bookings.customerId, providerId: bookings.providerId, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking || booking.customerId !== actor.userId) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (booking.status !== "completed") throw new ServiceError("CONFLICT", "errors.reviewNotYet");
  const [existing] = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
  if (existing) throw new ServiceError("CONFLICT", "errors.reviewExists");

  const at = ctx.now();
  const mine = sql`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookingId} and ${reviews.customerId} = ${actor.userId} and ${reviews.createdAt} = ${at.getTime()})`;
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(reviews)
      .values({ bookingId, customerId: actor.userId, providerId: booking.providerId, ...input, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: reviews.id }),
    ctx.db
      .update(serviceProviders)
      .set({
        rating: sql`(${serviceProviders.rating} * ${serviceProviders.reviewCount} + ${input.rating}) / (${serviceProviders.reviewCount} + 1.0)`,
        reviewCount: sql`${serviceProviders.reviewCount} + 1`,
        isVerified: sql`case when ${serviceProviders.reviewCount} + 1 >= ${AUTO_VERIFY_REVIEWS} then 1 else ${serviceProviders.isVerified} end`,
      })
      .where(and(eq(serviceProviders.id, booking.providerId), mine)),
  ]);
  if (inserted.length === 0) throw new ServiceError("CONFLICT", "errors.reviewExists");
  return { id: inserted[0].id, bookingId, providerId: booking.providerId, ...input };
}
