import { Hono } from "hono";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import type { AppBindings, Env } from "../env";
import { isDevelopment } from "../devOnly";
import { webhooks } from "../webhooks";
import { sendSms } from "../../bot/whatsapp/api";
import { consoleLookups } from "./consoleLookups";

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

botConsole.get("/", (c) => c.html(page(c.get("cspNonce"))));

function page(nonce: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dalil bot console</title>
<style>
  body{margin:0;font-family:system-ui,sans-serif;background:#e7e5e4;color:#1c1917}
  header{padding:12px 16px;background:#115e59;color:#fff}
  header h1{margin:0;font-size:18px} header p{margin:4px 0 0;font-size:13px;opacity:.85}
  main{display:flex;flex-wrap:wrap;gap:16px;padding:16px;justify-content:center}
  .phone{width:100%;max-width:380px;background:#fff;border-radius:24px;box-shadow:0 4px 16px #0002;display:flex;flex-direction:column;height:640px;overflow:hidden}
  .bar{padding:10px 12px;background:#f5f5f4;display:flex;flex-wrap:wrap;gap:6px;align-items:center;font-size:13px}
  .bar input,.bar select{font:inherit;padding:4px 6px;border:1px solid #d6d3d1;border-radius:8px;min-width:0}
  .log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#ecfdf5}
  .msg{max-width:85%;padding:8px 10px;border-radius:12px;white-space:pre-wrap;word-break:break-word;font-size:14px;unicode-bidi:plaintext}
  .me{align-self:flex-end;background:#d1fae5} .bot{align-self:flex-start;background:#fff;box-shadow:0 1px 2px #0001}
  .kb{display:flex;flex-direction:column;gap:4px;margin-top:6px} .kb div{display:flex;gap:4px}
  .kb button,.kb a{flex:1;font:inherit;font-size:13px;padding:6px;border:1px solid #99f6e4;background:#f0fdfa;border-radius:8px;cursor:pointer;color:#115e59;text-align:center;text-decoration:none}
  .tpl{font-size:12px;color:#57534e} .held{opacity:.75;border:1px dashed #a8a29e}
  .quote{display:block;margin-top:4px;font:inherit;font-size:12px;border:0;background:none;color:#0f766e;cursor:pointer;padding:0}
  .quoting{font-size:12px;padding:4px 10px;background:#f0fdfa;color:#115e59}
  form{display:flex;gap:6px;padding:8px;border-top:1px solid #e7e5e4}
  form input{flex:1;font:inherit;padding:10px;border:1px solid #d6d3d1;border-radius:12px;min-width:0}
  form button,.tools button{font:inherit;padding:8px 12px;border:0;border-radius:12px;background:#0f766e;color:#fff;cursor:pointer}
  .tools{display:flex;gap:6px;padding:0 8px 8px;flex-wrap:wrap} .tools button{background:#57534e;font-size:12px;padding:6px 10px}
</style></head>
<body>
<header><h1>Dalil bot console (development only)</h1>
<p>Each phone posts real Telegram updates or signed Twilio forms to /webhooks; what the bot sent comes from the local Telegram/Twilio stand-ins.</p>
<p id="standins-down" role="alert" data-testid="standins-down" hidden style="background:#fef3c7;color:#78350f;padding:8px 10px;border-radius:8px">The Telegram/Twilio stand-ins are not answering, so the bot's replies (and verification codes) cannot be shown here. Start Dalil with <code>npm start</code>, which runs them; codes also appear in the wrangler log and at /dev/bot/code?to=+9647….</p></header>
<main>
  <section class="phone" data-phone="customer"></section>
  <section class="phone" data-phone="provider"></section>
</main>
<script nonce="${nonce}">
const phones = {
  customer: { title: "Customer", channel: "whatsapp", id: "+9647501234567", name: "Karwan", contact: "+9647700000002", mine: [], held: [] },
  provider: { title: "Provider", channel: "whatsapp", id: "+9647700000003", name: "Ali", contact: "+9647700000003", mine: [], held: [] },
};
/** A held message's time on Baghdad's clock (UTC+3), as the number will see it arrive. */
const baghdad = (ms) => new Date(ms + 3 * 3600000).toISOString().slice(0, 16).replace("T", " ");
let captured = [], since = 0;
const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
function mount(key) {
  const p = phones[key], el = document.querySelector('[data-phone="' + key + '"]');
  el.innerHTML = '<div class="bar"><strong>' + p.title + '</strong>' +
    '<select aria-label="channel" data-field="channel"><option value="whatsapp">WhatsApp</option><option value="telegram">Telegram</option><option value="sms">SMS</option></select>' +
    '<input aria-label="chat id or phone" data-field="id" size="14">' +
    '<input aria-label="contact phone" data-field="contact" size="14" title="phone shared as your own contact (Telegram)">' +
    '<input aria-label="play a listing number" data-testid="' + key + '-listing" placeholder="listing #" size="7" title="play the number of this listing: its SMS, its link, the bot"></div>' +
    '<div class="log" data-testid="' + key + '-log"></div>' +
    '<div class="tools"><button type="button" data-tool="location">📍 Location (Baghdad)</button><button type="button" data-tool="contact">📱 My contact</button>' +
    '<button type="button" data-tool="voice">🎤 Voice note (.ogg)</button><input type="file" accept="audio/ogg,audio/opus,audio/mp4,.ogg,.oga,.opus,.m4a" hidden data-testid="' + key + '-voice-file">' +
    '<button type="button" data-tool="photo">📷 Photo</button><input type="file" accept="image/jpeg,image/png,image/webp" hidden data-testid="' + key + '-photo-file"></div>' +
    '<div class="quoting" data-testid="' + key + '-quoting" hidden></div>' +
    '<form><input aria-label="message" placeholder="Message" data-testid="' + key + '-input"><button data-testid="' + key + '-send">Send</button></form>';
  for (const f of ["channel", "id", "contact"]) {
    const input = el.querySelector('[data-field="' + f + '"]');
    input.value = p[f];
    input.addEventListener("change", () => { p[f] = input.value.trim(); p.mine = []; render(); });
  }
  // play a listing's number: this phone becomes its WhatsApp, and shows the SMS sent to it
  const listingInput = el.querySelector('[data-testid="' + key + '-listing"]');
  listingInput.addEventListener("change", async () => {
    const res = await fetch("/dev/bot/listing?id=" + encodeURIComponent(listingInput.value.trim()));
    if (!res.ok) { listingInput.setCustomValidity("no such listing"); listingInput.reportValidity(); return; }
    listingInput.setCustomValidity("");
    const l = await res.json();
    Object.assign(p, { channel: "whatsapp", id: l.phone, contact: l.phone, name: l.name, mine: [] });
    for (const f of ["channel", "id", "contact"]) el.querySelector('[data-field="' + f + '"]').value = p[f];
    render();
  });
  el.querySelector("form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = el.querySelector("form input");
    if (!input.value.trim()) return;
    send(key, { kind: "text", text: input.value }, input.value);
    input.value = "";
  });
  el.querySelector('[data-tool="location"]').addEventListener("click", () => send(key, { kind: "location", lat: 33.3152, lng: 44.3661 }, "📍 33.3152, 44.3661"));
  el.querySelector('[data-tool="contact"]').addEventListener("click", () => send(key, { kind: "contact", phone: p.contact, own: true }, "📱 " + p.contact));
  // a file picked on the phone, read as base64, handed to what sends it
  const onPick = (tool, use) => {
    const input = el.querySelector('[data-testid="' + key + '-' + tool + '-file"]');
    el.querySelector('[data-tool="' + tool + '"]').addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let bin = "";
      for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
      input.value = "";
      use(file, btoa(bin));
    });
  };
  // a voice note as the apps send one: an Ogg/Opus file (what WhatsApp and Telegram record)
  onPick("voice", (file, data) => send(key, { kind: "voice", audio: data, audioType: file.type || (/\.m4a$/.test(file.name) ? "audio/mp4" : "audio/ogg") }, "🎤 " + file.name));
  // a photo, as the apps send one; what is typed in the message box goes with it as its caption
  onPick("photo", (file, data) => {
    const caption = el.querySelector("form input");
    const text = caption.value.trim();
    send(key, { kind: "photo", image: data, imageType: file.type || "image/jpeg", text }, "📷 " + file.name + (text ? " — " + text : ""));
    caption.value = "";
  });
  el.querySelector(".log").addEventListener("click", (e) => {
    // "↩ Reply" quotes that bot message: the next thing sent is a reply to it (as swiping a message does in the apps)
    const q = e.target.closest("button[data-quote]");
    if (q) {
      p.replyTo = q.dataset.quote;
      const bar = el.querySelector(".quoting");
      bar.textContent = "↩ replying to: " + q.closest(".msg").innerText.split("\\n")[0].slice(0, 60);
      bar.hidden = false;
      return;
    }
    const b = e.target.closest("button[data-action]");
    if (!b) return;
    if (b.dataset.action === "__location") return send(key, { kind: "location", lat: 33.3152, lng: 44.3661 }, "📍 33.3152, 44.3661");
    if (b.dataset.action === "__contact") return send(key, { kind: "contact", phone: p.contact, own: true }, "📱 " + p.contact);
    if (b.dataset.action.startsWith("__text:")) return send(key, { kind: "text", text: b.dataset.action.slice(7) }, b.dataset.action.slice(7));
    send(key, { kind: "action", action: b.dataset.action }, "[" + b.textContent + "]");
  });
}
async function send(key, event, shown) {
  const p = phones[key];
  p.mine.push({ at: Date.now(), text: (p.replyTo ? "↩ " : "") + shown });
  const replyTo = event.kind === "action" ? undefined : p.replyTo;
  p.replyTo = undefined;
  document.querySelector('[data-testid="' + key + '-quoting"]').hidden = true;
  render();
  await fetch("/dev/bot/send", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ as: p.channel, id: p.id, name: p.name, ...event, ...(replyTo ? { replyTo } : {}) }) });
  await poll();
}
function forPhone(p) {
  return captured.filter((s) => p.channel === "telegram"
    ? s.channel === "telegram" && (s.method === "sendMessage" || s.method === "sendPhoto" || s.method === "sendVoice") && String(s.payload.chat_id) === p.id
    : s.channel === "whatsapp" && (s.payload.To === "whatsapp:" + p.id || s.payload.To === p.id));
}
/** The id the channel gave a captured message (what a reply quotes): the stand-ins use the capture's sequence. */
const messageIdOf = (s) => (s.channel === "telegram" ? String(s.seq) : "SM" + String(s.seq).padStart(32, "0"));
/** Links in a message open (an SMS's /r/… link to answer a request): escaped text in, anchors out. */
const linked = (html) => html.replace(/https?:[/][/][^\\s<]+/g, (u) => '<a href="' + u + '" target="_blank" rel="noreferrer">' + u + '</a>');
const quote = (s) => '<button type="button" class="quote" data-quote="' + esc(messageIdOf(s)) + '">↩ Reply</button>';
const media = (url) => (url ? '<div class="tpl">📷 <a href="' + esc(url) + '" target="_blank" rel="noreferrer">photo</a></div>' : "");
// a voice note the bot sent, played here: WhatsApp's signed address on this origin, Telegram's upload through /dev/bot/file
const audio = (src) => '<audio controls preload="none" data-testid="sent-voice" src="' + esc(src) + '"></audio>';
const voiceOf = (url) => { try { const u = new URL(url); return u.pathname.startsWith("/media/voice/") ? u.pathname + u.search : null; } catch { return null; } };
function botHtml(s) {
  if (s.channel === "whatsapp") {
    if (s.payload.ContentSid) return '<div class="tpl">Template ' + esc(s.payload.ContentSid) + '</div>' + esc(Object.values(JSON.parse(s.payload.ContentVariables || "{}")).join(" · ")) + quote(s);
    // a code by SMS (when WhatsApp could not take it) goes to the bare number
    const voice = s.payload.MediaUrl ? voiceOf(s.payload.MediaUrl) : null;
    if (voice) return '<div class="tpl">🎤 voice note</div>' + audio(voice) + quote(s);
    return (String(s.payload.To).startsWith("whatsapp:") ? "" : '<div class="tpl">SMS</div>') + media(s.payload.MediaUrl) + linked(esc(s.payload.Body)) + quote(s);
  }
  let html = s.method === "sendPhoto"
    ? media(s.payload.photo) + esc(s.payload.caption || "")
    : s.method === "sendVoice"
      ? audio("/dev/bot/file?n=" + encodeURIComponent(String(s.payload.voice).split("/").pop())) + esc(s.payload.caption || "")
      : esc(s.payload.text);
  const m = s.payload.reply_markup;
  if (m && m.inline_keyboard) {
    html += '<div class="kb">' + m.inline_keyboard.map((row) => '<div>' + row.map((b) => b.url
      ? '<a href="' + esc(b.url) + '" target="_blank" rel="noreferrer">' + esc(b.text) + '</a>'
      : '<button type="button" data-action="' + esc(b.callback_data) + '">' + esc(b.text) + '</button>').join("") + '</div>').join("") + '</div>';
  }
  if (m && m.keyboard) {
    html += '<div class="kb">' + m.keyboard.map((row) => '<div>' + row.map((b) => '<button type="button" data-action="' +
      (b.request_location ? "__location" : b.request_contact ? "__contact" : "__text:" + esc(b.text)) + '">' + esc(b.text) + '</button>').join("") + '</div>').join("") + '</div>';
  }
  return html + quote(s);
}
function render() {
  for (const key of Object.keys(phones)) {
    const p = phones[key], log = document.querySelector('[data-testid="' + key + '-log"]');
    const held = (p.channel === "whatsapp" ? p.held : []).map((h) =>
      ({ at: h.at, html: '<div class="tpl" data-testid="held">⏳ held until ' + esc(baghdad(h.at)) + ' Baghdad</div>' + esc(h.text), cls: "bot held" }));
    const sent = forPhone(p).map((s) => ({ at: s.at, html: botHtml(s), cls: "bot" }));
    const items = [...p.mine.map((m) => ({ at: m.at, html: esc(m.text), cls: "me" })), ...sent, ...held].sort((a, b) => a.at - b.at);
    log.innerHTML = items.map((i) => '<div class="msg ' + i.cls + '">' + i.html + '</div>').join("");
    log.scrollTop = log.scrollHeight;
  }
}
async function poll() {
  // what waits for each phone's number through quiet hours (a text to a listing's number at night)
  for (const p of Object.values(phones)) {
    const h = p.channel === "whatsapp" ? await fetch("/dev/bot/held?to=" + encodeURIComponent(p.id)).catch(() => null) : null;
    const list = h && h.ok ? await h.json() : [];
    if (JSON.stringify(list) !== JSON.stringify(p.held)) { p.held = list; render(); }
  }
  const res = await fetch("/dev/bot/sent?since=" + since).catch(() => null);
  // say it plainly when the stand-ins are not running, instead of showing no replies
  document.getElementById("standins-down").hidden = Boolean(res && res.ok);
  if (!res || !res.ok) return;
  const fresh = await res.json();
  // two polls can overlap (the timer and a send): keep each captured call once
  const known = new Set(captured.map((s) => s.seq));
  const added = fresh.filter((s) => !known.has(s.seq));
  if (added.length) { captured = captured.concat(added).sort((a, b) => a.seq - b.seq); since = Math.max(since, added[added.length - 1].seq); render(); }
}
mount("customer"); mount("provider"); render();
setInterval(poll, 1000); poll();
document.body.dataset.ready = "1";
</script></body></html>`;
}
