import { and, eq, isNull } from "drizzle-orm";
import { cities, serviceProviders, serviceRequests } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { notify } from "../notifications/notifications";
import { resolvePlace } from "../providers/writeProvider";
import { releaseOnError, takeSlot, type Limit } from "../rateLimit";
import { haversineKm } from "../search/geo";
import { parseInput } from "../validation";
import { QUOTE_RADIUS_KM, serviceRequestSchema } from "./schemas";
import { requestColumns, toRequestView, type RequestView } from "./view";

/** Requests a customer may post: 5 an hour, taken atomically before the insert. */
const requestLimit = (userId: number): Limit => ({ key: `service-request:${userId}`, max: 5, windowMs: 60 * 60 * 1000 });
/** At most this many matching providers are told about a new request. */
const NOTIFY_AT_MOST = 30;

/** A signed-in customer asks providers of a category near them for quotes. Open for 7 days. */
export async function createServiceRequest(ctx: ServiceContext, raw: unknown): Promise<RequestView> {
  const { userId } = requireUser(ctx.actor);
  const input = parseInput(serviceRequestSchema(ctx.now()), raw);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  const [city] = await ctx.db.select({ latitude: cities.latitude, longitude: cities.longitude }).from(cities).where(eq(cities.id, place.cityId)).limit(1);
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
        deadline: input.deadline ? new Date(`${input.deadline}T00:00:00+03:00`) : null,
      })
      .returning(requestColumns),
  );
  const request = toRequestView(row!, ctx.now());

  // tell the providers who can quote (same category, in the city or within 50 km)
  const candidates = await ctx.db
    .select({ userId: serviceProviders.userId, cityId: serviceProviders.cityId, latitude: cities.latitude, longitude: cities.longitude })
    .from(serviceProviders)
    .leftJoin(cities, eq(cities.id, serviceProviders.cityId))
    .where(and(eq(serviceProviders.categoryId, input.categoryId), isNull(serviceProviders.hiddenAt)))
    .limit(2000);
  const near = candidates.filter(
    (p) =>
      p.userId !== null &&
      p.userId !== userId &&
      (p.cityId === place.cityId || (city && p.latitude !== null && p.longitude !== null && haversineKm(city, { latitude: p.latitude, longitude: p.longitude }) <= QUOTE_RADIUS_KM)),
  );
  for (const p of near.slice(0, NOTIFY_AT_MOST)) {
    await notify(ctx, { userId: p.userId!, type: "request", key: "notices.requestPosted", params: { title: input.title.slice(0, 80), city: place.city }, relatedId: request.id });
  }
  return request;
}
