// Local stand-ins for the Telegram Bot API (:9911) and Twilio's Messages API (:9912): they answer like
// the real services and remember every call, so the bot console (/dev/bot) can show exactly what was sent.
// Used by `npm start` and the browser tests; never in production. `POST /__faults` on either port fails its next calls.
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
  const bytes = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on("data", (d) => chunks.push(d));
      req.on("end", () => resolve(Buffer.concat(chunks)));
    });
  const body = async (req) => (await bytes(req)).toString("utf8");
  // files people "sent" (Twilio media by path, Telegram files by id) and voice notes the bot uploaded (by number)
  const media = new Map();
  const files = new Map();
  const uploads = [];
  let fileSeq = 0;
  const cors = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  };
  const serveBytes = (res, file) => {
    res.writeHead(200, { "Content-Type": file.type, "Content-Length": file.bytes.length, ...cors });
    res.end(file.bytes);
  };
  /** a multipart/form-data body (grammY's uploads) as fields: text as strings, files as { name, bytes } */
  const multipart = (buf, contentType) => {
    const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? "")?.[2];
    const fields = {};
    if (!boundary) return fields;
    for (const part of buf.toString("latin1").split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const split = part.indexOf("\r\n\r\n");
      const headers = part.slice(0, split);
      const content = Buffer.from(part.slice(split + 4, part.length - 2), "latin1");
      const name = /(?:^|[;\s])name="([^"]*)"/.exec(headers)?.[1] ?? "";
      const filename = /filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
      fields[name] = filename !== undefined ? { name: filename, bytes: content } : content.toString("utf8");
    }
    for (const [k, v] of Object.entries(fields))
      if (typeof v === "string" && v.startsWith("attach://")) fields[k] = fields[v.slice(9)];
    return fields;
  };
  const json = (res, status, value) => {
    res.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
    res.end(JSON.stringify(value));
  };
  // GET /__sent?since=N on either port lists the captured calls
  const listSent = (req, res) => {
    const since = Number(new URL(req.url, "http://x").searchParams.get("since") ?? 0);
    json(
      res,
      200,
      sent.filter((s) => s.seq > since),
    );
  };

  const faults = { telegram: faultPlan(), twilio: faultPlan() };

  const telegram = createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, cors).end();
    if (req.url === "/__faults") return faults.telegram.control(req, res, body, json);
    if (req.method === "GET" && req.url.startsWith("/__sent-file/")) {
      const file = uploads[Number(req.url.slice("/__sent-file/".length)) - 1];
      return file ? serveBytes(res, file) : json(res, 404, { ok: false });
    }
    if (req.method === "GET" && req.url.startsWith("/__sent")) return listSent(req, res);
    // POST /__file with the bytes: a file a person "sent" (a voice
    // note); answers its file_id for an update's message.voice
    if (req.method === "POST" && req.url.startsWith("/__file")) {
      const data = await bytes(req);
      const id = `AwACAgIstandin${++fileSeq}`;
      const file = {
        file_id: id,
        file_unique_id: `u${fileSeq}`,
        file_size: data.length,
        file_path: `voice/file_${fileSeq}.oga`,
      };
      files.set(id, { ...file, bytes: data, type: req.headers["content-type"] || "audio/ogg" });
      return json(res, 200, file);
    }
    // the Bot API's file storage: /file/bot<token>/<file_path>
    const f = /^\/file\/bot[^/]+\/(.+)$/.exec(req.url ?? "");
    if (f && req.method === "GET") {
      const file = [...files.values()].find((x) => x.file_path === f[1]);
      return file ? serveBytes(res, file) : json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    }
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!m) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    // an injected fault answers as the Bot API does, and the call is not remembered: nothing was sent
    const fault = faults.telegram.take();
    if (fault) return failTelegram(req, res, fault, json);
    const type = req.headers["content-type"] ?? "";
    let payload;
    if (type.startsWith("multipart/form-data")) {
      // an upload (sendVoice): the bytes are kept and served back at /__sent-file/<n>, never under the token's path
      payload = multipart(await bytes(req), type);
      for (const [k, v] of Object.entries(payload)) {
        if (v && typeof v === "object" && v.bytes) {
          uploads.push({ bytes: v.bytes, type: /\.m4a$/.test(v.name) ? "audio/mp4" : "audio/ogg" });
          payload[k] = `/__sent-file/${uploads.length}`;
        }
      }
    } else {
      const raw = await body(req);
      payload = raw ? JSON.parse(raw) : {};
    }
    if (m[2] === "getFile") {
      const file = files.get(payload.file_id);
      if (!file) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
      const { bytes: _b, type: _t, ...result } = file;
      return json(res, 200, { ok: true, result });
    }
    remember({ channel: "telegram", method: m[2], payload });
    if (!quiet) console.log(`[telegram stand-in] ${m[2]} → ${payload.chat_id ?? ""}`);
    // the message id is the capture's sequence number: the console quotes it as reply_to_message
    const message = {
      message_id: seq,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(payload.chat_id), type: "private" },
    };
    const result =
      m[2] === "sendMessage"
        ? { ...message, text: payload.text }
        : m[2] === "sendPhoto"
          ? {
              ...message,
              photo: [{ file_id: "standin", file_unique_id: "standin", width: 1, height: 1 }],
              caption: payload.caption,
            }
          : m[2] === "sendVoice"
            ? {
                ...message,
                voice: { file_id: "standin-voice", file_unique_id: "standin-voice", duration: 1 },
                caption: payload.caption,
              }
            : true;
    json(res, 200, { ok: true, result });
  });

  const twilio = createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, cors).end();
    if (req.url === "/__faults") return faults.twilio.control(req, res, body, json);
    if (req.url?.startsWith("/2010-04-01/")) {
      const fault = faults.twilio.take();
      if (fault) return failTwilio(req, res, fault, json);
    }
    if (req.method === "GET" && req.url.startsWith("/__sent")) return listSent(req, res);
    // POST /__media?account=AC… with the bytes and their Content-Type: a file a person "sent"; answers its MediaUrl,
    // kept under the account's path as Twilio keeps a message's media
    if (req.method === "POST" && req.url.startsWith("/__media")) {
      const account = new URL(req.url, "http://x").searchParams.get("account") || "AClocal00000000000000000000000000";
      const n = String(++fileSeq).padStart(32, "0");
      const path = `/2010-04-01/Accounts/${account}/Messages/MM${n}/Media/ME${n}`;
      const type = req.headers["content-type"] || "audio/ogg";
      media.set(path, { bytes: await bytes(req), type, account });
      return json(res, 201, { MediaUrl: `http://${req.headers.host}${path}`, MediaContentType: type });
    }
    // a message's media: Basic auth with the account's SID (and a
    // token), as Twilio asks; DELETE …/Media/<SID>.json removes it
    const mm = /^(\/2010-04-01\/Accounts\/(\w+)\/Messages\/\w+\/Media\/\w+?)(\.json)?$/.exec(req.url ?? "");
    if (mm && (req.method === "GET" || req.method === "HEAD" || req.method === "DELETE")) {
      const [user, pass] = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":");
      if (user !== mm[2] || !pass) return json(res, 401, { code: 20003, message: "Authenticate", status: 401 });
      const file = media.get(mm[1]);
      if (!file) return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
      if (req.method === "DELETE") {
        media.delete(mm[1]);
        remember({ channel: "whatsapp", method: "DeleteMedia", payload: { path: mm[1] } });
        return res.writeHead(204).end();
      }
      return serveBytes(res, file);
    }
    // the Content API (content.twilio.com in production): scripts/whatsapp-content.mjs creates templates here locally
    if (req.method === "POST" && req.url === "/v1/Content") {
      const payload = JSON.parse((await body(req)) || "{}");
      remember({ channel: "content", method: "Content", payload });
      return json(res, 201, {
        sid: `HX${String(seq).padStart(32, "0")}`,
        friendly_name: payload.friendly_name,
        language: payload.language,
        types: payload.types,
        variables: payload.variables,
      });
    }
    if (req.method === "POST" && /^\/v1\/Content\/HX\w+\/ApprovalRequests\/whatsapp$/.test(req.url ?? "")) {
      const payload = JSON.parse((await body(req)) || "{}");
      remember({ channel: "content", method: "ApprovalRequests", payload });
      return json(res, 201, { name: payload.name, category: payload.category, status: "received" });
    }
    const m = /^\/2010-04-01\/Accounts\/(\w+)\/Messages\.json$/.exec(req.url ?? "");
    if (!m || req.method !== "POST")
      return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const payload = Object.fromEntries(new URLSearchParams(await body(req)));
    remember({ channel: "whatsapp", method: "Messages", payload });
    if (!quiet) console.log(`[twilio stand-in] message → ${payload.To}`);
    json(res, 201, {
      sid: `SM${String(seq).padStart(32, "0")}`,
      status: "queued",
      to: payload.To,
      from: payload.From,
      body: payload.Body ?? null,
    });
  });

  await Promise.all([
    new Promise((resolve, reject) => telegram.once("error", reject).listen(telegramPort, "127.0.0.1", resolve)),
    new Promise((resolve, reject) => twilio.once("error", reject).listen(twilioPort, "127.0.0.1", resolve)),
  ]);
  return {
    telegramPort: telegram.address().port,
    twilioPort: twilio.address().port,
    // a call held by a fault (status 0) would keep its server open: every connection is cut
    close: () =>
      Promise.all(
        [telegram, twilio].map((server) => new Promise((r) => (server.close(r), server.closeAllConnections()))),
      ),
  };
}

/**
 * Faults to inject: `POST /__faults {"next": N, "status": 500 | 429 | 0, "retryAfter": seconds}` fails the next N
 * API calls that way (0: no answer until the caller gives up); `{"next": 0}` clears them. Answers what is left.
 */
function faultPlan() {
  let left = 0;
  let fault = null;
  return {
    take() {
      if (left <= 0) return null;
      left--;
      return fault;
    },
    async control(req, res, body, json) {
      if (req.method === "POST") {
        const raw = JSON.parse((await body(req)) || "{}");
        const status = Number(raw.status ?? 500);
        if (![0, 429, 500, 502, 503, 504].includes(status))
          return json(res, 400, { error: "status is 500 (or another 5xx), 429 or 0" });
        left = Math.max(0, Math.floor(Number(raw.next ?? 1)));
        fault = { status, retryAfter: Math.max(0, Math.floor(Number(raw.retryAfter ?? 1))) };
      }
      json(res, 200, { next: left, ...(left ? fault : {}) });
    },
  };
}

/** 0: the request is read and never answered, as a provider that hangs; the caller's timeout ends it. */
const hang = (req, res) => {
  req.resume();
  res.on("close", () => {});
};

function failTelegram(req, res, { status, retryAfter }, json) {
  if (status === 0) return hang(req, res);
  req.resume();
  if (status === 429) {
    const description = `Too Many Requests: retry after ${retryAfter}`;
    return json(res, 429, { ok: false, error_code: 429, description, parameters: { retry_after: retryAfter } });
  }
  return json(res, status, {
    ok: false,
    error_code: status,
    description: status === 500 ? "Internal Server Error" : "Bad Gateway",
  });
}

function failTwilio(req, res, { status, retryAfter }, json) {
  if (status === 0) return hang(req, res);
  req.resume();
  if (status === 429) {
    res.setHeader("Retry-After", String(retryAfter));
    return json(res, 429, {
      code: 20429,
      message: "Too Many Requests",
      more_info: "https://www.twilio.com/docs/errors/20429",
      status: 429,
    });
  }
  const more_info = "https://www.twilio.com/docs/errors/20500";
  return json(res, status, { code: 20500, message: "Internal Server Error", more_info, status });
}

/**
 * Stand-ins for one Dalil instance: 9911/9912 next to the default port 8787, free ports otherwise or when
 * those are taken (another instance on this machine). Returns the running stand-ins and the wrangler
 * `--var` arguments that point the Worker at them.
 */
export async function standinsFor(appPort, { quiet = false } = {}) {
  const preferred =
    String(appPort) === "8787" ? { telegramPort: 9911, twilioPort: 9912 } : { telegramPort: 0, twilioPort: 0 };
  let standins;
  try {
    standins = await startChannelStandins({ ...preferred, quiet });
  } catch (e) {
    if (e.code !== "EADDRINUSE") throw e;
    standins = await startChannelStandins({ telegramPort: 0, twilioPort: 0, quiet });
  }
  const vars = [
    "--var",
    `TELEGRAM_API_ROOT:http://127.0.0.1:${standins.telegramPort}`,
    "--var",
    `TWILIO_API_BASE:http://127.0.0.1:${standins.twilioPort}`,
  ];
  return { ...standins, vars };
}
