import { Hono } from "hono";
import { requireAdmin } from "../../domain/accounts/requireUser";
import { noShowCounts } from "../../domain/bookings/noShowCounts";
import { archivedBookingForAdmin } from "../../domain/bookings/archive";
import { listAllAdsForAdmin, saveAd, setAdActive } from "../../domain/ads/sponsoredAds";
import { approveApplication, listApplications, rejectApplication } from "../../domain/applications/reviewApplication";
import { moveChatMessages } from "../../domain/chat/moveChatMessages";
import { listChatReports, readReportedConversation } from "../../domain/chat/moderation";
import { listContactMessages, markContactHandled } from "../../domain/contact/contactMessages";
import { hideProvider, restoreProvider } from "../../domain/providers/deleteProvider";
import { adminListProviders } from "../../domain/providers/adminListProviders";
import type { AppBindings } from "../env";
import { adminPaymentsApi } from "./adminPayments";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

/**
 * Admin-only. The verbs check the actor themselves; this guard also answers unknown admin paths with 401/403, not 404.
 */
export const adminApi = new Hono<AppBindings>()
  .use("*", async (c, next) => {
    requireAdmin(c.get("actor"));
    await next();
  })
  .get("/applications", async (c) => c.json(await listApplications(ctxOf(c), { status: c.req.query("status") })))
  .post("/applications/:id/approve", async (c) => {
    const body = c.req.header("Content-Type")?.includes("json") ? await jsonBody(c) : {};
    return c.json(await approveApplication(ctxOf(c), c.req.param("id"), body));
  })
  .post("/applications/:id/reject", async (c) =>
    c.json(await rejectApplication(ctxOf(c), c.req.param("id"), await jsonBody(c))),
  )
  .get("/providers", async (c) =>
    c.json(await adminListProviders(ctxOf(c), { q: c.req.query("search"), page: c.req.query("page") })),
  )
  .post("/providers/:id/hide", async (c) => {
    await hideProvider(ctxOf(c), c.req.param("id"));
    return c.json({ ok: true });
  })
  .post("/providers/:id/restore", async (c) => {
    await restoreProvider(ctxOf(c), c.req.param("id"));
    return c.json({ ok: true });
  })
  // migration 0009's second half: moves the next batch of conversations' messages into their rooms (run until done: 0)
  .post("/chat/move-messages", async (c) => c.json(await moveChatMessages(ctxOf(c), { batch: 50 })))
  // no-shows per listing and per customer
  .get("/no-shows", async (c) => c.json(await noShowCounts(ctxOf(c))))
  // one archived booking, read-only, from the archive in R2 (ADR 069)
  .get("/archive/bookings/:id", async (c) => c.json(await archivedBookingForAdmin(ctxOf(c), c.req.param("id"))))
  .get("/chat/reports", async (c) => c.json({ items: await listChatReports(ctxOf(c)) }))
  .get("/chat/reports/:id", async (c) => c.json(await readReportedConversation(ctxOf(c), c.req.param("id"))))
  .get("/ads", async (c) => c.json(await listAllAdsForAdmin(ctxOf(c))))
  .post("/ads", async (c) => c.json(await saveAd(ctxOf(c), null, await jsonBody(c)), 201))
  .put("/ads/:id", async (c) => c.json(await saveAd(ctxOf(c), c.req.param("id"), await jsonBody(c))))
  .post("/ads/:id/enable", async (c) => {
    await setAdActive(ctxOf(c), c.req.param("id"), true);
    return c.json({ ok: true });
  })
  .post("/ads/:id/disable", async (c) => {
    await setAdActive(ctxOf(c), c.req.param("id"), false);
    return c.json({ ok: true });
  })
  .get("/contact-messages", async (c) =>
    c.json(await listContactMessages(ctxOf(c), { open: c.req.query("open") === "1" })),
  )
  .post("/contact-messages/:id/handled", async (c) => {
    await markContactHandled(ctxOf(c), c.req.param("id"), true);
    return c.json({ ok: true });
  })
  // payments, refunds, balances, prices and contested deposits (ADR 085)
  .route("/", adminPaymentsApi);
