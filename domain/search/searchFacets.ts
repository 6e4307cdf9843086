/**
 * The filters of the one provider search (domain/search/searchProviders.ts): category, city and country, resolved from
 * the places a caller holds or read from D1, and the SQL conditions they become. Split from searchProviders.ts along
 * its seams (no behaviour change).
 */
import type { SearchProvidersInput } from "./schemas";
import type { Meter, Param } from "./searchRows";

export interface Facets {
  categoryId: number | null;
  cityId: number | null;
  /** a city that is not in our list: matched against the row's city text */
  cityText: string | null;
  country: string | null;
  /** a filter named something that does not exist: nothing can match */
  impossible: boolean;
}

/**
 * Categories and cities the caller already holds (a page's memo, domain/publicData.ts): the category and
 * city filters are then resolved in memory, and the search is one D1 round trip.
 */
export interface KnownPlaces {
  categories: readonly { id: number; slug: string }[];
  cities: readonly {
    id: number;
    slug: string;
    name: string;
    nameAr?: string | null;
    nameKu?: string | null;
    latitude?: number | null;
    longitude?: number | null;
  }[];
}

export function resolveFacetsFrom(known: KnownPlaces, input: SearchProvidersInput): Facets {
  const facets: Facets = { categoryId: null, cityId: null, cityText: null, country: null, impossible: false };
  if (input.category) {
    if (/^[0-9]+$/.test(input.category)) facets.categoryId = Number(input.category);
    else {
      const id = known.categories.find((c) => c.slug === input.category)?.id;
      if (id === undefined) facets.impossible = true;
      else facets.categoryId = id;
    }
  }
  const city = input.city?.toLowerCase();
  if (city) {
    // like the SQL: slug, or the English name without regard to (ASCII) case
    const id = known.cities.find((c) => c.slug === city || c.name.toLowerCase() === city)?.id;
    if (id === undefined) facets.cityText = city;
    else facets.cityId = id;
  }
  if (input.country && input.country !== "IQ") facets.country = input.country;
  return facets;
}

export async function resolveFacets(d1: D1Database, meter: Meter, input: SearchProvidersInput): Promise<Facets> {
  const facets: Facets = { categoryId: null, cityId: null, cityText: null, country: null, impossible: false };
  const stmts: D1PreparedStatement[] = [];
  const categoryBySlug = input.category && !/^[0-9]+$/.test(input.category);
  if (input.category && !categoryBySlug) facets.categoryId = Number(input.category);
  if (categoryBySlug) stmts.push(d1.prepare("SELECT id FROM categories WHERE slug = ?").bind(input.category!));
  const city = input.city?.toLowerCase();
  if (city) stmts.push(d1.prepare("SELECT id FROM cities WHERE slug = ?1 OR lower(name_en) = ?1 LIMIT 1").bind(city));
  if (input.country && input.country !== "IQ") facets.country = input.country;
  if (stmts.length) {
    const results = await d1.batch<{ id: number }>(stmts);
    let i = 0;
    if (categoryBySlug) {
      const r = results[i++]!;
      meter.add(r.meta);
      const id = r.results?.[0]?.id;
      if (id === undefined) facets.impossible = true;
      else facets.categoryId = id;
    }
    if (city) {
      const r = results[i++]!;
      meter.add(r.meta);
      const id = r.results?.[0]?.id;
      if (id === undefined) facets.cityText = city;
      else facets.cityId = id;
    }
  }
  return facets;
}

/** SQL conditions on `p` for the facets that the FTS index does not carry (or when there is no text). */
export function rowFilters(f: Facets, withIndexedFacets: boolean): { where: string[]; params: Param[] } {
  // hidden listings (ADR 012) are never found
  const where: string[] = ["p.hidden_at IS NULL"];
  const params: Param[] = [];
  if (withIndexedFacets && f.categoryId !== null) {
    where.push("p.category_id = ?");
    params.push(f.categoryId);
  }
  if (withIndexedFacets && f.cityId !== null) {
    where.push("p.city_id = ?");
    params.push(f.cityId);
  }
  if (f.cityText !== null) {
    where.push("lower(p.city) = ?");
    params.push(f.cityText);
  }
  if (f.country !== null) {
    where.push("p.city_id IN (SELECT id FROM cities WHERE country_code = ?)");
    params.push(f.country);
  }
  return { where, params };
}
