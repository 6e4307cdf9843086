import type { Env } from "../../workers/env";
import { serviceContext } from "../../workers/services";
import { translatorFor } from "../../i18n/translator";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { handleInbound } from "../engine/engine";
import type { BotEvent } from "../engine/types";
import { claimUpdate, releaseUpdate } from "../processedUpdates";
import { phoneOf, sendWhatsApp } from "./api";
import { toWhatsAppBody } from "./format";
import { queueOutbox } from "../../workers/queue/outbox";
import { sessionContent } from "./templates";
import { MAX_IMAGE_BYTES } from "../../domain/uploads/storeImage";
import { readAtMost } from "../../workers/bodyLimit";

/** A Twilio inbound-message form as an engine event. */
export function whatsappEvent(form: Record<string, string>, env?: Env): BotEvent {
  const lat = Number(form.Latitude);
  const lng = Number(form.Longitude);
  if (form.Latitude && form.Longitude && Number.isFinite(lat) && Number.isFinite(lng)) return { kind: "location", lat, lng };
  if (env && Number(form.NumMedia) > 0 && /^image\//.test(form.MediaContentType0 ?? "") && form.MediaUrl0) {
    const url = form.MediaUrl0;
    return { kind: "image", caption: form.Body, fetch: () => twilioMedia(env, url) };
  }
  // a voice note or any other file the bot cannot read (issue #31 item 9)
  if (Number(form.NumMedia) > 0 && !/^image\//.test(form.MediaContentType0 ?? "")) return { kind: "unreadable", what: /^audio\//.test(form.MediaContentType0 ?? "") ? "voice" : "other" };
  // a tapped quick-reply button carries its payload, a row chosen from a list its id; typed text is the body
  if (form.ButtonPayload) return { kind: "action", action: form.ButtonPayload };
  if (form.ListId) return { kind: "action", action: form.ListId };
  return { kind: "text", text: form.Body ?? "" };
}

/**
 * The WhatsApp adapter: one verified Twilio form post in, the engine's replies out through the Messages
 * API (TWILIO_API_BASE). The sender's number is proven by Twilio, so it is the account with that phone.
 */
export async function handleWhatsApp(env: Env, form: Record<string, string>, siteUrl: string): Promise<void> {
  const ctx = serviceContext(env);
  const key = `wa:${form.MessageSid ?? form.SmsMessageSid ?? ""}`;
  if (key === "wa:" || !(await claimUpdate(ctx.db, key))) return;
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
        event: whatsappEvent(form, env),
      },
    );
    const t = translatorFor(lang);
    for (const reply of replies) {
      try {
        await sendWhatsApp(env, from, sessionContent(env, reply, lang));
      } catch {
        // Twilio didn't take it now: the outbox keeps it (as numbered text) and retries
        await queueOutbox(env).enqueue({ channel: "whatsapp", recipient: from, key: "", text: toWhatsAppBody(reply, t("bot.replyWithNumber"), lang), lang });
      }
    }
  } catch (err) {
    await releaseUpdate(ctx.db, key);
    throw err;
  }
}

/**
 * A photo the person sent, from Twilio's media URL (basic auth with our account). Only from Twilio's own API
 * origin: a form field is never a way to make the Worker fetch someone else's address.
 */
async function twilioMedia(env: Env, url: string): Promise<ArrayBuffer | null> {
  const base = new URL(env.TWILIO_API_BASE || "https://api.twilio.com");
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.origin !== base.origin || !env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  const res = await fetch(target, { headers: { Authorization: `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}` } });
  if (!res.ok) return null;
  // a photo over the limit is not read past it: null, and the person is asked for a smaller one
  return (await readAtMost(res, MAX_IMAGE_BYTES))?.buffer ?? null;
}
