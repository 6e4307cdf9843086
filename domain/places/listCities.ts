import { asc } from "drizzle-orm";
import { cities } from "../../db/schema";
import type { ServiceContext } from "../context";

export interface CityView {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  nameKu: string;
  latitude: number;
  longitude: number;
}

/** The query alone, so a page can send it in one batch with its other reads (domain/publicData.ts). */
export const citiesQuery = (db: ServiceContext["db"]) =>
  db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: cities.nameEn,
      nameAr: cities.nameAr,
      nameKu: cities.nameKu,
      latitude: cities.latitude,
      longitude: cities.longitude,
    })
    .from(cities)
    .orderBy(asc(cities.nameEn));

/** The city selector's options, in a stable order (the client sorts by the shown language). */
export async function listCities(ctx: Pick<ServiceContext, "db">): Promise<CityView[]> {
  return citiesQuery(ctx.db);
}
