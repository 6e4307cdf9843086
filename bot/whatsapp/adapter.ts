import type { BotDeps, BotEnv } from "../deps";
import { translatorFor } from "../../i18n/translator";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { handleInbound } from "../engine/engine";
import type { BotEvent } from "../engine/types";
import { claimUpdate, releaseUpdate } from "../processedUpdates";
import { phoneOf, sendWhatsApp } from "./api";
import { toWhatsAppBody } from "./format";
import { sessionContent } from "./templates";
import { MAX_IMAGE_BYTES } from "../../domain/uploads/storeImage";
import { MAX_CHANNEL_VOICE_BYTES } from "../../domain/uploads/storeVoice";

/** A Twilio inbound-message form as an engine event. */
export function whatsappEvent(form: Record<string, string>, deps?: BotDeps): BotEvent {
  const lat = Number(form.Latitude);
  const lng = Number(form.Longitude);
  if (form.Latitude && form.Longitude && Number.isFinite(lat) && Number.isFinite(lng))
    return { kind: "location", lat, lng };
  if (deps && Number(form.NumMedia) > 0 && /^image\//.test(form.MediaContentType0 ?? "") && form.MediaUrl0) {
    const url = form.MediaUrl0;
    return {
      kind: "image",
      caption: form.Body,
      fetch: async () => nullIfTooLarge(await twilioMedia(deps, url, MAX_IMAGE_BYTES)),
    };
  }
  // a voice note (WhatsApp sends Ogg/Opus as audio/ogg): carried into a chat, then Twilio's copy is deleted
  if (deps && Number(form.NumMedia) > 0 && /^audio\//.test(form.MediaContentType0 ?? "") && form.MediaUrl0) {
    const url = form.MediaUrl0;
    return {
      kind: "voice",
      fetch: () => twilioMedia(deps, url, MAX_CHANNEL_VOICE_BYTES),
      done: () => deleteTwilioMedia(deps.env, url),
    };
  }
  // a voice note or any other file the bot cannot read
  if (Number(form.NumMedia) > 0 && !/^image\//.test(form.MediaContentType0 ?? ""))
    return { kind: "unreadable", what: /^audio\//.test(form.MediaContentType0 ?? "") ? "voice" : "other" };
  // a tapped quick-reply button carries its payload, a row chosen from a list its id; typed text is the body
  if (form.ButtonPayload) return { kind: "action", action: form.ButtonPayload };
  if (form.ListId) return { kind: "action", action: form.ListId };
  return { kind: "text", text: form.Body ?? "" };
}

/**
 * The WhatsApp adapter: one verified Twilio form post in, the engine's replies out through the Messages
 * API (TWILIO_API_BASE). The sender's number is proven by Twilio, so it is the account with that phone.
 */
export async function handleWhatsApp(deps: BotDeps, form: Record<string, string>, siteUrl: string): Promise<void> {
  const env = deps.env;
  const ctx = deps.services();
  const key = `wa:${form.MessageSid ?? form.SmsMessageSid ?? ""}`;
  // kept in the chat's own object (ADR 054): the sender's number is the chat
  const scope = `whatsapp:${phoneOf(form.From ?? "")}`;
  if (key === "wa:" || !(await claimUpdate(deps, scope, key))) return;
  try {
    const from = phoneOf(form.From ?? "");
    if (!/^\+\d{8,15}$/.test(from)) return;
    const { replies, lang } = await handleInbound(
      { ctx, siteUrl },
      {
        channel: "whatsapp",
        externalId: from,
        profileName: form.ProfileName,
        // only numbers Dalil accepts as accounts (Iraqi mobiles) become accounts
        provenPhone: normalizeIraqiPhone(from) ?? undefined,
        ...(form.OriginalRepliedMessageSid ? { repliedTo: form.OriginalRepliedMessageSid } : {}),
        messageId: form.MessageSid,
        event: whatsappEvent(form, deps),
      },
    );
    const t = translatorFor(lang);
    for (const reply of replies) {
      try {
        await sendWhatsApp(env, from, sessionContent(env, reply, lang));
      } catch {
        // Twilio didn't take it now: the outbox keeps it (as numbered text) and retries
        await ctx.ports.outbox.enqueue({
          channel: "whatsapp",
          recipient: from,
          key: "",
          text: toWhatsAppBody(reply, t("bot.replyWithNumber"), lang),
          lang,
        });
      }
    }
  } catch (err) {
    await releaseUpdate(deps, scope, key);
    throw err;
  }
}

const nullIfTooLarge = (x: ArrayBuffer | null | "tooLarge") => (x === "tooLarge" ? null : x);

/**
 * Twilio's address of a file a person sent, when it is one: on the configured Twilio API origin (scheme, host
 * and port all equal), under our own account's messages (`/2010-04-01/Accounts/<our SID>/Messages/<SID>/Media/<SID>`),
 * with nothing else in it. A form field is never a way to make the Worker fetch someone else's address, nor to
 * send our credentials anywhere but Twilio.
 */
export function twilioMediaUrl(env: BotEnv, url: string): URL | null {
  const base = new URL(env.TWILIO_API_BASE || "https://api.twilio.com");
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.protocol !== base.protocol || target.host !== base.host || target.origin !== base.origin) return null;
  if (target.username || target.password || target.search || target.hash || !env.TWILIO_ACCOUNT_SID) return null;
  const path = new RegExp(
    `^/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages/[A-Za-z0-9]{2,64}/Media/[A-Za-z0-9]{2,64}$`,
  );
  return path.test(target.pathname) ? target : null;
}

const twilioAuth = (env: BotEnv) => `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`;

/**
 * A file the person sent, from Twilio's media URL (basic auth with our account), read up to `limit` bytes
 * ("tooLarge" past it, never read further). Twilio may answer with a redirect to its file store: that one hop
 * is followed without our credentials (the address came from Twilio's authenticated answer, not from the form).
 */
async function twilioMedia(
  { env, readAtMost }: BotDeps,
  url: string,
  limit: number,
): Promise<ArrayBuffer | null | "tooLarge"> {
  const target = twilioMediaUrl(env, url);
  if (!target || !env.TWILIO_AUTH_TOKEN) return null;
  let res = await fetch(target, { headers: { Authorization: twilioAuth(env) }, redirect: "manual" });
  const location = res.status >= 300 && res.status < 400 ? res.headers.get("Location") : null;
  if (location) {
    const next = new URL(location, target);
    if (next.protocol !== "https:" && next.origin !== target.origin) return null;
    res = await fetch(next, { redirect: "manual" });
  }
  if (!res.ok) return null;
  const bytes = await readAtMost(res, limit);
  return bytes === null ? "tooLarge" : bytes.buffer;
}

/** Removes Twilio's copy of a file once ours is stored (DELETE …/Media/<SID>.json). */
async function deleteTwilioMedia(env: BotEnv, url: string): Promise<void> {
  const target = twilioMediaUrl(env, url);
  if (!target || !env.TWILIO_AUTH_TOKEN) return;
  const res = await fetch(`${target.toString()}.json`, {
    method: "DELETE",
    headers: { Authorization: twilioAuth(env) },
  });
  if (!res.ok && res.status !== 404) throw new Error(`twilio media delete ${res.status}`);
}
