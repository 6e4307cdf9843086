import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** A request to the real Worker (Hono API + Remix), as a browser on our own origin would send it. */
export function call(path: string, init: RequestInit & { json?: unknown; lang?: string; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const cookies = [init.cookie, init.lang ? `language=${init.lang}` : undefined].filter(Boolean).join("; ");
  if (cookies) headers.set("Cookie", cookies);
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  return exports.default.fetch(new Request(ORIGIN + path, { ...init, headers, body, redirect: "manual" }));
}

let nextPhone = 0;
/** A fresh valid Iraqi mobile, unique within a test file (local form, as people type it). */
export const freshPhone = (prefix = "0751") => `${prefix}${String(++nextPhone).padStart(7, "0")}`;

/** Registers a customer (or provider) through the real API; returns its session cookie, id and E.164 phone. */
export async function registerUser(overrides: Record<string, unknown> = {}) {
  const phone = (overrides.phone as string | undefined) ?? freshPhone();
  const res = await call("/api/auth/register", {
    method: "POST",
    json: { name: "Test User", phone, password: "tigris-river-21", confirmPassword: "tigris-river-21", userType: "customer", ...overrides },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
  const user = (await res.json()) as { id: number; phone: string; name: string };
  return { cookie, id: user.id, phone: user.phone, name: user.name };
}
