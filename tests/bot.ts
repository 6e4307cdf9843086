/** Test helpers for the bots: real-format updates, Twilio forms signed by twilio's own code, and fake channel APIs. */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { vi } from "vitest";
import worker from "../workers/dev";
import type { Env } from "../workers/env";
import type { OutboxJob } from "../workers/queue/outbox";
import { call, ORIGIN } from "./http";
import { tinyPng } from "./images";

export interface SentCall {
  channel: "telegram" | "whatsapp";
  /** Bot API method (sendMessage, answerCallbackQuery…) or "Messages" for Twilio */
  method: string;
  /** the JSON (Telegram) or form fields (Twilio) exactly as sent */
  body: Record<string, unknown>;
  /** the SID Twilio answered with (a WhatsApp reply quoting this message names it) */
  sid?: string;
}

/**
 * Replaces the network edge: calls to the Bot API root and the Twilio API base are answered here (in their
 * real wire formats) and recorded; `respond` can make a call fail. Anything else goes to the real fetch.
 */
export function fakeChannelApis() {
  const sent: SentCall[] = [];
  /** the SIDs Twilio gave the messages sent, in order (a reply quoting one names it) */
  const sids: string[] = [];
  const failures: {
    channel: "telegram" | "whatsapp";
    status: number;
    body: unknown;
    headers?: Record<string, string>;
    to?: string;
  }[] = [];
  /**
   * injected faults, as the stand-ins' `POST /__faults` makes them
   * (scripts/channel-standins.mjs): the call is not in `sent`
   */
  const faults: {
    channel: "telegram" | "whatsapp";
    status: 0 | 429 | 500 | 502 | 503;
    retryAfter: number;
    to?: string;
  }[] = [];
  const takeFault = (channel: "telegram" | "whatsapp", to: unknown) => {
    const i = faults.findIndex(
      (f) => f.channel === channel && (!f.to || String(to ?? "").replace(/^whatsapp:/, "") === f.to),
    );
    return i >= 0 ? faults.splice(i, 1)[0] : undefined;
  };
  /** A fault answered in the channel's own words; 0 never answers: the caller's timeout ends it, or nothing does. */
  const answerFault = (f: (typeof faults)[number], signal: AbortSignal | null | undefined): Promise<Response> => {
    if (f.status === 0) {
      // the caller's timer is taken as run out at once (no test waits
      // its seconds); a call without one hangs, as in production
      if (!signal) return new Promise<Response>(() => {});
      return Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    }
    if (f.channel === "telegram") {
      const body =
        f.status === 429
          ? {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${f.retryAfter}`,
              parameters: { retry_after: f.retryAfter },
            }
          : { ok: false, error_code: f.status, description: "Internal Server Error" };
      return Promise.resolve(Response.json(body, { status: f.status }));
    }
    if (f.status === 429) {
      const body = {
        code: 20429,
        message: "Too Many Requests",
        more_info: "https://www.twilio.com/docs/errors/20429",
        status: 429,
      };
      return Promise.resolve(Response.json(body, { status: 429, headers: { "Retry-After": String(f.retryAfter) } }));
    }
    return Promise.resolve(
      Response.json(
        {
          code: 20500,
          message: "Internal Server Error",
          more_info: "https://www.twilio.com/docs/errors/20500",
          status: f.status,
        },
        { status: f.status },
      ),
    );
  };
  /** files people "sent": Twilio media by path, Telegram files by file_id */
  const media = new Map<string, { bytes: Uint8Array; type: string }>();
  const files = new Map<string, { bytes: Uint8Array; path: string }>();
  /** every address the Worker fetched outside the two APIs' message calls, and the media Twilio was asked to delete */
  const fetched: string[] = [];
  const deleted: string[] = [];
  let mediaSeq = 0;
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    fetched.push(`${req.method} ${req.url}`);
    // a file the person sent, as Telegram serves it (/file/bot<token>/<path>)
    if (req.url.startsWith(`${env.TELEGRAM_API_ROOT}/file/`)) {
      const file = [...files.values()].find((f) => url.pathname === `/file/bot${env.TELEGRAM_BOT_TOKEN}/${f.path}`);
      if (file)
        return new Response(file.bytes.slice().buffer, { headers: { "Content-Type": "application/octet-stream" } });
      return new Response(tinyPng().slice().buffer, { headers: { "Content-Type": "image/jpeg" } });
    }
    if (req.url.startsWith(env.TELEGRAM_API_ROOT)) {
      const method = url.pathname.split("/").pop()!;
      let body: Record<string, unknown> = {};
      if ((req.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
        // an upload (sendVoice with the note's bytes): the fields as text, a file as { name, type, bytes }
        body = multipartFields(
          new Uint8Array(await req.arrayBuffer()),
          /boundary=("?)([^";]+)\1/.exec(req.headers.get("Content-Type")!)![2],
        );
        // grammY names the file part and refers to it as attach://<name>
        for (const [k, v] of Object.entries(body))
          if (typeof v === "string" && v.startsWith("attach://")) body[k] = body[v.slice("attach://".length)];
      } else {
        const text = new TextDecoder().decode(await req.arrayBuffer());
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      }
      const fault = takeFault("telegram", body.chat_id);
      if (fault) return answerFault(fault, init?.signal ?? req.signal);
      sent.push({ channel: "telegram", method, body });
      const fail = failures.findIndex((f) => f.channel === "telegram");
      if (fail >= 0) {
        const f = failures.splice(fail, 1)[0];
        return Response.json(f.body, { status: f.status, headers: f.headers });
      }
      if (method === "getFile") {
        const file = files.get(String(body.file_id));
        if (file)
          return Response.json({
            ok: true,
            result: { file_id: body.file_id, file_unique_id: "u2", file_size: file.bytes.length, file_path: file.path },
          });
        return Response.json({
          ok: true,
          result: {
            file_id: body.file_id,
            file_unique_id: "u1",
            file_size: 68,
            file_path: `photos/${String(body.file_id)}.jpg`,
          },
        });
      }
      const message = { message_id: sent.length, date: 0, chat: { id: Number(body.chat_id), type: "private" } };
      if (method === "sendVoice")
        return Response.json({
          ok: true,
          result: { ...message, voice: { file_id: "v", file_unique_id: "v", duration: 1 }, caption: body.caption },
        });
      if (method === "sendPhoto")
        return Response.json({
          ok: true,
          result: {
            ...message,
            photo: [{ file_id: "p", file_unique_id: "p", width: 1, height: 1 }],
            caption: body.caption,
          },
        });
      return Response.json({ ok: true, result: method === "sendMessage" ? { ...message, text: body.text } : true });
    }
    // a photo the person sent, behind Twilio's media URL (basic auth with the account)
    if (
      req.url.startsWith(env.TWILIO_API_BASE) &&
      (req.method === "GET" || req.method === "DELETE") &&
      url.pathname.includes("/Media/")
    ) {
      const auth = req.headers.get("Authorization");
      if (auth !== `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`)
        return new Response("Unauthorized", { status: 401 });
      if (req.method === "DELETE") {
        const path = url.pathname.replace(/\.json$/, "");
        deleted.push(path);
        return media.delete(path)
          ? new Response(null, { status: 204 })
          : Response.json({ code: 20404, status: 404 }, { status: 404 });
      }
      const stored = media.get(url.pathname);
      if (stored) return new Response(stored.bytes.slice().buffer, { headers: { "Content-Type": stored.type } });
      return new Response(tinyPng().slice().buffer, { headers: { "Content-Type": "image/png" } });
    }
    if (req.url.startsWith(env.TWILIO_API_BASE)) {
      const body = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await req.arrayBuffer())));
      const fault = takeFault("whatsapp", body.To);
      if (fault) return answerFault(fault, init?.signal ?? req.signal);
      const entry: SentCall = { channel: "whatsapp", method: "Messages", body };
      sent.push(entry);
      // a failure meant for one recipient is not spent on another module's message the shared queue delivers meanwhile
      const fail = failures.findIndex((f) => f.channel === "whatsapp" && (!f.to || f.to === body.To));
      if (fail >= 0) {
        const f = failures.splice(fail, 1)[0];
        return Response.json(f.body, { status: f.status, headers: f.headers });
      }
      const sid = `SM${crypto.randomUUID().replace(/-/g, "")}`;
      sids.push(sid);
      entry.sid = sid;
      return Response.json(
        { sid, status: "queued", to: body.To, from: body.From, body: body.Body ?? null },
        { status: 201 },
      );
    }
    return real(input, init);
  });
  return {
    sent,
    sids,
    fetched,
    deleted,
    /** puts a file where Twilio keeps a message's media; its MediaUrl, as a webhook form names it */
    putMedia(bytes: Uint8Array, type: string): string {
      const n = String(++mediaSeq).padStart(32, "0");
      const path = `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages/MM${n}/Media/ME${n}`;
      media.set(path, { bytes, type });
      return `${env.TWILIO_API_BASE}${path}`;
    },
    /** whether Twilio still holds the media at this address */
    hasMedia: (mediaUrl: string) => media.has(new URL(mediaUrl).pathname),
    /** puts a file in Telegram's file store; its file_id, as an update names it */
    putFile(bytes: Uint8Array, path = `voice/file_${++mediaSeq}.oga`): string {
      const id = `AwACAgI${mediaSeq}${Math.random().toString(36).slice(2, 10)}`;
      files.set(id, { bytes, path });
      return id;
    },
    /**
     * Fails the channel's next `next` API calls as the stand-ins' `POST /__faults` does: 500 (or another 5xx), 429 with
     * `retryAfter` (Twilio's header, Telegram's retry_after) or 0 (no answer: the caller's timeout). `to` (a phone or a
     * chat id) keeps them for that recipient: the shared queue delivers other modules' messages meanwhile.
     */
    faults(
      channel: "telegram" | "whatsapp",
      f: { next: number; status: 0 | 429 | 500 | 502 | 503; retryAfter?: number; to?: string | number },
    ) {
      for (let i = 0; i < f.next; i++)
        faults.push({
          channel,
          status: f.status,
          retryAfter: f.retryAfter ?? 1,
          ...(f.to !== undefined ? { to: String(f.to) } : {}),
        });
    },
    failNext(
      channel: "telegram" | "whatsapp",
      status: number,
      body: unknown,
      headers?: Record<string, string>,
      to?: string,
    ) {
      failures.push({ channel, status, body, headers, to });
    },
    /**
     * The texts sent on `channel` since the last clear; with `to` (a phone, or a Telegram chat id), only those that
     * chat received: the real queue delivers other people's alerts whenever it runs, and they are not this chat's
     * answer.
     */
    texts: (channel: "telegram" | "whatsapp", to?: string | number) =>
      sent
        .filter((s) => s.channel === channel && (s.method === "sendMessage" || s.method === "Messages"))
        .filter(
          (s) => to === undefined || String(s.body.chat_id ?? s.body.To ?? "").replace(/^whatsapp:/, "") === String(to),
        )
        .map((s) => String(s.body.text ?? s.body.Body ?? "")),
    clear: () => (sent.length = 0),
    restore: () => spy.mockRestore(),
  };
}

/**
 * A multipart/form-data body as its fields, read byte for byte (the runtime's formData() decodes a part without a
 * file name as text, which would mangle an upload's bytes): text parts as strings, file parts as { name, bytes }.
 */
function multipartFields(raw: Uint8Array, boundary: string): Record<string, unknown> {
  let text = "";
  for (let i = 0; i < raw.length; i += 8192) text += String.fromCharCode(...raw.subarray(i, i + 8192));
  const fields: Record<string, unknown> = {};
  for (const part of text.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const split = part.indexOf("\r\n\r\n");
    const headers = part.slice(0, split);
    const content = part.slice(split + 4, part.length - 2);
    const name = /(?:^|[;\s])name="([^"]*)"/.exec(headers)?.[1] ?? "";
    const filename = /filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
    const bytes = Uint8Array.from(content, (c) => c.charCodeAt(0));
    fields[name] = filename !== undefined ? { name: filename, bytes } : new TextDecoder().decode(bytes);
  }
  return fields;
}

let updateId = 500_000;
export const nextUpdateId = () => ++updateId;

export function tgUser(id: number, languageCode = "en") {
  return { id, is_bot: false, first_name: "Sara", username: `user${id}`, language_code: languageCode };
}

/** A Bot API message update, as Telegram sends it. */
export function tgMessage(from: ReturnType<typeof tgUser>, fields: Record<string, unknown>) {
  return {
    update_id: nextUpdateId(),
    message: {
      message_id: updateId,
      from,
      chat: { id: from.id, first_name: from.first_name, username: from.username, type: "private" },
      date: Math.floor(Date.now() / 1000),
      ...fields,
    },
  };
}

/** A Bot API callback_query update (a tapped inline button). */
export function tgCallback(from: ReturnType<typeof tgUser>, data: string) {
  return {
    update_id: nextUpdateId(),
    callback_query: {
      id: String(4_000_000_000 + updateId),
      from,
      chat_instance: "-1234567890",
      data,
      message: {
        message_id: updateId - 1,
        from: { id: 7000000001, is_bot: true, first_name: "Dalil", username: "dalil_test_bot" },
        chat: { id: from.id, type: "private", first_name: from.first_name },
        date: Math.floor(Date.now() / 1000),
        text: "…",
      },
    },
  };
}

export function postTelegram(update: unknown, secret: string | null = env.TELEGRAM_WEBHOOK_SECRET!) {
  return call("/webhooks/telegram", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(secret !== null ? { "X-Telegram-Bot-Api-Secret-Token": secret } : {}),
    },
    body: JSON.stringify(update),
  });
}

let sid = 0;
/** The fields Twilio posts for an inbound WhatsApp message. */
export function waForm(phone: string, fields: Record<string, string>) {
  return {
    SmsMessageSid: "",
    NumMedia: "0",
    ProfileName: "Karwan",
    MessageType: "text",
    SmsSid: "",
    WaId: phone.replace("+", ""),
    SmsStatus: "received",
    To: `whatsapp:${env.TWILIO_WHATSAPP_FROM}`,
    NumSegments: "1",
    ReferralNumMedia: "0",
    MessageSid: `SM${String(++sid).padStart(32, "0")}`,
    AccountSid: env.TWILIO_ACCOUNT_SID!,
    From: `whatsapp:${phone}`,
    ApiVersion: "2010-04-01",
    Body: "",
    ...fields,
  };
}

/** Posts a Twilio form to the webhook, signed with twilio's own signing function (or a given signature). */
export function postWhatsApp(
  form: Record<string, string>,
  opts: { signWith?: string; signature?: string | null; signedForm?: Record<string, string>; env?: Env } = {},
) {
  const url = `${ORIGIN}/webhooks/whatsapp`;
  const signature =
    opts.signature === undefined
      ? getExpectedTwilioSignature(opts.signWith ?? env.TWILIO_AUTH_TOKEN!, url, opts.signedForm ?? form)
      : opts.signature;
  return call("/webhooks/whatsapp", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(signature !== null ? { "X-Twilio-Signature": signature } : {}),
    },
    body: new URLSearchParams(form).toString(),
    ...(opts.env ? { env: opts.env } : {}),
  });
}

/** Runs the Worker's queue consumer on one outbox row, as the Queue would. */
export async function deliverOutbox(outboxId: number, attempts = 1, queue = "dalil-outbox", withEnv: Env = env) {
  const batch = createMessageBatch<OutboxJob>(queue, [
    { id: `m${outboxId}-${attempts}`, timestamp: new Date(), attempts, body: { outboxId } },
  ]);
  const ctx = createExecutionContext();
  // the delay asked for, as the consumer passed it (the test runtime's result doesn't report it)
  const delays: (number | undefined)[] = [];
  const message = batch.messages[0];
  const retry = message.retry.bind(message);
  message.retry = (options?: QueueRetryOptions) => {
    delays.push(options?.delaySeconds);
    retry(options);
  };
  await worker.queue(batch, withEnv);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

/**
 * Waits until the real queue (the Worker's own consumer, max_batch_timeout 1 s) has taken every outbox row matching
 * `where`: each one delivered (and so gone, ADR 054), failed or dead, none still pending. A test then reads what
 * reached the chat (`fakeChannelApis().sent`), not a row the queue may be deleting, and delivers nothing itself: a row
 * the test and the queue both delivered reached the chat twice.
 */
export async function queueSettled(where = "1 = 1", ...binds: unknown[]) {
  for (const until = Date.now() + 20_000; ;) {
    const pending = await env.DB.prepare(`SELECT count(*) AS n FROM outbox WHERE (${where}) AND status = 'pending'`)
      .bind(...binds)
      .first<number>("n");
    if (!pending) return;
    if (Date.now() > until) throw new Error(`the queue left ${pending} outbox rows pending (${where})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function outboxRows(where = "1 = 1", ...binds: unknown[]) {
  const { results } = await env.DB.prepare(`SELECT * FROM outbox WHERE ${where} ORDER BY id`)
    .bind(...binds)
    .all<{
      id: number;
      channel: string;
      recipient: string;
      payload: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }>();
  return results;
}
