import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { AD_POSITIONS, sponsoredAds } from "../../db/schema";
import type { Lang, ServiceContext } from "../context";

export type AdPosition = (typeof AD_POSITIONS)[number];
export const isAdPosition = (x: unknown): x is AdPosition => typeof x === "string" && (AD_POSITIONS as readonly string[]).includes(x);

export interface AdView {
  id: number;
  position: AdPosition;
  title: string;
  description: string | null;
  imageUrl: string | null;
  linkUrl: string;
  sponsor: string;
  ctaText: string | null;
}

const pick = (lang: Lang, en: string | null, ar: string | null, ku: string | null) =>
  lang === "ar" ? ar || en : lang === "ku" ? ku || ar || en : en;

/**
 * The sponsored ads running now at a position, in the caller's language: active, started (or no start),
 * not ended (or no end), in their sort order. The footer position has none in the demo data: callers
 * show nothing for an empty list.
 */
export async function listAds(ctx: Pick<ServiceContext, "db" | "now" | "locale">, position: AdPosition): Promise<AdView[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(sponsoredAds)
    .where(
      and(
        eq(sponsoredAds.position, position),
        eq(sponsoredAds.isActive, true),
        or(isNull(sponsoredAds.startsAt), lte(sponsoredAds.startsAt, now)),
        or(isNull(sponsoredAds.endsAt), gt(sponsoredAds.endsAt, now)),
      ),
    )
    .orderBy(asc(sponsoredAds.sortOrder), asc(sponsoredAds.id));
  const lang = ctx.locale;
  return rows.map((a) => ({
    id: a.id,
    position: a.position,
    title: pick(lang, a.title, a.titleAr, a.titleKu) ?? a.title,
    description: pick(lang, a.description, a.descriptionAr, a.descriptionKu),
    imageUrl: a.imageUrl,
    linkUrl: a.linkUrl,
    sponsor: a.sponsor,
    ctaText: pick(lang, a.ctaText, a.ctaTextAr, a.ctaTextKu),
  }));
}
