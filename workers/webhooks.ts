import { webhookCallback } from "grammy";
import { Hono, type Context } from "hono";
// only the signature check, not the whole twilio package (STACK.md pitfall 11)
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import type { AppBindings, Env } from "./env";
import { botFor } from "./services";
import { MAX_TELEGRAM_UPDATE_BYTES, MAX_TWILIO_FORM_BYTES, readAtMost } from "./bodyLimit";
import { sameSecret } from "../domain/accounts/sameSecret";

/** The bot's webhooks: each request verified and bounded here, then handed to the bot (bot/bot.ts). */
export const webhooks = new Hono<AppBindings>();

const forbidden = (c: { json: (body: unknown, status: 403) => Response }): Response =>
  c.json({ message: "Forbidden" }, 403);

/** The public origin: PUBLIC_URL in production (behind Cloudflare the request URL is the same), else the request's. */
export const siteUrl = (env: Env, requestUrl: string) =>
  (env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/$/, "");

// Telegram: the secret token set with setWebhook must come back in every call; grammY checks it too.
webhooks.post("/telegram", async (c) => {
  const secret = c.env.TELEGRAM_WEBHOOK_SECRET;
  if (
    !c.env.TELEGRAM_BOT_TOKEN ||
    !secret ||
    !sameSecret(c.req.header("X-Telegram-Bot-Api-Secret-Token") ?? "", secret)
  )
    return forbidden(c);
  // the update is read (at most MAX_TELEGRAM_UPDATE_BYTES) and checked to be an update before grammY sees it: a body of
  // "{" or "null" is Telegram's mistake or someone else's, a 400, never a 500
  const bytes = await readAtMost(c.req.raw, MAX_TELEGRAM_UPDATE_BYTES);
  if (bytes === null) return c.json({ message: "Request body too large" }, 413);
  let update: unknown;
  try {
    update = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    update = null;
  }
  if (
    !update ||
    typeof update !== "object" ||
    Array.isArray(update) ||
    !Number.isSafeInteger((update as { update_id?: unknown }).update_id)
  ) {
    console.warn("[client] 400 POST /webhooks/telegram: not a Telegram update");
    return c.json({ message: "Not a Telegram update" }, 400);
  }
  const bot = botFor(c.env).telegram(siteUrl(c.env, c.req.url));
  const forward = new Request(c.req.url, { method: "POST", headers: c.req.raw.headers, body: bytes });
  return webhookCallback(bot, "std/http", { secretToken: secret, timeoutMilliseconds: 9_000 })(forward);
});

/**
 * A Twilio form post, read within its bound and checked with X-Twilio-Signature over the exact public URL and the form
 * fields by twilio's own code: the form, or the answer that refuses it.
 */
async function twilioForm(c: Context<AppBindings>): Promise<Record<string, string> | Response> {
  const token = c.env.TWILIO_AUTH_TOKEN;
  const signature = c.req.header("X-Twilio-Signature");
  if (!token || !signature) return forbidden(c);
  // a Twilio form is a few KB: anything bigger is refused before it is decoded or signed
  const bytes = await readAtMost(c.req.raw, MAX_TWILIO_FORM_BYTES);
  if (bytes === null) return c.json({ message: "Request body too large" }, 413);
  const form = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
  const url = c.env.PUBLIC_URL
    ? `${siteUrl(c.env, c.req.url)}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`
    : c.req.url;
  return validateRequest(token, signature, url, form) ? form : forbidden(c);
}

// WhatsApp (Twilio)
webhooks.post("/whatsapp", async (c) => {
  const form = await twilioForm(c);
  if (form instanceof Response) return form;
  await botFor(c.env).whatsapp(form, siteUrl(c.env, c.req.url));
  // the replies went out through the Messages API; Twilio only needs an empty TwiML answer
  return c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, { "Content-Type": "text/xml" });
});

// SMS (Twilio, the number TWILIO_SMS_FROM): a number's STOP and START; the answer is TwiML (ADR 075)
webhooks.post("/sms", async (c) => {
  const form = await twilioForm(c);
  if (form instanceof Response) return form;
  return c.body(await botFor(c.env).sms(form), 200, { "Content-Type": "text/xml" });
});

webhooks.all("*", (c) => forbidden(c));
