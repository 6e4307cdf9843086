import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../workers/dev";
import type { Env } from "../workers/env";
import { openPayload } from "../workers/queue/outbox";

export const ORIGIN = "http://localhost";

/** A request to the real Worker (Hono API + Remix), as a browser on our own origin would send it. */
export function call(
  path: string,
  init: RequestInit & { json?: unknown; lang?: string; cookie?: string; env?: Env } = {},
) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const cookies = [init.cookie, init.lang ? `language=${init.lang}` : undefined].filter(Boolean).join("; ");
  if (cookies) headers.set("Cookie", cookies);
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  return handle(new Request(ORIGIN + path, { ...init, headers, body, redirect: "manual" }), init.env);
}

/**
 * The Worker's own fetch handler with the real bindings. (Not `exports.default.fetch`: the test pool wraps every
 * call through it in one more Proxy layer, so a long suite slowed down call after call until the stack overflowed.)
 * What the Worker leaves for after the response (`waitUntil`) is finished before the test reads anything.
 */
export async function handle(request: Request, withEnv: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, withEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let nextPhone = 0;
/** A fresh valid Iraqi mobile, unique within a test file (local form, as people type it). */
export const freshPhone = (prefix = "0751") => `${prefix}${String(++nextPhone).padStart(7, "0")}`;

/** The newest verification code the outbox holds for a phone (what the user would read in WhatsApp or the log). */
export async function lastCodeFor(phone: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT payload FROM outbox WHERE recipient = ? AND payload LIKE '%verificationCode%' ORDER BY id DESC LIMIT 1",
  )
    .bind(phone)
    .first<{ payload: string }>();
  if (!row) throw new Error(`no verification code was sent to ${phone}`);
  // sealed in the outbox (ADR 022): opened with the Worker's own key, as its consumer does
  return String((await openPayload(env, row.payload)).params.code);
}

/** Proves the signed-in user's phone with the code flow, as a person would (send, read, type). */
export async function verifyPhoneOf(user: { cookie: string; phone: string }) {
  const sent = await call("/api/auth/send-code", { method: "POST", cookie: user.cookie });
  if (sent.status !== 200) throw new Error(`send-code failed: ${sent.status} ${await sent.text()}`);
  const res = await call("/api/auth/verify-phone", {
    method: "POST",
    cookie: user.cookie,
    json: { verificationCode: await lastCodeFor(user.phone) },
  });
  if (res.status !== 200) throw new Error(`verify-phone failed: ${res.status} ${await res.text()}`);
}

/**
 * Registers a customer (or provider) through the real API and proves its phone (pass `verified: false`
 * for an account that never did); returns its session cookie, id and E.164 phone.
 */
export async function registerUser(overrides: Record<string, unknown> & { verified?: boolean } = {}) {
  const { verified = true, ...fields } = overrides;
  const phone = (fields.phone as string | undefined) ?? freshPhone();
  const res = await call("/api/auth/register", {
    method: "POST",
    json: {
      name: "Test User",
      phone,
      password: "tigris-river-21",
      confirmPassword: "tigris-river-21",
      userType: "customer",
      ...fields,
    },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
  const user = (await res.json()) as { id: number; phone: string; name: string };
  const account = { cookie, id: user.id, phone: user.phone, name: user.name };
  if (verified) await verifyPhoneOf(account);
  return account;
}
