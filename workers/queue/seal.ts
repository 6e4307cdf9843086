/**
 * Secrets that must travel through the outbox (a verification code) are sealed with AES-GCM before the row is
 * written, opened only by the consumer that delivers them, and wiped from the row once delivered (ADR 022):
 * no code is readable in D1, in the admin's outbox view or in a backup.
 *
 * The key is OUTBOX_SEAL_KEY (any string; `wrangler secret put OUTBOX_SEAL_KEY` in production). Development and
 * tests fall back to a fixed local key; production without the secret refuses to queue a code.
 */
import { isDevelopment } from "../devOnly";
import type { Env } from "../env";

const LOCAL_KEY = "dalil-local-outbox-seal-key";
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(env: Env): Promise<CryptoKey> {
  const secret = env.OUTBOX_SEAL_KEY || (isDevelopment(env) ? LOCAL_KEY : "");
  if (!secret)
    throw new Error(
      "OUTBOX_SEAL_KEY is not set: verification codes cannot be queued (wrangler secret put OUTBOX_SEAL_KEY)",
    );
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function seal(env: Env, values: Record<string, string | number>): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv },
      await keyFor(env),
      new TextEncoder().encode(JSON.stringify(values)),
    ),
  );
  return `${toBase64(iv)}.${toBase64(data)}`;
}

export async function unseal(env: Env, sealed: string): Promise<Record<string, string | number>> {
  const [iv, data] = sealed.split(".");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv ?? "") },
    await keyFor(env),
    fromBase64(data ?? ""),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, string | number>;
}
