import { Hono } from "hono";
import { isAdPosition, listAds } from "../../domain/ads/listAds";
import { ServiceError } from "../../domain/errors";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

/** GET /api/ads?position=hero|category|sidebar|footer → the ads running there now ([] when none). */
export const adsApi = new Hono<AppBindings>().get("/", async (c) => {
  const position = c.req.query("position");
  if (!isAdPosition(position)) throw new ServiceError("VALIDATION", "errors.invalidAdPosition");
  return c.json(await listAds(serviceContext(c.env, { locale: c.get("lang") }), position));
});
