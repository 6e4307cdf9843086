import { Hono } from "hono";
import { countProviderEvent, isContactKind } from "../../domain/analytics/countProviderEvent";
import { ServiceError } from "../../domain/errors";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";
import { jsonBody } from "./body";

/**
 * POST /api/providers/:id/contact-click { kind: call | whatsapp | chat } → 204. Sent by
 * navigator.sendBeacon (text/plain) or fetch keepalive (JSON) as a customer reaches out.
 */
export const providerEventsApi = new Hono<AppBindings>().post("/:id/contact-click", async (c) => {
  const body = (await jsonBody(c)) as { kind?: unknown } | null;
  if (!isContactKind(body?.kind)) throw new ServiceError("VALIDATION", "errors.invalidContactKind");
  await countProviderEvent(ctxOf(c), c.req.param("id"), body.kind);
  return c.body(null, 204);
});
