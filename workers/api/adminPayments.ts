/**
 * The admin's payments (ADR 085), mounted inside the admin API (its guard answers everyone else 401/403, and every
 * verb checks again): the list and its CSV, a payment's story, refunds, a listing's balance, the prices, and the
 * contested deposits.
 */
import { Hono } from "hono";
import {
  adminContestedDeposits,
  adminListPayments,
  adminPaymentEvents,
  adminPaymentsCsv,
  adminPrices,
  adminProviderBalance,
  adminRefund,
  decideContestedDeposit,
  updatePrices,
} from "../../domain/payments/admin";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

const body = async (c: Parameters<typeof jsonBody>[0]) =>
  c.req.header("Content-Type")?.includes("json") ? await jsonBody(c) : {};

export const adminPaymentsApi = new Hono<AppBindings>()
  .get("/payments", async (c) => c.json(await adminListPayments(ctxOf(c), c.req.query())))
  .get("/payments.csv", async (c) => {
    const csv = await adminPaymentsCsv(ctxOf(c), c.req.query());
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="dalil-payments-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  })
  .get("/payments/:id/events", async (c) => c.json({ items: await adminPaymentEvents(ctxOf(c), c.req.param("id")) }))
  .post("/payments/:id/refund", async (c) => c.json(await adminRefund(ctxOf(c), c.req.param("id"), await body(c))))
  .get("/providers/:id/balance", async (c) => c.json(await adminProviderBalance(ctxOf(c), c.req.param("id"))))
  .get("/prices", async (c) => c.json(await adminPrices(ctxOf(c))))
  .put("/prices", async (c) => c.json(await updatePrices(ctxOf(c), await jsonBody(c))))
  .get("/deposits/contested", async (c) => c.json({ items: await adminContestedDeposits(ctxOf(c)) }))
  .post("/deposits/:id/refund", async (c) =>
    c.json(await decideContestedDeposit(ctxOf(c), c.req.param("id"), "refund")),
  )
  .post("/deposits/:id/keep", async (c) => c.json(await decideContestedDeposit(ctxOf(c), c.req.param("id"), "keep")));
