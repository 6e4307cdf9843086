import type { ServiceContext } from "../context";
import { searchProvidersWithStats, type SearchPage } from "../search/searchProviders";

export type ProviderPage = SearchPage;

/**
 * The directory: GET /api/providers and every list of providers. With no text it is the plain list
 * (verified first, then best rated, then most reviewed), filtered by category/city/country, sorted by
 * distance when lat/lng are given; with `search` it is the full-text search (domain/search, ADR 006).
 */
export async function listProviders(
  ctx: Pick<ServiceContext, "db">,
  raw: Record<string, unknown> = {},
  /** `count: false`: no total is shown, so none is counted (one statement instead of two; `total` = the page's size) */
  opts: { count?: boolean } = {},
): Promise<ProviderPage> {
  const { rowsRead: _rowsRead, sqlMs: _sqlMs, ...page } = await searchProvidersWithStats(ctx, raw, opts);
  return page;
}
