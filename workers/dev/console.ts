import { Hono } from "hono";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import type { AppBindings, Env } from "../env";
import { isDevelopment } from "../devOnly";
import { webhooks } from "../webhooks";
import { sendSms } from "../../bot/whatsapp/api";
import { consoleLookups } from "./consoleLookups";
import { consolePage } from "./consolePage";

/**
 * The local bot console (development only): a page with two phones that talks to the real webhooks in
 * real formats (Bot API update JSON with the secret header; Twilio form posts signed with twilio's own
 * function) and shows what the bot sent, as captured by the local API stand-ins (scripts/channel-standins.mjs).
 */
export const botConsole = new Hono<AppBindings>();

// development and tests only (the one switch, workers/devOnly.ts): anything else sees a 404

botConsole.use("*", async (c, next) => (isDevelopment(c.env) ? next() : c.json({ message: "Not found" }, 404)));

/** The real webhook routes, at their real paths (so the signed URL is the one the webhook checks). */
const hooks = new Hono<AppBindings>().route("/webhooks", webhooks);

let counter = 0;
const nextId = () => Math.floor(Date.now() / 1000) * 1000 + (++counter % 1000);

interface ConsoleSend {
  /** sms: the phone writes to Dalil's SMS number (TWILIO_SMS_FROM), as a listing's number answers "Reply STOP" */
  as: "telegram" | "whatsapp" | "sms";
  /** Telegram chat/user id, or a WhatsApp number in E.164 */
  id: string;
  name?: string;
  language?: string;
  kind: "text" | "action" | "location" | "contact" | "voice" | "photo";
  /** a voice note's bytes (base64) and type: put in the stand-in's media store first, then named by the message */
  audio?: string;
  audioType?: string;
  /** a photo's bytes (base64) and type, the same way; `text` is its caption */
  image?: string;
  imageType?: string;
  text?: string;
  action?: string;
  lat?: number;
  lng?: number;
  /** the contact's phone; `own: false` shares someone else's card */
  phone?: string;
  own?: boolean;
  /** the bot message this one quotes: its Telegram message_id, or its Twilio SID */
  replyTo?: string;
}

/**
 * A voice note or a photo from the console, put where the channel keeps what people send: Telegram's file store (POST
 * /__file → file_id, then getFile serves it) or Twilio's media under the account (POST /__media → MediaUrl).
 */
async function putVoice(env: Env, as: "telegram" | "whatsapp", audio: string, type: string) {
  const bytes = Uint8Array.from(atob(audio), (ch) => ch.charCodeAt(0));
  const url =
    as === "telegram"
      ? `${env.TELEGRAM_API_ROOT}/__file`
      : `${env.TWILIO_API_BASE}/__media?account=${encodeURIComponent(env.TWILIO_ACCOUNT_SID ?? "")}`;
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": type }, body: bytes });
  if (!res.ok) throw new Error(`stand-in media ${res.status}`);
  return (await res.json()) as { file_id: string; file_unique_id: string; file_size: number } & {
    MediaUrl: string;
    MediaContentType: string;
  };
}

botConsole.post("/send", async (c) => {
  const input = (await c.req.json()) as ConsoleSend;
  const now = Math.floor(Date.now() / 1000);
  const origin = new URL(c.req.url).origin;
  if (input.as === "sms")
    return c.json(
      await smsAsNumber(
        c.env,
        origin,
        input.id,
        input.kind === "action" ? (input.action ?? "") : (input.text ?? ""),
        c.executionCtx,
      ),
    );
  const voice =
    input.kind === "voice" && input.audio
      ? await putVoice(c.env, input.as, input.audio, input.audioType || "audio/ogg")
      : null;
  const photo =
    input.kind === "photo" && input.image
      ? await putVoice(c.env, input.as, input.image, input.imageType || "image/jpeg")
      : null;
  if (input.as === "telegram") {
    const chatId = Number(input.id);
    const from = {
      id: chatId,
      is_bot: false,
      first_name: input.name || "Console",
      language_code: input.language || undefined,
    };
    const chat = { id: chatId, first_name: from.first_name, type: "private" };
    const update =
      input.kind === "action"
        ? {
            update_id: nextId(),
            callback_query: {
              id: String(nextId()),
              from,
              chat_instance: "console",
              data: input.action,
              message: { message_id: 1, date: now, chat, text: "" },
            },
          }
        : {
            update_id: nextId(),
            message: {
              message_id: nextId(),
              from,
              chat,
              date: now,
              ...(input.kind === "location"
                ? { location: { latitude: input.lat, longitude: input.lng } }
                : voice
                  ? {
                      voice: {
                        file_id: voice.file_id,
                        file_unique_id: voice.file_unique_id,
                        duration: 0,
                        mime_type: input.audioType || "audio/ogg",
                        file_size: voice.file_size,
                      },
                    }
                  : photo
                    ? {
                        photo: [
                          {
                            file_id: photo.file_id,
                            file_unique_id: photo.file_unique_id,
                            width: 800,
                            height: 600,
                            file_size: photo.file_size,
                          },
                        ],
                        ...(input.text ? { caption: input.text } : {}),
                      }
                    : input.kind === "contact"
                      ? {
                          contact: {
                            phone_number: input.phone,
                            first_name: from.first_name,
                            ...(input.own === false ? {} : { user_id: chatId }),
                          },
                        }
                      : { text: input.text ?? "" }),
              ...(input.replyTo && /^\d+$/.test(input.replyTo)
                ? { reply_to_message: { message_id: Number(input.replyTo), date: now, chat, text: "" } }
                : {}),
            },
          };
    const res = await hooks.request(
      `${origin}/webhooks/telegram`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Telegram-Bot-Api-Secret-Token": c.env.TELEGRAM_WEBHOOK_SECRET ?? "",
        },
        body: JSON.stringify(update),
      },
      c.env,
      c.executionCtx,
    );
    return c.json({ status: res.status, update });
  }
  const form: Record<string, string> = {
    MessageSid: `SM${crypto.randomUUID().replace(/-/g, "")}`,
    AccountSid: c.env.TWILIO_ACCOUNT_SID ?? "",
    From: `whatsapp:${input.id}`,
    To: `whatsapp:${c.env.TWILIO_WHATSAPP_FROM ?? ""}`,
    ProfileName: input.name || "Console",
    WaId: input.id.replace("+", ""),
    NumMedia: "0",
    ApiVersion: "2010-04-01",
    ...(input.kind === "location"
      ? { Latitude: String(input.lat), Longitude: String(input.lng), MessageType: "location", Body: "" }
      : voice
        ? {
            NumMedia: "1",
            MediaContentType0: voice.MediaContentType,
            MediaUrl0: voice.MediaUrl,
            MessageType: "audio",
            Body: "",
          }
        : photo
          ? {
              NumMedia: "1",
              MediaContentType0: photo.MediaContentType,
              MediaUrl0: photo.MediaUrl,
              MessageType: "image",
              Body: input.text ?? "",
            }
          : { Body: input.kind === "action" ? (input.action ?? "") : (input.text ?? ""), MessageType: "text" }),
    ...(input.replyTo ? { OriginalRepliedMessageSid: input.replyTo } : {}),
  };
  const url = `${c.env.PUBLIC_URL || origin}/webhooks/whatsapp`;
  const signature = getExpectedTwilioSignature(c.env.TWILIO_AUTH_TOKEN ?? "", url, form);
  const res = await hooks.request(
    `${origin}/webhooks/whatsapp`,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
      body: new URLSearchParams(form).toString(),
    },
    c.env,
    c.executionCtx,
  );
  return c.json({ status: res.status, form });
});

/**
 * An SMS from `phone` to the signed SMS door; Twilio would send
 * the TwiML answer back as an SMS, so the stand-in gets it.
 */
async function smsAsNumber(env: Env, origin: string, phone: string, body: string, executionCtx: ExecutionContext) {
  const form = {
    MessageSid: `SM${crypto.randomUUID().replace(/-/g, "")}`,
    AccountSid: env.TWILIO_ACCOUNT_SID ?? "",
    From: phone,
    To: env.TWILIO_SMS_FROM ?? "",
    Body: body,
    NumMedia: "0",
  };
  const signature = getExpectedTwilioSignature(
    env.TWILIO_AUTH_TOKEN ?? "",
    `${env.PUBLIC_URL || origin}/webhooks/sms`,
    form,
  );
  const headers = { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature };
  const res = await hooks.request(
    `${origin}/webhooks/sms`,
    { method: "POST", headers, body: new URLSearchParams(form).toString() },
    env,
    executionCtx,
  );
  const reply = /<Message>([\s\S]*?)<\/Message>/
    .exec(await res.text())?.[1]
    ?.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  if (reply) await sendSms(env, phone, reply).catch(() => undefined);
  return { status: res.status, form, reply: reply ?? null };
}

/**
 * A voice note the bot uploaded to the Telegram stand-in (sendVoice), for the console to play: never the token's path.
 */
botConsole.get("/file", async (c) => {
  const n = Number(c.req.query("n"));
  if (!Number.isSafeInteger(n) || n < 1) return c.json({ message: "Not found" }, 404);
  const res = await fetch(`${c.env.TELEGRAM_API_ROOT}/__sent-file/${n}`).catch(() => null);
  if (!res?.ok) return c.json({ message: "Not found" }, 404);
  return new Response(res.body, {
    headers: { "Content-Type": res.headers.get("Content-Type") ?? "audio/ogg", "Cache-Control": "no-store" },
  });
});

/** What the stand-ins captured since a sequence number (both stand-ins share one log). */
botConsole.get("/sent", async (c) => {
  try {
    const res = await fetch(`${c.env.TELEGRAM_API_ROOT}/__sent?since=${Number(c.req.query("since") ?? 0)}`);
    return c.json(await res.json());
  } catch {
    return c.json({ message: "The Telegram/Twilio stand-ins are not running (npm start starts them)." }, 503);
  }
});

// what the console reads of the outbox and the directory: a phone's code, a listing's number, its held texts
botConsole.route("/", consoleLookups);

botConsole.get("/", (c) => c.html(consolePage(c.get("cspNonce"))));
