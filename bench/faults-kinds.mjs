// The load of bench:faults (bench/faults.mjs), one loop per kind, each recording what it was acknowledged, so that
// the runner can count at the end what was acknowledged and then lost, and what arrived twice.
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";

const { getExpectedTwilioSignature } = createRequire(join(ROOT, "package.json"))("twilio/lib/webhooks/webhooks");
// the ws client miniflare brings (the bench's own node_modules may not be installed)
const WebSocket = createRequire(join(ROOT, "node_modules", "miniflare", "package.json"))("ws");

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
export const id = (n = 9) => randomBytes(n).toString("base64url");

/** Per kind: requests, faults injected, 5xx with and without a reason, and each answer's time by minute of the run. */
export function newStats(kinds, t0) {
  const stats = Object.fromEntries(
    kinds.map((k) => [
      k,
      {
        requests: 0,
        faults: 0,
        refused: 0,
        explained5xx: 0,
        unexplained5xx: 0,
        unexplained: [],
      },
    ]),
  );
  const minutes = [];
  const time = (ms) => (minutes[Math.floor((Date.now() - t0) / 60_000)] ??= []).push(ms);
  // the minutes count from the load's start, not the setup's
  const startLoad = () => ((t0 = Date.now()), (minutes.length = 0));
  return { stats, minutes, time, startLoad };
}

/**
 * One HTTP call, counted under `kind`: its time, and a 5xx sorted by whether it says why (a JSON `message`, or a
 * webhook's answer that names its reason). A connection the server dropped is a 5xx without a reason.
 */
export function caller(base, { stats, time }) {
  return async function call(kind, path, { method = "GET", cookie, json, form, headers = {}, raw } = {}) {
    const s = stats[kind];
    s.requests++;
    const t = performance.now();
    let res;
    let text = "";
    try {
      res = await fetch(base + path, {
        method,
        redirect: "manual",
        headers: {
          Origin: base,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          ...headers,
        },
        body:
          raw ?? (json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined),
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
    } catch (e) {
      s.unexplained5xx++;
      s.unexplained.push(`${method} ${path.split("?")[0]}: ${e.cause?.code ?? e.name}`);
      return { status: 0, body: null, text: String(e) };
    } finally {
      time(performance.now() - t);
    }
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {}
    if (res.status >= 500) {
      // wrangler dev's proxy, when the Worker restarted under a request (an injected restart): it says so, in text
      if (/worker restarted mid-request/.test(text)) (s.explained5xx++, (s.restarted = (s.restarted ?? 0) + 1));
      else if (typeof body?.message === "string" && body.message) s.explained5xx++;
      else
        (s.unexplained5xx++,
          s.unexplained.push(`${method} ${path.split("?")[0]} ${res.status}: ${text.slice(0, 120)}`));
    } else if (res.status === 429 || res.status === 409) s.refused++;
    return { status: res.status, body, text, headers: res.headers };
  };
}

const SEARCHES = [
  "electrician",
  "كهربائي بغداد",
  "plumber Baghdad",
  "سباك",
  "AC repair Karrada",
  "نجار",
  "وەستای کارەبا",
  "painter Erbil",
  "تصليح مبردة",
  "carpenter",
];

/** Searches, one after another, as people type them. */
export async function searches(call, until) {
  while (Date.now() < until()) {
    await call("search", `/api/providers?search=${encodeURIComponent(pick(SEARCHES))}`);
    await sleep(150);
  }
}

/**
 * Bookings by `customers` (round robin) on `listings`, one every `everyMs`; a share `replay` sent twice with the same
 * key (half of them at the same moment). The listing's owner accepts or declines each, the answer sometimes twice too.
 * Records in `out.bookings` every booking the customer was told was made, with the answer its owner was told took.
 */
export async function bookings(call, until, { customers, listings, everyMs, replay, out }) {
  let n = 0;
  const running = [];
  while (Date.now() < until()) {
    const customer = customers[n % customers.length];
    const listing = listings[n % listings.length];
    n++;
    running.push(oneBooking(call, customer, listing, replay, n, out));
    await sleep(everyMs);
  }
  await Promise.all(running);
}

async function oneBooking(call, customer, listing, replay, n, out) {
  const key = id(6);
  const day = new Date(Date.now() + 3 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  const json = {
    providerId: listing.id,
    serviceDescription: `Fault bench job ${key}: the water heater leaks`,
    customerLocation: "Karrada, street 62",
    customerPhone: customer.local,
    preferredDate: day,
    preferredTime: "evening",
    urgency: "normal",
    idempotencyKey: key,
  };
  // a 5xx or a dropped connection: the person presses again, with the same key (the form keeps it), up to three times
  const once = () =>
    call("booking", "/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json,
    });
  const send = async () => {
    let a = await once();
    for (let i = 0; i < 3 && (a.status === 0 || a.status >= 500); i++) (await sleep(500), (a = await once()));
    return a;
  };
  const twice = Math.random() < replay;
  if (twice) out.faults.booking++;
  const answers =
    twice && n % 2 ? await Promise.all([send(), send()]) : [await send(), ...(twice ? [await send()] : [])];
  const made = answers.find((a) => (a.status === 201 || a.status === 200) && a.body?.id);
  if (!made) return;
  const booking = {
    key,
    customerId: customer.userId,
    id: made.body.id,
    ids: [...new Set(answers.map((a) => a.body?.id).filter(Boolean))],
    owner: listing.ownerId,
    status: "pending",
  };
  out.bookings.push(booking);
  await sleep(300 + Math.random() * 1500);
  const action = n % 3 === 0 ? "decline" : "accept";
  const actOnce = () =>
    call("booking", `/api/bookings/${made.body.id}/${action}`, {
      method: "POST",
      cookie: listing.cookie,
    });
  const act = async () => {
    let a = await actOnce();
    for (let i = 0; i < 3 && (a.status === 0 || a.status >= 500); i++) (await sleep(500), (a = await actOnce()));
    return a;
  };
  const again = Math.random() < replay;
  if (again) out.faults.booking++;
  const acts = again ? await Promise.all([act(), act()]) : [await act()];
  if (acts.some((a) => a.status === 200)) booking.status = action === "accept" ? "accepted" : "declined";
}

/**
 * One conversation's two sockets, each side sending a message every `everyMs` over its socket as the web client does
 * (a clientId each); a dropped socket comes back by itself, reads what it missed with after=, and sends again what
 * was not acknowledged, with the same clientId. `room.acked` holds every clientId whose sender got the stored message.
 */
export function chatRoom(base, port, conv, call, until, everyMs) {
  const room = {
    id: conv.id,
    acked: new Map(),
    seenTwice: 0,
    reconnects: 0,
    closes: {},
    sides: [],
  };
  const side = (who, cookie) => {
    const s = {
      who,
      cookie,
      ws: null,
      pending: new Map(),
      lastId: 0,
      seen: new Set(),
      open: false,
    };
    const connect = async () => {
      while (Date.now() < until() + 30_000) {
        try {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/chat/${conv.id}`, {
            headers: { Cookie: cookie, Origin: base },
            perMessageDeflate: false,
          });
          await new Promise(
            (resolve, reject) => (
              ws.once("open", resolve),
              ws.once("error", reject),
              ws.once("unexpected-response", (_q, r) => reject(new Error(`upgrade ${r.statusCode}`)))
            ),
          );
          ws.on("error", () => {});
          ws.on("message", (data) => hear(s, JSON.parse(String(data))));
          ws.on("close", (code) => {
            s.open = false;
            room.closes[code] = (room.closes[code] ?? 0) + 1;
            if (Date.now() < until() + 20_000) (room.reconnects++, setTimeout(connect, 200));
          });
          s.ws = ws;
          // what came while the socket was away, as the client reads it on reconnecting
          for (let more = true; more;) {
            const missed = await call("chat", `/api/conversations/${conv.id}/messages?after=${s.lastId}`, { cookie });
            for (const m of missed.body?.messages ?? []) hear(s, { type: "message", message: m });
            more = Boolean(missed.body?.hasNewer && missed.body.messages.length);
          }
          s.open = true;
          for (const [clientId, message] of s.pending) ws.send(JSON.stringify({ type: "send", clientId, message }));
          return;
        } catch {
          await sleep(300);
        }
      }
    };
    s.connect = connect;
    return s;
  };
  const hear = (s, e) => {
    if (e.type !== "message") return;
    const m = e.message;
    if (s.seen.has(m.id)) room.seenTwice++;
    s.seen.add(m.id);
    s.lastId = Math.max(s.lastId, m.id);
    if (s.pending.has(m.clientId)) {
      s.pending.delete(m.clientId);
      room.acked.set(m.clientId, {
        at: Date.now(),
        ms: Date.now() - (s.sentAt.get(m.clientId) ?? Date.now()),
      });
    }
  };
  room.sides = [side("customer", conv.customerCookie), side("provider", conv.providerCookie)];
  room.run = async (time) => {
    await Promise.all(room.sides.map((s) => ((s.sentAt = new Map()), s.connect())));
    let k = 0;
    while (Date.now() < until()) {
      for (const s of room.sides) {
        const clientId = `fb-${conv.id}-${s.who[0]}-${++k}-${id(4)}`;
        const message = `${s.who} message ${k} (${clientId})`;
        s.pending.set(clientId, message);
        s.sentAt.set(clientId, Date.now());
        if (s.open) s.ws.send(JSON.stringify({ type: "send", clientId, message }));
      }
      await sleep(everyMs);
    }
    // the last sends are waited for (a socket reconnecting sends them again)
    for (let i = 0; i < 100 && room.sides.some((s) => s.pending.size); i++) await sleep(200);
    for (const s of room.sides) for (const t of s.sentAt.keys()) if (room.acked.has(t)) time(room.acked.get(t).ms);
  };
  room.close = () => room.sides.forEach((s) => s.ws?.terminate());
  return room;
}

/** A Twilio-signed WhatsApp message from `from` (a form as Twilio posts it), for the Worker at `url`. */
export function whatsappForm(url, token, from, body) {
  const form = {
    SmsMessageSid: "",
    NumMedia: "0",
    ProfileName: "Fault Bench",
    MessageType: "text",
    WaId: from.slice(1),
    Body: body,
    To: "whatsapp:+14155238886",
    From: `whatsapp:${from}`,
    AccountSid: "AClocal00000000000000000000000000",
    ApiVersion: "2010-04-01",
  };
  form.MessageSid = form.SmsMessageSid = `SM${randomBytes(16).toString("hex")}`;
  return { form, signature: getExpectedTwilioSignature(token, url, form) };
}

/** A Telegram update with a text message from chat `chat`. */
export const telegramUpdate = (updateId, chat, text) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: chat, type: "private", first_name: "Fault" },
    from: { id: chat, is_bot: false, first_name: "Fault", language_code: "en" },
    text,
  },
});

/**
 * A bot conversation: `script` sent step by step by one person (WhatsApp or Telegram), each step answered before the
 * next. A share `replay` of the steps is delivered twice with the same MessageSid / update_id (half at the same
 * moment); a step answered 5xx is delivered again, as Twilio and Telegram do, up to 4 times. Returns the steps
 * acknowledged with 200 (their replies are expected once each).
 */
export async function botConversation(send, script, replay, faults) {
  const acked = [];
  for (const [step, text] of script.entries()) {
    const once = send.prepare(text);
    const twice = Math.random() < replay;
    if (twice) faults.n++;
    let answers = twice && step % 2 ? await Promise.all([send(once), send(once)]) : [await send(once)];
    if (twice && step % 2 === 0) answers.push(await send(once));
    for (let i = 0; i < 4 && !answers.some((a) => a.status === 200); i++) answers = [await send(once)];
    if (answers.some((a) => a.status === 200)) acked.push(step);
  }
  return acked;
}

/**
 * The people who write to the bots: `waPerson()` and `tgPerson()` each give the next one, with `key` (whom their
 * replies go to in `/__sent`), `send` (its `prepare(text)` makes the signed form or the update) and `again` (a
 * returning person). The first of each channel is the calibration's; then a new person each conversation, or with
 * `pool` N, N people per channel take turns, so a soak's load stays steady rather than adding people and their objects
 * for its whole length.
 */
export function botPeople(call, base, secrets, pool) {
  let updateId = 1000;
  const wa = (m) =>
    call("whatsapp", "/webhooks/whatsapp", {
      method: "POST",
      form: m.form,
      headers: { "X-Twilio-Signature": m.signature },
    });
  const tgHeaders = {
    "Content-Type": "application/json",
    "X-Telegram-Bot-Api-Secret-Token": secrets.TELEGRAM_WEBHOOK_SECRET,
  };
  const tg = (u) =>
    call("telegram", "/webhooks/telegram", { method: "POST", raw: JSON.stringify(u), headers: tgHeaders });
  const turns = { whatsapp: 0, telegram: 0 };
  const next = (kind) => {
    const k = turns[kind]++;
    return k === 0
      ? { n: 1, again: false }
      : pool
        ? { n: 100 + ((k - 1) % pool), again: k > pool }
        : { n: 100 + k, again: false };
  };
  const waPerson = () => {
    const { n, again } = next("whatsapp");
    const from = `+9647829${String(n).padStart(6, "0")}`;
    const prepare = (text) => whatsappForm(`${base}/webhooks/whatsapp`, secrets.TWILIO_AUTH_TOKEN, from, text);
    return { again, key: `whatsapp:${from}`, send: Object.assign((m) => wa(m), { prepare }) };
  };
  const tgPerson = () => {
    const { n, again } = next("telegram");
    const chat = 880000 + n;
    return {
      again,
      key: `tg:${chat}`,
      send: Object.assign((u) => tg(u), { prepare: (text) => telegramUpdate(++updateId, chat, text) }),
    };
  };
  return { waPerson, tgPerson };
}
