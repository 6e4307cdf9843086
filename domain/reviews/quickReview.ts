import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { reviews } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { idParam } from "../ids";
import { parseInput } from "../validation";
import { createReview } from "./createReview";

/**
 * One tap on the stars in a chat (issue #28 item 6): the same verb and rules as the web's form (verified booking,
 * its customer, completed, one customer counted once per listing). The tap carries one figure, so the four parts
 * take it too and "would recommend" is four stars or more (ADR 043); the web's form can say more.
 */
export function rateByTap(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawBookingId: string, stars: number) {
  return createReview(ctx, rawBookingId, { rating: stars, serviceQuality: stars, punctuality: stars, communication: stars, valueForMoney: stars, wouldRecommend: stars >= 4 });
}

const commentSchema = z.object({ comment: z.string().trim().min(1, { error: "validation.reply" }).max(1000, { error: "validation.tooLong" }) });

/** What went wrong, written after a low rating from a chat: added to the customer's own review of that booking once. */
export async function addReviewComment(ctx: Pick<ServiceContext, "db" | "actor">, rawBookingId: string, raw: unknown): Promise<boolean> {
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
export async function myReviewOf(ctx: Pick<ServiceContext, "db" | "actor">, bookingId: number): Promise<{ rating: number } | null> {
  const { userId } = requireUser(ctx.actor);
  const [row] = await ctx.db.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.bookingId, bookingId), eq(reviews.customerId, userId))).limit(1);
  if (!row) return null;
  return row;
}

