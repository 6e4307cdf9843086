/**
 * The rows side of the one provider search (domain/search/searchProviders.ts): the columns a result carries, the
 * directory's order, D1's meter (rows read, SQL time), the page's rows read whole, and the LIKE scan the benchmark
 * compares the index against. Split from searchProviders.ts along its seams (no behaviour change).
 */
import { tokenize } from "../text/normalize";
import type { ProviderView } from "../providers/view";
import { haversineKm } from "./geo";
import type { Candidate } from "./rankOrder";
import { searchProvidersSchema } from "./schemas";

export type SearchResultItem = ProviderView & { distanceKm: number | null };

export const COLUMNS = `p.id, p.name, p.name_other AS nameOther, p.specialty, p.specialty_ar AS specialtyAr,
  p.specialty_ku AS specialtyKu,
  p.category_id AS categoryId, p.city, p.city_id AS cityId, p.location, p.phone, p.whatsapp, p.description,
  p.is_verified AS isVerified, p.is_available AS isAvailable, p.profile_image AS profileImage,
  p.latitude, p.longitude, p.rating, p.review_count AS reviewCount, p.created_at AS createdAt`;

// available listings first (the provider's switch, ADR 012), then verified, best rated, most reviewed
export const RANK = "p.is_available DESC, p.is_verified DESC, p.rating DESC, p.review_count DESC, p.id";
// (a text search's order after relevance and place, quality, is rankCandidates' in rankOrder.ts: ADR 048, 052, 059)

export type Param = string | number;

export type Row = Record<string, unknown>;

/** Rows read and SQL time (D1's meta.duration) of one search, summed over its statements. */
export class Meter {
  rowsRead = 0;
  sqlMs = 0;
  add(meta: { rows_read?: number; duration?: number } | undefined) {
    this.rowsRead += Number(meta?.rows_read ?? 0);
    this.sqlMs += Number(meta?.duration ?? 0);
  }
}

export async function all(d1: D1Database, meter: Meter, sql: string, params: Param[]): Promise<Row[]> {
  const res = await d1
    .prepare(sql)
    .bind(...params)
    .all<Row>();
  meter.add(res.meta);
  return res.results ?? [];
}

/** The LIKE '%word%' scan the benchmark compares the index against (never used to serve users). */
export async function likeScanForBenchmark(
  d1: D1Database,
  raw: Record<string, unknown>,
): Promise<{ total: number; rowsRead: number; sqlMs: number }> {
  const input = searchProvidersSchema.parse(raw);
  const words = tokenize(input.search ?? "").slice(0, 8);
  // instr() scans like LIKE '%w%' does, without D1's 50-byte limit on LIKE patterns
  const where = words.map(() => "instr(p.search_text, ?) > 0");
  const params: Param[] = [...words];
  if (input.category && /^[0-9]+$/.test(input.category)) {
    where.push("p.category_id = ?");
    params.push(Number(input.category));
  }
  if (input.city) {
    where.push("p.city_id = (SELECT id FROM cities WHERE slug = ?)");
    params.push(input.city.toLowerCase());
  }
  const sql = `SELECT ${COLUMNS}, count(*) OVER () AS total
    FROM service_providers p ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${RANK} LIMIT ?`;
  const meter = new Meter();
  const rows = await all(d1, meter, sql, [...params, input.limit]);
  return { total: Number(rows[0]?.total ?? 0), rowsRead: meter.rowsRead, sqlMs: meter.sqlMs };
}

/** The page's listings, whole, in the ranking's order, each with its score and the search's top tier. */
export async function pageRows(
  d1: D1Database,
  meter: Meter,
  page: readonly (Candidate & { score: number })[],
  top: number,
): Promise<Row[]> {
  if (!page.length) return [];
  const rows = await all(
    d1,
    meter,
    `SELECT ${COLUMNS} FROM service_providers p WHERE p.id IN (${page.map(() => "?").join(", ")})`,
    page.map((c) => c.id),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return page.flatMap((c) => {
    const row = byId.get(Number(c.id));
    return row ? [{ ...row, score: c.score, top }] : [];
  });
}

export function toItem(row: Row, from: { latitude: number; longitude: number } | null): SearchResultItem {
  const latitude = row.latitude as number | null;
  const longitude = row.longitude as number | null;
  return {
    id: row.id as number,
    name: row.name as string,
    nameOther: (row.nameOther as string | null) ?? null,
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
      from && latitude !== null && longitude !== null
        ? Math.round(haversineKm(from, { latitude, longitude }) * 10) / 10
        : null,
  };
}
