import type { MiddlewareHandler } from "hono";
import { translatorFor } from "../../i18n/translator";
import type { AppBindings } from "../env";

/**
 * A coarse per-IP fence for the sign-in doors (login, register, code sending), on top of the exact
 * per-phone limits the domain counts in D1. Cloudflare sets CF-Connecting-IP in production; a local
 * request without it is not limited here.
 */
export const ipLimit: MiddlewareHandler<AppBindings> = async (c, next) => {
  const ip = c.req.header("CF-Connecting-IP");
  if (ip && c.req.method === "POST") {
    const { success } = await c.env.AUTH_IP_LIMITER.limit({ key: `auth:${ip}` });
    if (!success)
      return c.json({ message: translatorFor(c.get("lang"))("errors.rateLimited"), code: "RATE_LIMITED" }, 429);
  }
  return next();
};
