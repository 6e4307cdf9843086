/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto (workerd, browsers and Node all have it).
 * Production Workers refuse more than 100,000 iterations while local workerd accepts them, so the
 * count is pinned here and by a test. The stored string names algorithm and parameters:
 *   pbkdf2-sha256$100000$<salt base64>$<hash base64>
 * so a later algorithm (argon2id) can be introduced and old hashes upgraded at the next login. The hash is compared
 * with the runtime's constant-time comparison (sameSecret.ts): verifying runs in the Worker only.
 */
import { sameSecret } from "./sameSecret";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const ALGORITHM = "pbkdf2-sha256";

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password.normalize("NFC")), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `${ALGORITHM}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Compares in constant time; a malformed or unknown stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterText);
  if (
    algorithm !== ALGORITHM ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_ITERATIONS ||
    !saltText ||
    !hashText
  ) {
    return false;
  }
  let expected: Uint8Array;
  let salt: Uint8Array<ArrayBuffer>;
  try {
    expected = fromBase64(hashText);
    salt = fromBase64(saltText);
  } catch {
    return false;
  }
  const actual = await derive(password, salt, iterations);
  return sameSecret(actual, expected);
}

/** A stored hash made with weaker parameters than today's is rehashed at the next successful login. */
export const needsRehash = (stored: string) => !stored.startsWith(`${ALGORITHM}$${PBKDF2_ITERATIONS}$`);
