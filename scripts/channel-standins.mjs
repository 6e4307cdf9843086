// Local stand-ins for the Telegram Bot API (:9911) and Twilio's Messages API (:9912): they answer like
// the real services and remember every call, so the bot console (/dev/bot) can show exactly what was sent.
// Used by `npm start` and the browser tests; never in production.
import { createServer } from "node:http";

/**
 * Starts both stand-ins; resolves with a close() function and the ports they listen on. Port 0 picks free ones;
 * the Worker is then told where they are (`--var TELEGRAM_API_ROOT:… --var TWILIO_API_BASE:…`, `standinVars`).
 */
export async function startChannelStandins({ telegramPort = 9911, twilioPort = 9912, quiet = false } = {}) {
  const sent = [];
  let seq = 0;
  const remember = (entry) => {
    sent.push({ seq: ++seq, at: Date.now(), ...entry });
    if (sent.length > 2000) sent.splice(0, sent.length - 2000);
  };
  const body = (req) =>
    new Promise((resolve) => {
      let data = "";
      req.on("data", (d) => (data += d));
      req.on("end", () => resolve(data));
    });
  const json = (res, status, value) => {
    res.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
    res.end(JSON.stringify(value));
  };
  // GET /__sent?since=N on either port lists the captured calls
  const listSent = (req, res) => {
    const since = Number(new URL(req.url, "http://x").searchParams.get("since") ?? 0);
    json(res, 200, sent.filter((s) => s.seq > since));
  };

  const telegram = createServer(async (req, res) => {
    if (req.method === "GET" && req.url.startsWith("/__sent")) return listSent(req, res);
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!m) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const raw = await body(req);
    const payload = raw ? JSON.parse(raw) : {};
    remember({ channel: "telegram", method: m[2], payload });
    if (!quiet) console.log(`[telegram stand-in] ${m[2]} → ${payload.chat_id ?? ""}`);
    // the message id is the capture's sequence number: the console quotes it as reply_to_message
    const message = { message_id: seq, date: Math.floor(Date.now() / 1000), chat: { id: Number(payload.chat_id), type: "private" } };
    const result =
      m[2] === "sendMessage" ? { ...message, text: payload.text } : m[2] === "sendPhoto" ? { ...message, photo: [{ file_id: "standin", file_unique_id: "standin", width: 1, height: 1 }], caption: payload.caption } : true;
    json(res, 200, { ok: true, result });
  });

  const twilio = createServer(async (req, res) => {
    if (req.method === "GET" && req.url.startsWith("/__sent")) return listSent(req, res);
    // the Content API (content.twilio.com in production): scripts/whatsapp-content.mjs creates templates here locally
    if (req.method === "POST" && req.url === "/v1/Content") {
      const payload = JSON.parse((await body(req)) || "{}");
      remember({ channel: "content", method: "Content", payload });
      return json(res, 201, { sid: `HX${String(seq).padStart(32, "0")}`, friendly_name: payload.friendly_name, language: payload.language, types: payload.types, variables: payload.variables });
    }
    if (req.method === "POST" && /^\/v1\/Content\/HX\w+\/ApprovalRequests\/whatsapp$/.test(req.url ?? "")) {
      const payload = JSON.parse((await body(req)) || "{}");
      remember({ channel: "content", method: "ApprovalRequests", payload });
      return json(res, 201, { name: payload.name, category: payload.category, status: "received" });
    }
    const m = /^\/2010-04-01\/Accounts\/(\w+)\/Messages\.json$/.exec(req.url ?? "");
    if (!m || req.method !== "POST") return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const payload = Object.fromEntries(new URLSearchParams(await body(req)));
    remember({ channel: "whatsapp", method: "Messages", payload });
    if (!quiet) console.log(`[twilio stand-in] message → ${payload.To}`);
    json(res, 201, { sid: `SM${String(seq).padStart(32, "0")}`, status: "queued", to: payload.To, from: payload.From, body: payload.Body ?? null });
  });

  await Promise.all([
    new Promise((resolve, reject) => telegram.once("error", reject).listen(telegramPort, "127.0.0.1", resolve)),
    new Promise((resolve, reject) => twilio.once("error", reject).listen(twilioPort, "127.0.0.1", resolve)),
  ]);
  return {
    telegramPort: telegram.address().port,
    twilioPort: twilio.address().port,
    close: () => Promise.all([new Promise((r) => telegram.close(r)), new Promise((r) => twilio.close(r))]),
  };
}

/**
 * Stand-ins for one Dalil instance: 9911/9912 next to the default port 8787, free ports otherwise or when
 * those are taken (another instance on this machine). Returns the running stand-ins and the wrangler
 * `--var` arguments that point the Worker at them.
 */
export async function standinsFor(appPort, { quiet = false } = {}) {
  const preferred = String(appPort) === "8787" ? { telegramPort: 9911, twilioPort: 9912 } : { telegramPort: 0, twilioPort: 0 };
  let standins;
  try {
    standins = await startChannelStandins({ ...preferred, quiet });
  } catch (e) {
    if (e.code !== "EADDRINUSE") throw e;
    standins = await startChannelStandins({ telegramPort: 0, twilioPort: 0, quiet });
  }
  const vars = ["--var", `TELEGRAM_API_ROOT:http://127.0.0.1:${standins.telegramPort}`, "--var", `TWILIO_API_BASE:http://127.0.0.1:${standins.twilioPort}`];
  return { ...standins, vars };
}
