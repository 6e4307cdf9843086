/**
 * Payments (ADR 085): POST /api/payments starts one ({ purpose, gateway, … }: the amount is the server's), GET
 * /api/payments/:id shows it to its payer and the admin, POST /api/payments/:id/check asks the gateway where it stands
 * (the return page). The gateways' webhook doors are `paymentWebhooks`, mounted at /webhooks/payments.
 */
import { Hono } from "hono";
import { GATEWAYS, type GatewayName } from "../../domain/payments/gateway";
import { paymentCallback, getPayment, refreshPayment } from "../../domain/payments/payments";
import { startPayment } from "../../domain/payments/startPayment";
import { setDepositAmount } from "../../domain/payments/deposit";
import { LIMITS, takeIpSlot } from "../../domain/rateLimit";
import { readAtMost } from "../bodyLimit";
import type { AppBindings } from "../env";
import { clientOf, serviceContext } from "../services";
import { siteOrigin } from "../siteOrigin";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

export const paymentsApi = new Hono<AppBindings>()
  .post("/", async (c) => c.json(await startPayment(ctxOf(c), await jsonBody(c), siteOrigin(c.env, c.req.url)), 201))
  .get("/:id", async (c) => c.json(await getPayment(ctxOf(c), c.req.param("id"))))
  .post("/:id/check", async (c) => c.json(await refreshPayment(ctxOf(c), c.req.param("id"))))
  // the provider's deposit asked at booking: { amount } in dinars, or null/0 for none
  .put("/deposit", async (c) => c.json(await setDepositAmount(ctxOf(c), await jsonBody(c))));

/** A gateway's callback is small: ZainCash's token, Qi's JSON, FIB's { id, status }. */
const MAX_CALLBACK_BYTES = 16 * 1024;

/**
 * The gateways' doors: the body is read against its bound, untouched (the gateways sign bytes), and handed to the
 * domain. 200 when it was taken (a duplicate too, so the gateway stops resending), 400 when it proved nothing,
 * 503 when the gateway itself could not be asked (it sends again). A gateway that is off is a 404.
 */
export const paymentWebhooks = new Hono<AppBindings>().post("/:gateway", async (c) => {
  const name = c.req.param("gateway") as GatewayName;
  const ctx = serviceContext(c.env, { actor: { kind: "system" }, client: clientOf(c.req.raw) });
  if (!GATEWAYS.includes(name) || !ctx.ports.payments.gateways[name]) return c.text("not found", 404);
  await takeIpSlot(ctx, LIMITS.paymentCallbacks);
  const bytes = await readAtMost(c.req.raw, MAX_CALLBACK_BYTES);
  if (!bytes) return c.text("too large", 413);
  const outcome = await paymentCallback(ctx, name, {
    url: c.req.url,
    body: new TextDecoder().decode(bytes),
    headers: c.req.raw.headers,
  });
  if (outcome === "retry") return c.text("try again", 503);
  return outcome === "ok" ? c.text("ok") : c.text("rejected", 400);
});
