/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", ADR 022): after a successful
 * sign-in the browser gets `dalil_device` = `<device id>.<HMAC-SHA256(key, device id | phone | account id)>`. A later
 * sign-in to the same account and phone from that browser is a known device with a failure limit of its own.
 *
 * The key is DEVICE_COOKIE_KEY (`wrangler secret put DEVICE_COOKIE_KEY`); development and tests use a local key.
 * Without it in production, every device counts as unknown (the per-phone lockout of ADR 009 still holds).
 */
import type { DeviceSubject, Devices } from "../domain/ports";
import { isDevelopment } from "./devOnly";
import type { Env } from "./env";
import { cookieValue } from "./cookies";
import { sameSecret } from "../domain/accounts/sameSecret";

const LOCAL_KEY = "dalil-local-device-cookie-key";
export const DEVICE_COOKIE = "dalil_device";
const YEAR_S = 365 * 24 * 60 * 60;
const keys = new Map<string, Promise<CryptoKey>>();

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

export function deviceCookies(env: Env): Devices {
  const secret = env.DEVICE_COOKIE_KEY || (isDevelopment(env) ? LOCAL_KEY : "");
  // the account is in the signature: a cookie made for an account the owner's proof released is unknown to the owner
  const sign = async (deviceId: string, { phone, userId }: DeviceSubject) =>
    hex(
      await crypto.subtle.sign(
        "HMAC",
        await keyFor(secret),
        new TextEncoder().encode(`${deviceId}|${phone}|${userId}`),
      ),
    );
  return {
    async issue(subject, deviceId) {
      const id = deviceId ?? crypto.randomUUID().replace(/-/g, "");
      return secret ? `${id}.${await sign(id, subject)}` : "";
    },
    async verify(token, subject) {
      if (!secret || !token || token.length > 200) return null;
      const [id, mac] = token.split(".");
      if (!id || !mac || !/^[0-9a-f]{32}$/.test(id)) return null;
      const expected = await sign(id, subject);
      return sameSecret(expected, mac) ? id : null;
    },
  };
}

export function deviceTokenFrom(request: Request): string | null {
  return cookieValue(request.headers.get("Cookie"), DEVICE_COOKIE) || null;
}

/** Set-Cookie for the device token (HttpOnly, a year; empty when device cookies are off). */
export const deviceCookie = (url: string, token: string) =>
  `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; ` +
  `Max-Age=${token ? YEAR_S : 0}${new URL(url).protocol === "https:" ? "; Secure" : ""}`;
