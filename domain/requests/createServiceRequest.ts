import { and, eq, isNull } from "drizzle-orm";
import { cities, serviceProviders, serviceRequests } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { notify } from "../notifications/notifications";
import { resolvePlace } from "../providers/writeProvider";
import { releaseOnError, takeSlot, type Limit } from "../rateLimit";
import { haversineKm } from "../search/geo";
import { parseInput } from "../validation";
import { QUOTE_RADIUS_KM, serviceRequestSchema } from "./schemas";
import { requestColumns, toRequestView, type RequestView } from "./view";
import { baghdadStartOf } from "../baghdadTime";

/** Requests a customer may post: 5 an hour, taken atomically before the insert. */
const requestLimit = (userId: number): Limit => ({
  key: `service-request:${userId}`,
  max: 5,
  windowMs: 60 * 60 * 1000,
});
/**
 * At most this many matching providers are told about a new request (ADR 022): the ones in the request's own
 * city first, then the nearest. With 5 requests an hour per verified account, one account reaches at most
 * 50 providers an hour.
 */
export const NOTIFY_AT_MOST = 10;

/** A signed-in customer asks providers of a category near them for quotes. Open for 7 days. */
export async function createServiceRequest(ctx: ServiceContext, raw: unknown): Promise<RequestView> {
  const { userId } = requireUser(ctx.actor);
  const input = parseInput(serviceRequestSchema(ctx.now()), raw);
  // only a proven phone may post: a request alerts providers on WhatsApp and Telegram (ADR 022)
  await requireVerifiedPhone(ctx, userId);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  const [city] = await ctx.db
    .select({ latitude: cities.latitude, longitude: cities.longitude })
    .from(cities)
    .where(eq(cities.id, place.cityId))
    .limit(1);
  const slot = await takeSlot(ctx, requestLimit(userId));
  const [row] = await releaseOnError(slot, () =>
    ctx.db
      .insert(serviceRequests)
      .values({
        customerId: userId,
        categoryId: input.categoryId,
        title: input.title,
        description: input.description,
        budget: input.budget ?? null,
        urgency: input.urgency,
        preferredLocation: input.location,
        city: place.city,
        cityId: place.cityId,
        latitude: city?.latitude ?? null,
        longitude: city?.longitude ?? null,
        // the deadline is a Baghdad calendar day: stored as its start (UTC+3)
        deadline: input.deadline ? new Date(baghdadStartOf(input.deadline)) : null,
      })
      .returning(requestColumns),
  );
  const request = toRequestView(row!, ctx.now());

  // tell the providers who can quote (same category, in the city or within 50 km)
  const candidates = await ctx.db
    .select({
      userId: serviceProviders.userId,
      cityId: serviceProviders.cityId,
      latitude: cities.latitude,
      longitude: cities.longitude,
    })
    .from(serviceProviders)
    .leftJoin(cities, eq(cities.id, serviceProviders.cityId))
    .where(and(eq(serviceProviders.categoryId, input.categoryId), isNull(serviceProviders.hiddenAt)))
    .limit(2000);
  const distance = (p: (typeof candidates)[number]) =>
    p.cityId === place.cityId
      ? 0
      : city && p.latitude !== null && p.longitude !== null
        ? haversineKm(city, { latitude: p.latitude, longitude: p.longitude })
        : Infinity;
  // the same person may run several listings: one alert each
  const seen = new Set<number>();
  const near = candidates
    .filter((p) => p.userId !== null && p.userId !== userId && distance(p) <= QUOTE_RADIUS_KM)
    .sort((a, b) => distance(a) - distance(b))
    .filter((p) => !seen.has(p.userId!) && seen.add(p.userId!));
  for (const p of near.slice(0, NOTIFY_AT_MOST)) {
    await notify(ctx, {
      userId: p.userId!,
      type: "request",
      key: "notices.requestPosted",
      params: { title: input.title.slice(0, 80), city: place.city },
      relatedId: request.id,
    });
  }
  return request;
}
