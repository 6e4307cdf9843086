import { and, between } from "drizzle-orm";
import { cities, geoCities } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { NEAREST_CITY_RADIUS_KM, nearest } from "../search/geo";

export interface NearestPlace {
  /** the Iraqi city's slug (what the city selector holds), or null for a city outside Iraq */
  citySlug: string | null;
  name: string;
  nameAr: string | null;
  nameKu: string | null;
  countryCode: string;
  distanceKm: number;
}

/** 100 km of latitude is < 1 degree: the band prunes both tables through their latitude index. */
const BAND = NEAREST_CITY_RADIUS_KM / 111 + 0.05;

/**
 * The known city closest to a point, within 100 km (SPEC §9): Iraqi cities first-class (they fill the
 * city selector), the nine countries' geo cities otherwise. NOT_FOUND when nothing is that close.
 */
export async function nearestPlace(
  ctx: Pick<ServiceContext, "db">,
  raw: { lat?: unknown; lng?: unknown },
): Promise<NearestPlace> {
  const lat = Number(raw.lat);
  const lng = Number(raw.lng);
  if (
    raw.lat === undefined ||
    raw.lng === undefined ||
    raw.lat === "" ||
    raw.lng === "" ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    throw new ServiceError("VALIDATION", "errors.invalidCoordinates");
  }
  const from = { latitude: lat, longitude: lng };
  const [iraqi, world] = await ctx.db.batch([
    ctx.db
      .select()
      .from(cities)
      .where(and(between(cities.latitude, lat - BAND, lat + BAND))),
    ctx.db
      .select()
      .from(geoCities)
      .where(between(geoCities.latitude, lat - BAND, lat + BAND)),
  ]);
  const city = nearest(from, iraqi);
  const geo = nearest(from, world);
  if (city && (!geo || city.distanceKm <= geo.distanceKm + 25)) {
    const c = city.place;
    return {
      citySlug: c.slug,
      name: c.nameEn,
      nameAr: c.nameAr,
      nameKu: c.nameKu,
      countryCode: c.countryCode,
      distanceKm: Math.round(city.distanceKm * 10) / 10,
    };
  }
  if (geo) {
    const g = geo.place;
    return {
      citySlug: null,
      name: g.name,
      nameAr: null,
      nameKu: null,
      countryCode: g.countryCode,
      distanceKm: Math.round(geo.distanceKm * 10) / 10,
    };
  }
  throw new ServiceError("NOT_FOUND", "errors.noNearbyCity");
}
