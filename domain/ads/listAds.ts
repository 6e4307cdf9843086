import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { AD_POSITIONS, sponsoredAds } from "../../db/schema";
import type { Lang, ServiceContext } from "../context";

export type AdPosition = (typeof AD_POSITIONS)[number];
export const isAdPosition = (x: unknown): x is AdPosition =>
  typeof x === "string" && (AD_POSITIONS as readonly string[]).includes(x);

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
export async function listAds(
  ctx: Pick<ServiceContext, "db" | "now" | "locale">,
  position: AdPosition,
): Promise<AdView[]> {
  return (await listAdsByPosition(ctx, [position]))[position];
}

/** Every position's running ads in ONE query (a page with four ad slots makes one round trip, not four). */
export async function listAdsByPosition(
  ctx: Pick<ServiceContext, "db" | "now" | "locale">,
  positions: readonly AdPosition[] = AD_POSITIONS,
): Promise<Record<AdPosition, AdView[]>> {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(sponsoredAds)
    .where(
      and(
        inArray(sponsoredAds.position, [...positions]),
        eq(sponsoredAds.isActive, true),
        or(isNull(sponsoredAds.startsAt), lte(sponsoredAds.startsAt, now)),
        or(isNull(sponsoredAds.endsAt), gt(sponsoredAds.endsAt, now)),
      ),
    )
    .orderBy(asc(sponsoredAds.sortOrder), asc(sponsoredAds.id));
  const byPosition = Object.fromEntries(AD_POSITIONS.map((p) => [p, [] as AdView[]])) as Record<AdPosition, AdView[]>;
  for (const ad of localizeAds(rows, ctx.locale)) byPosition[ad.position].push(ad);
  return byPosition;
}

/**
 * Active ads that have not ended by `now`, started or not, in their sort order: what the page memo keeps
 * (domain/publicData.ts), so an ad scheduled to start later appears on time without a new read.
 */
export const unendedAdsQuery = (db: ServiceContext["db"], now: Date) =>
  db
    .select()
    .from(sponsoredAds)
    .where(and(eq(sponsoredAds.isActive, true), or(isNull(sponsoredAds.endsAt), gt(sponsoredAds.endsAt, now))))
    .orderBy(asc(sponsoredAds.sortOrder), asc(sponsoredAds.id));

export type AdRecord = typeof sponsoredAds.$inferSelect;

/** The same answer as listAdsByPosition, from rows already read (see unendedAdsQuery): running at `now`, localized. */
export function runningAdsByPosition(rows: readonly AdRecord[], now: Date, lang: Lang): Record<AdPosition, AdView[]> {
  const t = now.getTime();
  const running = rows.filter(
    (a) => a.isActive && (!a.startsAt || a.startsAt.getTime() <= t) && (!a.endsAt || a.endsAt.getTime() > t),
  );
  const byPosition = Object.fromEntries(AD_POSITIONS.map((p) => [p, [] as AdView[]])) as Record<AdPosition, AdView[]>;
  for (const ad of localizeAds(running, lang)) byPosition[ad.position].push(ad);
  return byPosition;
}

function localizeAds(rows: (typeof sponsoredAds.$inferSelect)[], lang: Lang): AdView[] {
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
