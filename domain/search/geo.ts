/** Distances on the earth for "near me" (SPEC §9: haversine, R = 6371 km). Pure. */
export const EARTH_RADIUS_KM = 6371;
/** How far the nearest known city may be (SPEC §9). */
export const NEAREST_CITY_RADIUS_KM = 100;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The closest of `places` within `radiusKm`, with its distance; null when none is that close. */
export function nearest<P extends { latitude: number; longitude: number }>(
  from: { latitude: number; longitude: number },
  places: readonly P[],
  radiusKm = NEAREST_CITY_RADIUS_KM,
): { place: P; distanceKm: number } | null {
  let best: { place: P; distanceKm: number } | null = null;
  for (const place of places) {
    const d = haversineKm(from, place);
    if (d <= radiusKm && (!best || d < best.distanceKm)) best = { place, distanceKm: d };
  }
  return best;
}

/** A latitude/longitude box that contains every point within `radiusKm` of `center`. */
export function boundingBox(center: { latitude: number; longitude: number }, radiusKm: number) {
  const dLat = radiusKm / 111.32;
  const cos = Math.max(0.01, Math.cos(rad(center.latitude)));
  const dLng = radiusKm / (111.32 * cos);
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
    cos,
  };
}

/**
 * Grid cells, as the two indexes compute them: 100 per degree (0.01°, ~1.1 km north–south,
 * service_providers_geo_cell_idx) and 500 per degree (0.002°, ~220 m, service_providers_geo_fine_idx).
 */
export type CellsPerDegree = 100 | 500;
export const latCell = (lat: number, per: CellsPerDegree = 100) => Math.trunc((lat + 90) * per);
export const lngCell = (lng: number, per: CellsPerDegree = 100) => Math.trunc((lng + 180) * per);
