import { Hono } from "hono";
import { adminDeleteAccount, deleteMyAccount } from "../../domain/accounts/deleteAccount";
import { exportMyData } from "../../domain/accounts/exportData";
import { idParam } from "../../domain/ids";
import type { AppBindings } from "../env";
import { clearSessionCookie } from "../middleware/session";
import { jsonBody } from "./body";
import { ctxOf } from "./context";
import { siteOrigin } from "../siteOrigin";

/** The person's data (ADR 041): leave Dalil, take your data with you. Mounted at /api. */
export const accountDataApi = new Hono<AppBindings>()
  .post("/auth/delete-account", async (c) => {
    await deleteMyAccount(ctxOf(c), await jsonBody(c));
    clearSessionCookie(c);
    return c.json({ ok: true });
  })
  .post("/admin/users/:id/delete", async (c) => {
    await adminDeleteAccount(ctxOf(c), idParam(c.req.param("id")), await jsonBody(c));
    return c.json({ ok: true });
  })
  .get("/me/export", async (c) => {
    // a voice note's link is the site's own address
    const { filename, chunks } = await exportMyData(ctxOf(c), { origin: siteOrigin(c.env, c.req.url) });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  });
