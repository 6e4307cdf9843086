import type { Env } from "./env";

/**
 * Short-lived signed addresses for a voice note that Twilio must fetch to deliver it to WhatsApp: Twilio has no
 * session, and the note is private to its conversation. The address names the file and an expiry, signed with
 * HMAC-SHA256 under a key derived from the Twilio auth token (only Twilio and we hold it; the label keeps this use
 * apart from its others). Ten minutes: Twilio fetches within seconds of the send.
 */
export const SIGNED_MEDIA_MS = 10 * 60 * 1000;
export const SIGNED_MEDIA_PATH = "/media/voice/";

async function keyOf(env: Env): Promise<CryptoKey | null> {
  if (!env.TWILIO_AUTH_TOKEN) return null;
  const material = new TextEncoder().encode(`dalil voice media v1\u0000${env.TWILIO_AUTH_TOKEN}`);
  return crypto.subtle.importKey(
    "raw",
    await crypto.subtle.digest("SHA-256", material),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** `/media/voice/<file>?e=<expiry ms>&s=<signature>` on the public origin; null when Twilio is not configured. */
export async function signedVoiceUrl(env: Env, origin: string, file: string, now = Date.now()): Promise<string | null> {
  const key = await keyOf(env);
  if (!key) return null;
  const expires = now + SIGNED_MEDIA_MS;
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${file}\n${expires}`));
  return `${origin.replace(/\/$/, "")}${SIGNED_MEDIA_PATH}${file}?e=${expires}&s=${b64url(sig)}`;
}

/**
 * Whether `file` was signed by us with expiry `e` that has not passed (constant-time check by WebCrypto; the spelling
 * check compares only what the sender wrote with itself).
 */
export async function verifySignedVoice(
  env: Env,
  file: string,
  e: string | undefined,
  s: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  const key = await keyOf(env);
  if (!key || !e || !s || !/^\d{1,15}$/.test(e) || Number(e) < now || Number(e) > now + SIGNED_MEDIA_MS + 60_000)
    return false;
  // a signature is 43 characters of base64url; its last one carries two spare bits that atob ignores, so only the
  // one spelling we write is taken (a changed last character is a changed signature, not the same one)
  if (!/^[A-Za-z0-9_-]{43}$/.test(s)) return false;
  const sig = Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  if (b64url(sig.buffer) !== s) return false;
  return crypto.subtle.verify("HMAC", key, sig, new TextEncoder().encode(`${file}\n${e}`));
}
