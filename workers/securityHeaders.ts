import { randomToken } from "../domain/accounts/tokens";
import type { AppBindings } from "./env";

/** Headers on every response the Worker makes (PRODUCT.md, Accounts and security). */
export function securityHeaders(request: Request, nonce?: string): Record<string, string> {
  // scripts run only from our origin or inline with this response's nonce (Remix's hydration data); WebAssembly may be
  // compiled (not eval'd JavaScript) for the Ogg/Opus decoder an old Safari loads to play voice notes
  const scripts = nonce
    ? `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`
    : "script-src 'self' 'wasm-unsafe-eval'";
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy":
      `default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' ` +
      `'unsafe-inline'; ${scripts}; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri ` +
      `'self'; form-action 'self'`,
  };
  if (new URL(request.url).protocol === "https:")
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

export const securityHeadersMiddleware: import("hono").MiddlewareHandler<AppBindings> = async (c, next) => {
  c.set("cspNonce", randomToken(16));
  await next();
  // a WebSocket upgrade (101) comes from a Durable Object with headers that can't be changed
  if (c.res.status === 101) return;
  const headers = securityHeaders(c.req.raw, c.get("cspNonce"));
  // a page may only be stricter: the listing links (/r/…) send no referrer at all (ADR 076)
  if (c.res.headers.get("Referrer-Policy") === "no-referrer") delete headers["Referrer-Policy"];
  try {
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  } catch {
    // a response passed through from a binding: copy it, then add the headers
    c.res = new Response(c.res.body, c.res);
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  }
};
