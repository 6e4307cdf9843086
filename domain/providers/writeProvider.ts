import { and, eq, getTableColumns, is, SQL, sql, type Column, type Table } from "drizzle-orm";
import { categories, cities, serviceProviders } from "../../db/schema";
import type { Db } from "../../db/client";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { searchTextFor } from "../search/searchText";
import { languageOfText } from "../text/lang";
import { translateText } from "../text/translate";

/**
 * The ONE place that writes service_providers. createProvider, updateProvider, deleteProvider and
 * approveApplication all build their statements here, so anything derived from a listing (the
 * search index, translated specialties) is computed in a single spot.
 */

export type ProviderRow = typeof serviceProviders.$inferInsert;

/** What a listing is made of, whichever door it came through (admin form or an approved application). */
export interface ProviderSource {
  name: string;
  /** the name in the other script (Arabic/Kurdish script ↔ Latin) */
  nameOther?: string | null;
  specialty: string;
  categoryId: number;
  /** the city's English name, as the selector submits it */
  city: string;
  cityId: number | null;
  location: string;
  phone: string;
  whatsapp: string | null;
  profileImage: string | null;
  description: string | null;
  isVerified?: boolean;
  whatsappAlerts?: boolean;
  userId?: number | null;
}

/**
 * The row to store for a listing: derived columns (translated specialty, the normalised search text
 * the full-text index reads, updatedAt) are filled in here.
 */
export async function providerRowFromInput(db: Db, input: ProviderSource, now: Date): Promise<ProviderRow> {
  // the specialty as typed is the text of its own language; the others are the dictionary's whole translation, or none
  const typedIn = languageOfText(input.specialty);
  const ar = translateText(input.specialty, "ar");
  const ku = translateText(input.specialty, "ku");
  const row: ProviderRow = {
    name: input.name,
    nameOther: input.nameOther ?? null,
    specialty: input.specialty,
    specialtyAr: typedIn !== "ar" && ar !== input.specialty ? ar : null,
    // Sorani typed is the Kurdish page's text, so it never falls back to an Arabic translation
    specialtyKu: typedIn === "ku" ? input.specialty : ku !== input.specialty ? ku : null,
    categoryId: input.categoryId,
    city: input.city,
    cityId: input.cityId,
    location: input.location,
    phone: input.phone,
    whatsapp: input.whatsapp,
    profileImage: input.profileImage,
    description: input.description,
    updatedAt: now,
  };
  row.searchText = await searchTextFor(db, {
    name: row.name,
    nameOther: row.nameOther,
    specialty: row.specialty,
    specialtyAr: row.specialtyAr,
    specialtyKu: row.specialtyKu,
    location: row.location,
    description: row.description,
    city: row.city,
    categoryId: row.categoryId,
    cityId: row.cityId,
  });
  if (input.isVerified !== undefined) row.isVerified = input.isVerified;
  if (input.whatsappAlerts !== undefined) row.whatsappAlerts = input.whatsappAlerts;
  if (input.userId !== undefined) row.userId = input.userId;
  return row;
}

/**
 * Checks the category and city against our lists; returns the city's canonical English name and id.
 * Field errors use the spec's messages ('Please select a category', 'Please select a city').
 */
export async function resolvePlace(ctx: Pick<ServiceContext, "db">, categoryId: number, city: string) {
  const [[category], [place]] = await ctx.db.batch([
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1),
    ctx.db
      .select({ id: cities.id, name: cities.nameEn })
      .from(cities)
      .where(sql`lower(${cities.nameEn}) = ${city.toLowerCase()} or ${cities.slug} = ${city.toLowerCase()}`)
      .limit(1),
  ]);
  const fields: Record<string, string> = {};
  if (!category) fields.categoryId = "validation.selectCategory";
  if (!place) fields.city = "validation.selectCity";
  if (Object.keys(fields).length) throw new ServiceError("VALIDATION", Object.values(fields)[0]!, fields);
  return { cityId: place!.id, city: place!.name };
}

export function insertProvider(db: Db, row: ProviderRow) {
  return db.insert(serviceProviders).values(row).returning({ id: serviceProviders.id });
}

/** INSERT … SELECT … WHERE condition: a statement that does nothing unless `condition` holds (for guarded batches). */
export function insertProviderWhere(db: Db, row: ProviderRow, condition: SQL) {
  return db.insert(serviceProviders).select(selectRowWhere(serviceProviders, row, condition));
}

/**
 * `select <one value per column, in table order> where condition`, for drizzle's insert().select(): given values are
 * bound as parameters (SQL values are inlined as expressions), the rest take their column default (or null). (drizzle
 * can't batch a raw db.run(sql) with parameters on D1, so guarded inserts are built this way.)
 */
export function selectRowWhere<T extends Table>(table: T, row: Record<string, unknown>, condition: SQL): SQL {
  const values = Object.entries(getTableColumns(table)).map(([key, col]) => {
    const column = col as Column;
    const v = row[key];
    if (is(v, SQL)) return v; // an expression computed by the statement itself
    if (v !== undefined) return sql`${column.mapToDriverValue(v)}`;
    if (column.default !== undefined)
      return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
    return sql`null`;
  });
  return sql`select ${sql.join(values, sql`, `)} where ${condition}`;
}

export function updateProviderRow(db: Db, id: number, row: Partial<ProviderRow>, condition?: SQL) {
  return db
    .update(serviceProviders)
    .set(row)
    .where(condition ? and(eq(serviceProviders.id, id), condition) : eq(serviceProviders.id, id))
    .returning({ id: serviceProviders.id });
}
