/**
 * What Dalil charges until the admin says otherwise, whole
 * dinars (migration 0045 and the demo seed write the same rows).
 */
export const DEFAULT_PRICES: Record<string, number> = {
  subscription: 25_000,
  free_first_month: 0,
  sponsored_hero: 15_000,
  sponsored_category: 7_000,
  sponsored_sidebar: 4_000,
};
