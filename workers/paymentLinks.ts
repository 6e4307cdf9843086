/**
 * A payment's page opened from a chat (ADR 085, "From the chat"): the person on WhatsApp or Telegram is not signed in
 * on the phone's browser, so the link the bot sends, and the gateway's return to Dalil, carry `k=<expiry>.<signature>`:
 * HMAC-SHA256 over the payment's id and the expiry, under PAYMENT_LINK_KEY (a local key in development and tests). It
 * lets `/payments/:id` show that one payment read-only for a day; it names no other payment and signs nobody in.
 * Without the key in production no link is signed and the page asks to sign in, as before.
 */
import type { PaymentLinks } from "../domain/ports";
import { isDevelopment } from "./devOnly";
import type { Env } from "./env";

export const PAYMENT_LINK_MS = 24 * 60 * 60 * 1000;
const LOCAL_KEY = "dalil-local-payment-link-key";
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    const material = new TextEncoder().encode(`dalil payment link v1\u0000${secret}`);
    key = crypto.subtle
      .digest("SHA-256", material)
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const signed = (paymentId: number, expires: number) => new TextEncoder().encode(`payment ${paymentId}\n${expires}`);

export function paymentLinks(env: Pick<Env, "PAYMENT_LINK_KEY" | "APP_ENV">): PaymentLinks {
  const secret = env.PAYMENT_LINK_KEY || (isDevelopment(env) ? LOCAL_KEY : "");
  return {
    async sign(paymentId, now) {
      if (!secret) return null;
      const expires = now + PAYMENT_LINK_MS;
      return `${expires}.${b64url(await crypto.subtle.sign("HMAC", await keyFor(secret), signed(paymentId, expires)))}`;
    },
    async verify(paymentId, token, now) {
      if (!secret || !token || token.length > 80) return false;
      const [e, s] = token.split(".");
      if (!e || !s || !/^\d{1,15}$/.test(e) || Number(e) < now || Number(e) > now + PAYMENT_LINK_MS + 60_000)
        return false;
      // the one spelling we write (43 base64url characters): a changed last character is a changed signature
      if (!/^[A-Za-z0-9_-]{43}$/.test(s)) return false;
      const sig = Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      if (b64url(sig.buffer) !== s) return false;
      return crypto.subtle.verify("HMAC", await keyFor(secret), sig, signed(paymentId, Number(e)));
    },
  };
}
