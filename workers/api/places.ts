import { Hono } from "hono";
import { nearestPlace } from "../../domain/places/nearestPlace";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

/** GET /api/places/nearest?lat=&lng= → the nearest known city within 100 km, or 404. */
export const placesApi = new Hono<AppBindings>().get("/nearest", async (c) => {
  return c.json(await nearestPlace(serviceContext(c.env), { lat: c.req.query("lat"), lng: c.req.query("lng") }));
});
