import { and, desc, eq, sql } from "drizzle-orm";
import { reviews, users } from "../../db/schema";
import type { ServiceContext } from "../context";

export interface PublicReview {
  id: number;
  /** first name and initial only: a review is public, the customer's full name is not */
  author: string;
  rating: number;
  comment: string | null;
  /** null: the reviewer did not say (ADR 078) */
  wouldRecommend: boolean | null;
  createdAt: Date;
  /** the provider's one answer, shown under the review */
  reply: string | null;
  /** the customer deleted their account (ADR 041): the review counts, its author reads "A former customer" */
  formerCustomer?: true;
}

export function publicName(name: string): string {
  const [first = "", second = ""] = name.trim().split(/\s+/);
  return second ? `${first} ${second[0]}.` : first;
}

/**
 * The query alone, so the profile page can batch it with its other reads (domain/providers/providerProfile.ts).
 * Each customer's latest review of the listing only: a later review replaces the earlier one (ADR 022).
 */
export const providerReviewsQuery = (db: ServiceContext["db"], providerId: number, limit = 5) =>
  db
    .select({
      id: reviews.id,
      name: users.name,
      rating: reviews.rating,
      comment: reviews.comment,
      wouldRecommend: reviews.wouldRecommend,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.customerId))
    .where(
      and(
        eq(reviews.providerId, providerId),
        sql`not exists (select 1 from ${reviews} later where later.provider_id = ${reviews.providerId}
          and later.customer_id = ${reviews.customerId}
              and (later.created_at > ${reviews.createdAt} or (later.created_at = ${reviews.createdAt}
              and later.id > ${reviews.id})))`,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);

export const toPublicReviews = (rows: Awaited<ReturnType<typeof providerReviewsQuery>>): PublicReview[] =>
  rows.map(({ name, ...r }) =>
    name ? { ...r, author: publicName(name) } : { ...r, author: "", formerCustomer: true as const },
  );

/** The newest reviews of a listing, for its public profile. */
export async function listProviderReviews(
  ctx: Pick<ServiceContext, "db">,
  providerId: number,
  limit = 5,
): Promise<PublicReview[]> {
  return toPublicReviews(await providerReviewsQuery(ctx.db, providerId, limit));
}
