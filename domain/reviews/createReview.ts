import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { bookings, reviews, serviceProviders } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { idParam } from "../ids";
import { normalizeDigits } from "../text/normalize";
import { bookingChanged } from "../bookings/lifecycle";

/**
 * The spec's rule (admin note), hardened (ADR 009): a listing becomes verified once this many DISTINCT
 * customers with a verified phone have reviewed it, none of them tied to the listing: not its owner's
 * account, and not the listing's phone or WhatsApp number.
 */
export const AUTO_VERIFY_REVIEWS = 10;

/** The reviewers who count toward auto-verification of the listing being updated (correlated on it). */
const independentVerifiedReviewers = sql`(
  select count(distinct r.customer_id) from ${reviews} r join users u on u.id = r.customer_id
  where r.provider_id = ${serviceProviders.id}
    and u.is_phone_verified = 1
    and (${serviceProviders.userId} is null or u.id <> ${serviceProviders.userId})
    and u.phone <> ${serviceProviders.phone}
    and u.phone <> coalesce(${serviceProviders.whatsapp}, ''))`;

/** 1 to 5, as a number or one digit (Arabic-Indic too): "0x5", "5.0", "5e0" are not scores. */
const scoreOf = (raw: unknown) => {
  const n =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && /^[1-5]$/.test(normalizeDigits(raw).trim())
        ? Number(normalizeDigits(raw).trim())
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
};
/** A part the person may leave unsaid: absent, null or "" is null (never a default they did not give). */
const unsaid = (raw: unknown) => raw === undefined || raw === null || raw === "";
const score = (key: string) =>
  z.unknown().transform((raw, ctx) => {
    const n = scoreOf(raw);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: key });
      return z.NEVER;
    }
    return n;
  });
const part = (key: string) =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx): number | null => {
      if (unsaid(raw)) return null;
      const n = scoreOf(raw);
      if (n === null) ctx.addIssue({ code: "custom", message: key });
      return n;
    });

/** Yes, no, or not said. */
const recommend = z
  .unknown()
  .optional()
  .transform((raw, ctx) => {
    if (unsaid(raw)) return null;
    if (raw === true || raw === "true" || raw === "on" || raw === "1") return true;
    if (raw === false || raw === "false" || raw === "0") return false;
    ctx.addIssue({ code: "custom", message: "validation.recommend" });
    return z.NEVER;
  });

export const reviewPartsSchema = z.object({
  serviceQuality: part("validation.subRating"),
  punctuality: part("validation.subRating"),
  communication: part("validation.subRating"),
  valueForMoney: part("validation.subRating"),
  wouldRecommend: recommend,
  comment: z
    .string()
    .trim()
    .max(1000, { error: "validation.tooLong" })
    .optional()
    .transform((s) => (s ? s : null)),
});

/** The stars, and only the parts the person chose (a star tapped alone is a whole review: ADR 078). */
export const reviewSchema = reviewPartsSchema.extend({ rating: score("validation.rating") });

/**
 * One review per completed booking, by its customer. The review, the provider's new average and count, and the
 * auto-verification (10 independent verified reviewers) are written in one batch; the provider update only applies when
 * this request's review row is the one that went in.
 *
 * A customer counts ONCE per listing (ADR 022): a later review replaces that customer's earlier one in the
 * average, and the count grows only with a new reviewer. Ten bookings by one friend are one "5.0 (1 review)".
 */
export async function createReview(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  rawBookingId: string,
  raw: unknown,
) {
  const actor = requireUser(ctx.actor);
  const bookingId = idParam(rawBookingId, "errors.bookingNotFound");
  const input = parseInput(reviewSchema, raw);
  await requireVerifiedPhone(ctx, actor.userId);
  const [booking] = await ctx.db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      providerId: bookings.providerId,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking || booking.customerId !== actor.userId) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (booking.status !== "completed") throw new ServiceError("CONFLICT", "errors.reviewNotYet");
  const [existing] = await ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.bookingId, bookingId))
    .limit(1);
  if (existing) throw new ServiceError("CONFLICT", "errors.reviewExists");

  const at = ctx.now();
  // this customer's latest earlier review of the listing (another booking), whose rating the new one replaces
  const previous = sql`(select r.rating from ${reviews} r where r.provider_id = ${booking.providerId}
    and r.customer_id = ${actor.userId}
    and r.booking_id <> ${bookingId} order by r.created_at desc, r.id desc limit 1)`;
  const mine = sql`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookingId}
    and ${reviews.customerId} = ${actor.userId} and ${reviews.createdAt} = ${at.getTime()})`;
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(reviews)
      .values({ bookingId, customerId: actor.userId, providerId: booking.providerId, ...input, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: reviews.id }),
    ctx.db
      .update(serviceProviders)
      .set({
        rating: sql`case when ${previous} is null
          then (${serviceProviders.rating} * ${serviceProviders.reviewCount} + ${input.rating}) /
          (${serviceProviders.reviewCount} + 1.0)
          else (${serviceProviders.rating} * max(${serviceProviders.reviewCount},
          1) - ${previous} + ${input.rating}) / max(${serviceProviders.reviewCount}, 1.0) end`,
        reviewCount: sql`${serviceProviders.reviewCount} + case when ${previous} is null then 1 else 0 end`,
        // counted after this batch's insert, so the new review is included when it qualifies
        isVerified: sql`case when ${independentVerifiedReviewers} >= ${AUTO_VERIFY_REVIEWS} then 1
          else ${serviceProviders.isVerified} end`,
      })
      .where(and(eq(serviceProviders.id, booking.providerId), mine)),
  ]);
  if (inserted.length === 0) throw new ServiceError("CONFLICT", "errors.reviewExists");
  // the review's ask and nudge still waiting are not sent (ADR 043)
  await bookingChanged(ctx, bookingId, "reviewed");
  return { id: inserted[0].id, bookingId, providerId: booking.providerId, ...input };
}
