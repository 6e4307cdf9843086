import type { Env } from "../../workers/env";
import { serviceContext } from "../../workers/services";
import { translatorFor } from "../../web/i18n/translator";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { handleInbound } from "../engine/engine";
import type { BotEvent } from "../engine/types";
import { claimUpdate, releaseUpdate } from "../processedUpdates";
import { phoneOf, sendWhatsApp } from "./api";
import { toWhatsAppBody } from "./format";
import { queueOutbox } from "../../workers/queue/outbox";

/** A Twilio inbound-message form as an engine event. */
export function whatsappEvent(form: Record<string, string>): BotEvent {
  const lat = Number(form.Latitude);
  const lng = Number(form.Longitude);
  if (form.Latitude && form.Longitude && Number.isFinite(lat) && Number.isFinite(lng)) return { kind: "location", lat, lng };
  // a tapped quick-reply button carries its payload; typed text is the body
  if (form.ButtonPayload) return { kind: "action", action: form.ButtonPayload };
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
        event: whatsappEvent(form),
      },
    );
    const t = translatorFor(lang);
    for (const reply of replies) {
      const body = toWhatsAppBody(reply, t("bot.replyWithNumber"));
      try {
        await sendWhatsApp(env, from, { body });
      } catch {
        // Twilio didn't take it now: the outbox keeps it and retries
        await queueOutbox(env).enqueue({ channel: "whatsapp", recipient: from, key: "", text: body, lang });
      }
    }
  } catch (err) {
    await releaseUpdate(ctx.db, key);
    throw err;
  }
}
