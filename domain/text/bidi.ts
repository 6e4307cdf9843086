/**
 * Bidi isolation where user text meets UI text (ADR 013). A Latin name inside an Arabic sentence, or an
 * Arabic name inside an English one, must not reorder the punctuation and numbers around it:
 * "قبل Studio 21 حجزك رقم 12." shows the digits in the wrong places without isolation.
 *
 * Text (notifications stored as text, bot replies, toasts, titles) gets Unicode isolates:
 * FSI … PDI (U+2068 … U+2069) lets the inserted text pick its own direction from its first strong
 * letter; a phone number gets LRI … PDI (U+2066 … U+2069): always left-to-right. In JSX, the same is
 * <bdi> (and <bdi dir="ltr"> for phones).
 */

export const FSI = "\u2068";
export const LRI = "\u2066";
export const PDI = "\u2069";

/** Direction controls a user could type or paste to reorder what follows (embeddings, overrides, isolates). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** User text as a first-strong isolate; any direction controls inside it are removed first (no spoofing). */
export function isolate(s: string): string {
  return `${FSI}${String(s).replace(BIDI_CONTROLS, "")}${PDI}`;
}

/** Left-to-right isolate: phone numbers, codes, anything that must read left to right in any sentence. */
export function isolateLtr(s: string): string {
  return `${LRI}${String(s).replace(BIDI_CONTROLS, "")}${PDI}`;
}

/** Translation parameters with every string isolated; numbers (counts for plurals, ids) stay numbers. */
export function isolateParams<T extends Record<string, string | number>>(params: T | undefined): T | undefined {
  if (!params) return params;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === "string" ? isolate(v) : v;
  return out as T;
}

/** The text without isolation marks (to compare or search what a person reads). */
export const stripIsolates = (s: string) => s.replace(/[\u2066-\u2069]/g, "");
