import { and, eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { channelLinks, stoppedNumbers } from "../db/schema";
import type { Deliverers, OutboxPayload } from "../domain/ports";
import type { BotEnv, DelivererDeps } from "./deps";
import { translatorFor } from "../i18n/translator";
import { DeliveryError } from "../domain/errors";
import { localizeParams } from "../domain/text/localParams";
import { rememberMenu, rememberThread } from "./engine/chatStore";
import { choicesOf } from "./engine/state";
import type { Reply } from "./engine/types";
import { sendTelegram, sendTelegramVoice, telegramApi } from "./telegram/api";
import { isSiteVoiceUrl, voiceKeyOf, VOICE_PATH } from "../domain/uploads/storeVoice";
import { toTelegram } from "./telegram/format";
import { sendSms, sendWhatsApp } from "./whatsapp/api";
import { toWhatsAppBody } from "./whatsapp/format";
import { sessionContent, templateFor, templateSid, templateVariables } from "./whatsapp/templates";

/** WhatsApp allows free-form messages only within 24 h of the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

function replyOf(payload: OutboxPayload): Reply {
  const t = translatorFor(payload.lang);
  // a day and a slot queued as data ("2026-11-28", "flexible")
  // are written in the reader's words, as rendered notices are
  const params = localizeParams(payload.lang, payload.params, t);
  return {
    text: payload.text ?? t(payload.key, params),
    buttons: payload.buttons?.map((row) => row.map((b) => ({ label: t(b.key, params), action: b.action }))),
  };
}

async function linkOf(env: BotEnv, channel: "telegram" | "whatsapp", recipient: string) {
  const [link] = await createDb(env.DB)
    .select({ optedIn: channelLinks.optedIn, lastInboundAt: channelLinks.lastInboundAt })
    .from(channelLinks)
    .where(and(eq(channelLinks.channel, channel), eq(channelLinks.externalId, recipient)))
    .limit(1);
  return link ?? null;
}

/**
 * Bot API sendMessage with the buttons as an inline keyboard;
 * a voice note as sendVoice (its bytes, the text its caption).
 */
async function deliverTelegram({ env }: DelivererDeps, recipient: string, payload: OutboxPayload): Promise<void> {
  const reply = replyOf(payload);
  const t = translatorFor(payload.lang);
  const message = toTelegram(reply, {
    location: t("bot.shareLocationButton"),
    contact: t("bot.shareContactButton"),
    menu: t("bot.menu"),
  });
  const voice = payload.voiceUrl ? await voiceOf(env, payload.voiceUrl) : null;
  const messageId = voice
    ? await sendTelegramVoice(telegramApi(env), recipient, message, voice)
    : await sendTelegram(telegramApi(env), recipient, message, mediaOf(env, payload));
  if (reply.buttons?.length) {
    const { menu, menuWords } = choicesOf(reply.buttons.flat());
    await rememberMenu({ db: createDb(env.DB) }, "telegram", recipient, menu, Date.now(), messageId, menuWords);
  }
  if (payload.thread)
    await rememberThread({ db: createDb(env.DB) }, "telegram", recipient, payload.thread, Date.now(), messageId);
}

/**
 * Twilio Messages API. Never to a number that has not opted in (written to the bot, not sent "stop");
 * free text inside the 24-hour window, the approved template outside it.
 */
async function deliverWhatsApp(
  { env, signedVoiceUrl }: DelivererDeps,
  recipient: string,
  payload: OutboxPayload,
): Promise<void> {
  const link = await linkOf(env, "whatsapp", recipient);
  if (!link?.optedIn) throw new DeliveryError("whatsapp: recipient has not opted in", true);
  const reply = replyOf(payload);
  const inWindow = link.lastInboundAt !== null && Date.now() - link.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
  let messageId: string | undefined;
  let voiceId: string | undefined;
  if (inWindow) {
    messageId = await sendWhatsApp(env, recipient, sessionContent(env, reply, payload.lang, mediaOf(env, payload)));
    // a voice note follows its line as a message of its own (WhatsApp shows Ogg/Opus as a voice note, without a
    // caption); Twilio fetches it from a short-lived signed address, HEAD then GET
    if (payload.voiceUrl) {
      const url = await signedVoiceUrl(
        env.PUBLIC_URL || "http://localhost:8787",
        payload.voiceUrl.slice(VOICE_PATH.length),
      );
      if (!url) throw new DeliveryError("whatsapp: voice notes need TWILIO_AUTH_TOKEN to sign their address", true);
      voiceId = await sendWhatsApp(env, recipient, { body: "", mediaUrl: url });
    }
  } else {
    const name = templateFor(payload.key);
    const sid = templateSid(env, name, payload.lang);
    if (!sid)
      throw new DeliveryError(`whatsapp: no template SID for ${name}/${payload.lang} (outside the 24 h window)`, true);
    // a Sorani reader gets the Arabic template, its day and slot in Arabic words too; the chat goes on in Sorani
    const words = payload.lang === "ku" ? "ar" : payload.lang;
    messageId = await sendWhatsApp(env, recipient, {
      contentSid: sid,
      variables: templateVariables(name, localizeParams(words, payload.params, translatorFor(words)) ?? {}, reply.text),
    });
  }
  // "1", "2"… in the answer pick these choices; a reply quoting this message picks from it
  if (reply.buttons?.length) {
    const { menu, menuWords } = choicesOf(reply.buttons.flat());
    await rememberMenu({ db: createDb(env.DB) }, "whatsapp", recipient, menu, Date.now(), messageId, menuWords);
  }
  if (payload.thread)
    await rememberThread({ db: createDb(env.DB) }, "whatsapp", recipient, payload.thread, Date.now(), messageId);
  // a reply that quotes the voice note itself goes into the same conversation
  if (payload.thread && voiceId)
    await rememberThread({ db: createDb(env.DB) }, "whatsapp", recipient, payload.thread, Date.now(), voiceId);
}

/** A voice note's bytes and type from R2, for an upload to Telegram; null when it is gone (its sender left Dalil). */
async function voiceOf(
  env: BotEnv,
  url: string,
): Promise<{ bytes: Uint8Array; contentType: string; file: string } | null> {
  if (!isSiteVoiceUrl(url)) return null;
  const object = await env.IMAGES.get(voiceKeyOf(url));
  if (!object) return null;
  return {
    bytes: new Uint8Array(await object.arrayBuffer()),
    contentType: object.httpMetadata?.contentType ?? "audio/ogg",
    file: url.slice(VOICE_PATH.length),
  };
}

/** A relayed photo's absolute address (the channel fetches it from the public site). */
function mediaOf(env: BotEnv, payload: OutboxPayload): string | undefined {
  if (!payload.mediaUrl) return undefined;
  return new URL(payload.mediaUrl, env.PUBLIC_URL || "http://localhost:8787").toString();
}

/**
 * A code that proves a phone (verification, reset), to the number itself and nowhere else (ADR 022 as amended):
 * WhatsApp first (the person asked for the code, which is the opt-in WhatsApp requires for an authentication message;
 * free text inside the 24-hour window, the approved AUTHENTICATION template outside it), then SMS. A number that sent
 * "stop" gets no WhatsApp. Development and tests fall back to the server log when the stand-ins are not running.
 */
const deliverCode = (deps: DelivererDeps, phone: string, payload: OutboxPayload) =>
  deliverToNumber(deps, phone, payload, "code");

/**
 * An account notice to the phone itself (a chat was linked to the account, chats linked from a session were
 * removed): the same way as a code, with the generic update template outside WhatsApp's window.
 */
const deliverNotice = (deps: DelivererDeps, phone: string, payload: OutboxPayload) =>
  deliverToNumber(deps, phone, payload, "update");

async function deliverToNumber(
  { env, development }: DelivererDeps,
  phone: string,
  payload: OutboxPayload,
  template: "code" | "update",
): Promise<void> {
  const reply = replyOf(payload);
  const failures: string[] = [];
  let retryAfter: number | undefined;
  const link = await linkOf(env, "whatsapp", phone);
  if (link?.optedIn !== false) {
    try {
      const inWindow = link?.lastInboundAt != null && Date.now() - link.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
      const sid = templateSid(env, template, payload.lang);
      if (inWindow || !sid) await sendWhatsApp(env, phone, { body: reply.text });
      else
        await sendWhatsApp(env, phone, {
          contentSid: sid,
          variables: templateVariables(template, payload.params, reply.text),
        });
      return;
    } catch (err) {
      if (!(err instanceof DeliveryError)) throw err;
      failures.push(err.message);
      retryAfter = err.retryAfterSeconds;
    }
  }
  try {
    await sendSms(env, phone, reply.text);
    return;
  } catch (err) {
    if (!(err instanceof DeliveryError)) throw err;
    failures.push(err.message);
    retryAfter = Math.max(retryAfter ?? 0, err.retryAfterSeconds ?? 0) || undefined;
  }
  // development without its stand-ins logs it; a stand-in that answered with a failure (its faults) is a failure
  if (development && failures.every((f) => /not set|fetch|connect/i.test(f))) {
    console.log(`[outbox] to ${phone}: ${reply.text}`);
    return;
  }
  // no code in the error: only what the APIs answered
  throw new DeliveryError(
    `${template}: ${failures.join(" / ").slice(0, 400)}`,
    failures.every((f) => / 4\d\d:|not set/.test(f) && !/ 429:/.test(f)),
    retryAfter,
  );
}

/**
 * One SMS about a listing to the listing's own number (ADR 047), from TWILIO_SMS_FROM. A number that said STOP since
 * the message was queued gets nothing (dead at once). Development logs it when no stand-in answers.
 */
async function deliverListingSms(
  { env, development }: DelivererDeps,
  phone: string,
  payload: OutboxPayload,
): Promise<void> {
  const [stopped] = await createDb(env.DB)
    .select({ phone: stoppedNumbers.phone })
    .from(stoppedNumbers)
    .where(eq(stoppedNumbers.phone, phone))
    .limit(1);
  if (stopped) throw new DeliveryError("sms: the number said STOP", true);
  const text = replyOf(payload).text;
  try {
    await sendSms(env, phone, text);
  } catch (err) {
    if (!(err instanceof DeliveryError) || !development || !/not set|fetch|connect/i.test(err.message)) throw err;
    console.log(`[outbox] sms to ${phone}: ${text}`);
  }
}

/** The outbox's senders (the Deliverers port), built from what they need: the Worker hands them to its outbox. */
export function channelDeliverers(deps: DelivererDeps): Deliverers {
  return {
    telegram: (recipient, payload) => deliverTelegram(deps, recipient, payload),
    whatsapp: (recipient, payload) => deliverWhatsApp(deps, recipient, payload),
    code: (phone, payload) => deliverCode(deps, phone, payload),
    notice: (phone, payload) => deliverNotice(deps, phone, payload),
    sms: (phone, payload) => deliverListingSms(deps, phone, payload),
  };
}
