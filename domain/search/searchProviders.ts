import type { ServiceContext } from "../context";
import { tokenize } from "../text/normalize";
import type { ProviderView } from "../providers/view";
import { boundingBox, haversineKm } from "./geo";
import { buildMatchQuery } from "./matchQuery";
import { searchProvidersSchema, type SearchProvidersInput } from "./schemas";

/**
 * Relevance is computed over at most this many text matches (ADR 006): a word that matches half the
 * table costs the same as a rare one. Pages beyond it are not offered; `capped` says "more exist".
 */
export const CANDIDATE_LIMIT = 300;
/** Radii tried, smallest first, when sorting everyone by distance from a point (no text query). */
const NEAR_RADII_KM = [5, 25, 100, 400, 2500];

export type SearchResultItem = ProviderView & { distanceKm: number | null };

export interface SearchPage {
  items: SearchResultItem[];
  total: number;
  page: number;
  /** true when the text matched more providers than CANDIDATE_LIMIT (total is then a lower bound) */
  capped: boolean;
}

export interface SearchRun extends SearchPage {
  /** rows D1 read for this search, summed over its statements (benchmarks print it) */
  rowsRead: number;
}

const COLUMNS = `p.id, p.name, p.specialty, p.specialty_ar AS specialtyAr, p.specialty_ku AS specialtyKu,
  p.category_id AS categoryId, p.city, p.city_id AS cityId, p.location, p.phone, p.whatsapp, p.description,
  p.is_verified AS isVerified, p.is_available AS isAvailable, p.profile_image AS profileImage,
  p.latitude, p.longitude, p.rating, p.review_count AS reviewCount, p.created_at AS createdAt`;

const RANK = "p.is_verified DESC, p.rating DESC, p.review_count DESC, p.id";

type Param = string | number;
type Row = Record<string, unknown>;

interface Facets {
  categoryId: number | null;
  cityId: number | null;
  /** a city that is not in our list: matched against the row's city text */
  cityText: string | null;
  country: string | null;
  /** a filter named something that does not exist: nothing can match */
  impossible: boolean;
}

async function all(d1: D1Database, sql: string, params: Param[]): Promise<{ rows: Row[]; rowsRead: number }> {
  const res = await d1.prepare(sql).bind(...params).all<Row>();
  return { rows: res.results ?? [], rowsRead: Number(res.meta?.rows_read ?? 0) };
}

/** The LIKE '%word%' scan the benchmark compares the index against (never used to serve users). */
export async function likeScanForBenchmark(d1: D1Database, raw: Record<string, unknown>): Promise<{ total: number; rowsRead: number }> {
  const input = searchProvidersSchema.parse(raw);
  const words = tokenize(input.search ?? "").slice(0, 8);
  const where = words.map(() => "p.search_text LIKE ?");
  const params: Param[] = words.map((w) => `%${w.replace(/[%_]/g, "")}%`);
  if (input.category && /^[0-9]+$/.test(input.category)) {
    where.push("p.category_id = ?");
    params.push(Number(input.category));
  }
  if (input.city) {
    where.push("p.city_id = (SELECT id FROM cities WHERE slug = ?)");
    params.push(input.city.toLowerCase());
  }
  const sql = `SELECT ${COLUMNS}, count(*) OVER () AS total FROM service_providers p ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${RANK} LIMIT ?`;
  const { rows, rowsRead } = await all(d1, sql, [...params, input.limit]);
  return { total: Number(rows[0]?.total ?? 0), rowsRead };
}

async function resolveFacets(d1: D1Database, input: SearchProvidersInput): Promise<{ facets: Facets; rowsRead: number }> {
  const facets: Facets = { categoryId: null, cityId: null, cityText: null, country: null, impossible: false };
  let rowsRead = 0;
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
      rowsRead += Number(r.meta?.rows_read ?? 0);
      const id = r.results?.[0]?.id;
      if (id === undefined) facets.impossible = true;
      else facets.categoryId = id;
    }
    if (city) {
      const r = results[i++]!;
      rowsRead += Number(r.meta?.rows_read ?? 0);
      const id = r.results?.[0]?.id;
      if (id === undefined) facets.cityText = city;
      else facets.cityId = id;
    }
  }
  return { facets, rowsRead };
}

function toItem(row: Row, from: { latitude: number; longitude: number } | null): SearchResultItem {
  const latitude = row.latitude as number | null;
  const longitude = row.longitude as number | null;
  return {
    id: row.id as number,
    name: row.name as string,
    specialty: row.specialty as string,
    specialtyAr: (row.specialtyAr as string | null) ?? null,
    specialtyKu: (row.specialtyKu as string | null) ?? null,
    categoryId: row.categoryId as number,
    city: row.city as string,
    cityId: (row.cityId as number | null) ?? null,
    location: row.location as string,
    phone: row.phone as string,
    whatsapp: (row.whatsapp as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    isVerified: Boolean(row.isVerified),
    isAvailable: Boolean(row.isAvailable),
    profileImage: (row.profileImage as string | null) ?? null,
    latitude,
    longitude,
    rating: Number(row.rating ?? 0),
    reviewCount: Number(row.reviewCount ?? 0),
    createdAt: new Date(Number(row.createdAt)),
    distanceKm:
      from && latitude !== null && longitude !== null ? Math.round(haversineKm(from, { latitude, longitude }) * 10) / 10 : null,
  };
}

/** SQL conditions on `p` for the facets that the FTS index does not carry (or when there is no text). */
function rowFilters(f: Facets, withIndexedFacets: boolean): { where: string[]; params: Param[] } {
  const where: string[] = [];
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

/**
 * The one provider search (web page, API, bots): free text in en/ar/ku, category, city, country,
 * distance from a point, paged. No text → the plain directory order (verified, rating, reviews).
 */
export async function searchProvidersWithStats(ctx: Pick<ServiceContext, "db">, raw: Record<string, unknown> = {}): Promise<SearchRun> {
  const input = searchProvidersSchema.parse(raw);
  const d1 = ctx.db.$client as D1Database;
  const { facets, rowsRead: lookupRows } = await resolveFacets(d1, input);
  const empty: SearchRun = { items: [], total: 0, page: input.page, capped: false, rowsRead: lookupRows };
  if (facets.impossible) return empty;

  const near = input.lat !== undefined && input.lng !== undefined ? { latitude: input.lat, longitude: input.lng } : null;
  const offset = (input.page - 1) * input.limit;
  const match = input.search ? buildMatchQuery(input.search) : null;

  // squared equirectangular distance: orders like the real distance at city scale, and SQLite can compute it
  const distance = near
    ? { expr: "((p.latitude - ?) * (p.latitude - ?) + ((p.longitude - ?) * ?) * ((p.longitude - ?) * ?))", params: [near.latitude, near.latitude, near.longitude, boundingBox(near, 1).cos, near.longitude, boundingBox(near, 1).cos] as Param[] }
    : null;

  if (match) {
    const terms = [match];
    if (facets.categoryId !== null) terms.push(`"zzc${facets.categoryId}"`);
    if (facets.cityId !== null) terms.push(`"zzt${facets.cityId}"`);
    const { where, params } = rowFilters(facets, false);
    const order = distance ? `p.latitude IS NULL, ${distance.expr}, ` : "";
    const sql = `SELECT ${COLUMNS}, count(*) OVER () AS total
      FROM (SELECT rowid AS id, bm25(providers_fts) AS score FROM providers_fts WHERE providers_fts MATCH ? LIMIT ${CANDIDATE_LIMIT}) c
      JOIN service_providers p ON p.id = c.id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY ${order}round(c.score), ${RANK}
      LIMIT ? OFFSET ?`;
    const { rows, rowsRead } = await all(d1, sql, [terms.join(" AND "), ...params, ...(distance?.params ?? []), input.limit, offset]);
    let total = Number(rows[0]?.total ?? 0);
    let extra = 0;
    if (rows.length === 0 && offset > 0) {
      const count = await all(
        d1,
        `SELECT count(*) AS total FROM (SELECT rowid AS id FROM providers_fts WHERE providers_fts MATCH ? LIMIT ${CANDIDATE_LIMIT}) c JOIN service_providers p ON p.id = c.id ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`,
        [terms.join(" AND "), ...params],
      );
      total = Number(count.rows[0]?.total ?? 0);
      extra = count.rowsRead;
    }
    return { items: rows.map((r) => toItem(r, near)), total, page: input.page, capped: total >= CANDIDATE_LIMIT, rowsRead: lookupRows + rowsRead + extra };
  }

  const { where, params } = rowFilters(facets, true);
  if (near && distance) {
    // widen the box until it holds this page (the latitude index keeps each try cheap)
    let spent = lookupRows;
    for (const radius of NEAR_RADII_KM) {
      const box = boundingBox(near, radius);
      const sql = `SELECT ${COLUMNS}, count(*) OVER () AS total FROM service_providers p
        WHERE p.latitude BETWEEN ? AND ? AND p.longitude BETWEEN ? AND ?${where.length ? ` AND ${where.join(" AND ")}` : ""}
        ORDER BY ${distance.expr}, ${RANK} LIMIT ? OFFSET ?`;
      const { rows, rowsRead } = await all(d1, sql, [box.minLat, box.maxLat, box.minLng, box.maxLng, ...params, ...distance.params, input.limit, offset]);
      spent += rowsRead;
      if (rows.length === input.limit || radius === NEAR_RADII_KM[NEAR_RADII_KM.length - 1]) {
        return { items: rows.map((r) => toItem(r, near)), total: Number(rows[0]?.total ?? 0), page: input.page, capped: false, rowsRead: spent };
      }
    }
  }

  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [list, count] = await d1.batch<Row>([
    d1.prepare(`SELECT ${COLUMNS} FROM service_providers p ${whereSql} ORDER BY ${RANK} LIMIT ? OFFSET ?`).bind(...params, input.limit, offset),
    d1.prepare(`SELECT count(*) AS total FROM service_providers p ${whereSql}`).bind(...params),
  ]);
  return {
    items: (list!.results ?? []).map((r) => toItem(r, near)),
    total: Number(count!.results?.[0]?.total ?? 0),
    page: input.page,
    capped: false,
    rowsRead: lookupRows + Number(list!.meta?.rows_read ?? 0) + Number(count!.meta?.rows_read ?? 0),
  };
}

export async function searchProviders(ctx: Pick<ServiceContext, "db">, raw: Record<string, unknown> = {}): Promise<SearchPage> {
  const { rowsRead: _rowsRead, ...page } = await searchProvidersWithStats(ctx, raw);
  return page;
}
