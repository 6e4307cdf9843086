import type { MiddlewareHandler } from "hono";
import { translatorFor } from "../../i18n/translator";
import type { AppBindings } from "../env";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request must come from our own origin. Browsers send Origin on every
 * cross-site POST; where it is missing, Sec-Fetch-Site tells. Requests with neither are not from a
 * browser page (curl, servers) and carry no ambient cookie of a victim.
 */
export const sameOrigin: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const own = new URL(c.req.url).origin;
  const origin = c.req.header("Origin");
  const site = c.req.header("Sec-Fetch-Site");
  const refused = origin ? origin !== own : site ? site !== "same-origin" && site !== "none" : false;
  if (refused) return c.json({ message: translatorFor(c.get("lang"))("errors.crossOrigin") }, 403);
  return next();
};
