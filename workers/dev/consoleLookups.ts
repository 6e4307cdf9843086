// The bot console's lookups (development only, behind the console's own switch): the newest code queued for a phone,
// a listing's number to play, and the texts held for it through quiet hours.
import { Hono } from "hono";
import { localizeParams } from "../../domain/text/localParams";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { translatorFor } from "../../i18n/translator";
import type { AppBindings } from "../env";
import { openPayload, type OutboxPayload } from "../queue/outbox";

export const consoleLookups = new Hono<AppBindings>();

/**
 * The newest verification code queued for a phone (E.164), opened from its sealed outbox row: what the phone
 * received through the stand-ins (or the server log when they are not running). Development only.
 */
consoleLookups.get("/code", async (c) => {
  const to = String(c.req.query("to") ?? "").replace(/[^+\d]/g, "");
  const row = await c.env.DB.prepare(
    // the newest code of either kind: a reset code after a verification code is the one the person waits for
    "SELECT payload FROM outbox WHERE recipient = ? AND (payload LIKE '%messages.verificationCode%' OR payload " +
      "LIKE '%messages.resetCode%') ORDER BY id DESC LIMIT 1",
  )
    .bind(to)
    .first<{ payload: string }>();
  if (!row) return c.json({ message: `No code was queued for ${to}.` }, 404);
  return c.json({ code: String((await openPayload(c.env, row.payload)).params.code) });
});

/**
 * A listing's number, to play it in the console: the SMS it was sent shows in its chat (the stand-in records Twilio's
 * Messages API calls to the bare number), its link opens, and it writes to the bot from there.
 */
consoleLookups.get("/listing", async (c) => {
  const id = Number(c.req.query("id"));
  const row =
    Number.isSafeInteger(id) && id > 0
      ? await c.env.DB.prepare("SELECT id, name, phone FROM service_providers WHERE id = ?")
          .bind(id)
          .first<{ id: number; name: string; phone: string }>()
      : null;
  if (!row) return c.json({ message: `No listing #${c.req.query("id") ?? ""}.` }, 404);
  return c.json({ id: row.id, name: row.name, phone: normalizeIraqiPhone(row.phone) ?? row.phone });
});

/**
 * What waits in the outbox for a number through quiet hours (ADR 047, 076): each held message with the time it goes,
 * so a listing's number played at night shows that its text comes at 08:00. The link stays sealed until then.
 */
consoleLookups.get("/held", async (c) => {
  const to = String(c.req.query("to") ?? "").replace(/[^+\d]/g, "");
  const query = "SELECT payload FROM outbox WHERE recipient = ? AND status IN ('pending', 'failed') ORDER BY id";
  const { results } = await c.env.DB.prepare(query).bind(to).all<{ payload: string }>();
  const held = results
    .map((r) => JSON.parse(r.payload) as OutboxPayload)
    .filter((p) => p.notBefore && p.notBefore > Date.now());
  // the day and slot in the reader's words, as the deliverer writes them
  const text = (p: OutboxPayload, t = translatorFor(p.lang)) =>
    p.text ?? t(p.key, localizeParams(p.lang, { ...p.params, link: "…", dalil: "…" }, t));
  return c.json(held.map((p) => ({ at: p.notBefore, text: text(p) })));
});
