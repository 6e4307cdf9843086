import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { reviews } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { idParam } from "../ids";
import { parseInput } from "../validation";
import { createReview, reviewPartsSchema } from "./createReview";
import { ServiceError } from "../errors";

/**
 * One tap on the stars in a chat: the same verb and rules as the web's star (verified booking, its customer, completed,
 * one customer counted once per listing). The tap says the stars and nothing else: the four parts and "would recommend"
 * stay unsaid until the person gives them (ADR 078).
 */
export function rateByTap(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawBookingId: string, stars: number) {
  return createReview(ctx, rawBookingId, { rating: stars });
}

/**
 * What the customer adds to their review after the stars: the
 * parts, "would recommend" and a comment, as they chose them.
 */
export async function addReviewDetails(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawBookingId: string,
  raw: unknown,
): Promise<void> {
  const { userId } = requireUser(ctx.actor);
  const bookingId = idParam(rawBookingId, "errors.bookingNotFound");
  const parts = parseInput(reviewPartsSchema, raw);
  const rows = await ctx.db
    .update(reviews)
    .set(parts)
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.customerId, userId)))
    .returning({ id: reviews.id });
  if (!rows.length) throw new ServiceError("NOT_FOUND", "errors.reviewNotFound");
}

export type MyReview = Pick<
  typeof reviews.$inferSelect,
  | "bookingId"
  | "rating"
  | "serviceQuality"
  | "punctuality"
  | "communication"
  | "valueForMoney"
  | "wouldRecommend"
  | "comment"
>;

/** The customer's own reviews of these bookings, as they left them (the card's "add details" starts from them). */
export async function myReviewsOf(
  ctx: Pick<ServiceContext, "db" | "actor">,
  bookingIds: number[],
): Promise<Record<number, MyReview>> {
  const { userId } = requireUser(ctx.actor);
  if (!bookingIds.length) return {};
  const rows = await ctx.db
    .select({
      bookingId: reviews.bookingId,
      rating: reviews.rating,
      serviceQuality: reviews.serviceQuality,
      punctuality: reviews.punctuality,
      communication: reviews.communication,
      valueForMoney: reviews.valueForMoney,
      wouldRecommend: reviews.wouldRecommend,
      comment: reviews.comment,
    })
    .from(reviews)
    .where(and(eq(reviews.customerId, userId), inArray(reviews.bookingId, bookingIds.slice(0, 90))));
  return Object.fromEntries(rows.map((r) => [r.bookingId, r]));
}

const commentSchema = z.object({
  comment: z.string().trim().min(1, { error: "validation.reply" }).max(1000, { error: "validation.tooLong" }),
});

/** What went wrong, written after a low rating from a chat: added to the customer's own review of that booking once. */
export async function addReviewComment(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawBookingId: string,
  raw: unknown,
): Promise<boolean> {
  const { userId } = requireUser(ctx.actor);
  const bookingId = idParam(rawBookingId, "errors.bookingNotFound");
  const { comment } = parseInput(commentSchema, raw);
  const rows = await ctx.db
    .update(reviews)
    .set({ comment })
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.customerId, userId), isNull(reviews.comment)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The customer's own review of a booking (the rating a second tap is told about), or null. */
export async function myReviewOf(
  ctx: Pick<ServiceContext, "db" | "actor">,
  bookingId: number,
): Promise<{ rating: number } | null> {
  const { userId } = requireUser(ctx.actor);
  const [row] = await ctx.db
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.customerId, userId)))
    .limit(1);
  if (!row) return null;
  return row;
}
