/** Random tokens and their digests: the cookie carries the token, D1 stores only its SHA-256. */

export function randomToken(bytes = 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  let s = "";
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** One uniformly random digit string of `length` (rejection sampling per 6 digits: no modulo bias). */
function randomDigits(length: number): string {
  const limit = 4_294_000_000; // largest multiple of 1,000,000 below 2^32
  let out = "";
  while (out.length < length) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) out += String(n % 1_000_000).padStart(6, "0");
  }
  return out.slice(0, length);
}

/**
 * The digits of a code that proves a phone (ADR 022): 12, so that guessing stays below one in a million per number per
 * year at the most codes a number can be sent (5 an hour, 5 tries each: 219,000 guesses a year against 10^12 codes is
 * 2.2 × 10^-7).
 */
export const CODE_DIGITS = 12;
export const randomCode = (): string => randomDigits(CODE_DIGITS);

/** A code as people read it: groups of four ("4827 1935 0621"), the same digits they type or paste. */
export const groupCode = (code: string): string => code.replace(/(.{4})(?=.)/g, "$1 ");

/** Crockford's base 32: no I, L, O or U, so nothing reads as another letter or a digit. */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RESET_CODE_LENGTH = 15;

/** A password-reset code: 15 characters of 32 (75 bits; WhatsApp's copy-code button takes up to 15). */
export function randomResetCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RESET_CODE_LENGTH));
  // 256 is a multiple of 32: masking keeps every character equally likely
  return [...bytes].map((b) => BASE32[b & 31]).join("");
}

/** What a person typed or pasted as a reset code: case, spaces and dashes ignored, O/I/L read as 0/1/1. */
export function normalizeResetCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}
