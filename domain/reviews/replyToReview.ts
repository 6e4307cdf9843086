import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { reviews, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";
import { parseInput } from "../validation";
import { notify } from "../notifications/notifications";
import { clip } from "../text/clip";

const replySchema = z.object({
  reply: z
    .string({ error: "validation.reply" })
    .trim()
    .min(1, { error: "validation.reply" })
    .max(1000, { error: "validation.reply" }),
});

/**
 * The provider answers a review of their listing, once; the answer is shown under the review on the profile. Only the
 * listing's owner; a second answer (or two at once) is refused and changes nothing.
 */
export async function replyToReview(
  ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">,
  rawReviewId: string,
  raw: unknown,
): Promise<{ id: number; reply: string }> {
  const { userId } = requireUser(ctx.actor);
  const id = idParam(rawReviewId, "errors.reviewNotFound", "VALIDATION");
  const { reply } = parseInput(replySchema, raw);
  const [review] = await ctx.db
    .select({
      id: reviews.id,
      reply: reviews.reply,
      owner: serviceProviders.userId,
      customerId: reviews.customerId,
      bookingId: reviews.bookingId,
      provider: serviceProviders.name,
    })
    .from(reviews)
    .innerJoin(serviceProviders, eq(serviceProviders.id, reviews.providerId))
    .where(eq(reviews.id, id))
    .limit(1);
  if (!review || review.owner !== userId) throw new ServiceError("NOT_FOUND", "errors.reviewNotFound");
  if (review.reply !== null) throw new ServiceError("CONFLICT", "errors.replyExists");
  const done = await ctx.db
    .update(reviews)
    .set({ reply, repliedAt: ctx.now() })
    .where(
      and(
        eq(reviews.id, id),
        isNull(reviews.reply),
        sql`${reviews.providerId} in (select id from ${serviceProviders} where user_id = ${userId})`,
      ),
    )
    .returning({ id: reviews.id });
  if (!done.length) throw new ServiceError("CONFLICT", "errors.replyExists");
  // the customer is told, in the bell and on the chats they linked (ADR 052)
  await notify(ctx, {
    userId: review.customerId,
    type: "booking",
    key: "notices.reviewReplied",
    params: { provider: review.provider, reply: clip(reply, 200) },
    relatedId: review.bookingId,
  }).catch((err) => console.error("telling the customer of a review reply failed", err));
  return { id, reply };
}
