import { runningAdsByPosition, unendedAdsQuery, type AdPosition, type AdRecord, type AdView } from "./ads/listAds";
import { categoriesQuery, type CategoryView } from "./categories/listCategories";
import type { ServiceContext } from "./context";
import { citiesQuery, type CityView } from "./places/listCities";

/**
 * What every public page shows and the admin rarely changes: categories, cities and the ads that have not
 * ended. Read in ONE batch, then kept in this isolate for MEMO_TTL_MS (ADR 016).
 *
 * Invalidation: the domain verbs that write these (saveAd, setAdActive) call forgetPublicData(), so the
 * isolate that served the admin's write shows it at once, whichever door (API, page form, bot) it came
 * through. Other isolates cannot be told: they catch up within MEMO_TTL_MS, which is why it is short.
 * Categories and cities have no write verb (seed and migrations only).
 */
export const MEMO_TTL_MS = 60_000;

export interface PublicData {
  categories: CategoryView[];
  cities: CityView[];
  /** active, not ended when read; pages filter by start/end at render time (runningAds) */
  ads: AdRecord[];
}

interface MemoState {
  memo: { readAt: number; data: Promise<PublicData> } | null;
  /** false: every call reads D1 (the benchmark's "before" runs) */
  enabled: boolean;
}

/**
 * One state per isolate, kept on globalThis: the Worker bundles this module twice (once with the API,
 * once inside the Remix server build), and an ad saved through the API must clear the memo the pages read.
 */
const KEY = Symbol.for("dalil.publicData.memo");
const state: MemoState = ((globalThis as Record<symbol, MemoState | undefined>)[KEY] ??= { memo: null, enabled: true });

async function read(ctx: Pick<ServiceContext, "db" | "now">): Promise<PublicData> {
  const [categories, cities, ads] = await ctx.db.batch([
    categoriesQuery(ctx.db),
    citiesQuery(ctx.db),
    unendedAdsQuery(ctx.db, ctx.now()),
  ]);
  return { categories, cities, ads };
}

/** Categories, cities and unended ads: from the isolate's memo when fresh, else one D1 batch. */
export function publicData(ctx: Pick<ServiceContext, "db" | "now">): Promise<PublicData> {
  if (!state.enabled) return read(ctx);
  const now = Date.now();
  if (state.memo && now - state.memo.readAt < MEMO_TTL_MS) return state.memo.data;
  // concurrent requests of a cold isolate share one read; a failed read is not kept
  const entry = { readAt: now, data: read(ctx) };
  state.memo = entry;
  entry.data.catch(() => {
    if (state.memo === entry) state.memo = null;
  });
  return entry.data;
}

/** The ads running now, per position, in the caller's language, from publicData. */
export function runningAds(
  data: PublicData,
  ctx: Pick<ServiceContext, "now" | "locale">,
): Record<AdPosition, AdView[]> {
  return runningAdsByPosition(data.ads, ctx.now(), ctx.locale);
}

/** Drop this isolate's memo: called by every verb that writes categories, cities or ads. */
export function forgetPublicData(): void {
  state.memo = null;
}

/** Development and tests only: switch the memo off (every call reads D1) or back on. */
export function setPublicDataMemo(on: boolean): void {
  state.enabled = on;
  state.memo = null;
}
