import { and, eq, isNull } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { publicData } from "../publicData";
import { providerReviewsQuery, toPublicReviews, type PublicReview } from "../reviews/listProviderReviews";
import { parseProviderId } from "./getProvider";
import { inReadersWords, listingTextsQuery } from "./listingTexts";
import { providerColumns, type ProviderView } from "./view";

export interface ProviderProfile {
  provider: ProviderView;
  category: {
    id: number;
    slug: string;
    name: string;
    nameAr: string;
    nameKu: string;
    icon: string;
    color: string;
  } | null;
  city: {
    id: number;
    slug: string;
    name: string;
    nameAr: string;
    nameKu: string;
    latitude: number;
    longitude: number;
  } | null;
  reviews: PublicReview[];
}

/**
 * A listing's public profile: the listing (its description and address in the reader's language where they are
 * written in it, ADR 060) and its newest reviews in ONE D1 batch, its category and city
 * from the page memo (domain/publicData.ts). Hidden listings are not found, like getProvider.
 */
export async function providerProfile(
  ctx: Pick<ServiceContext, "db" | "now" | "locale">,
  rawId: string,
): Promise<ProviderProfile> {
  const id = parseProviderId(rawId);
  const [[[row], reviewRows, texts], places] = await Promise.all([
    ctx.db.batch([
      ctx.db
        .select(providerColumns)
        .from(serviceProviders)
        .where(and(eq(serviceProviders.id, id), isNull(serviceProviders.hiddenAt)))
        .limit(1),
      providerReviewsQuery(ctx.db, id),
      // its description and address in the reader's language, where they have been written in it (ADR 060)
      listingTextsQuery(ctx.db, id, ctx.locale),
    ]),
    publicData(ctx),
  ]);
  if (!row) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  return {
    provider: inReadersWords(row, texts),
    category: places.categories.find((c) => c.id === row.categoryId) ?? null,
    city: places.cities.find((c) => c.id === row.cityId) ?? null,
    reviews: toPublicReviews(reviewRows),
  };
}
