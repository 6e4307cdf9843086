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
