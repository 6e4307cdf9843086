/**
 * Bidi isolation where user text meets UI text (ADR 013). A Latin name inside an Arabic sentence, or an
 * Arabic name inside an English one, must not reorder the punctuation and numbers around it:
 * "قبل Studio 21 حجزك رقم 12." shows the digits in the wrong places without isolation.
 *
 * Text (notifications stored as text, bot replies, toasts, titles) gets Unicode isolates:
 * FSI … PDI (U+2068 … U+2069) lets the inserted text pick its own direction from its first strong
 * letter; a phone number gets LRI LRO … PDF PDI: isolated, and every character in the order it was typed.
 * In JSX, the same is <bdi> (and <bdi dir="ltr" className="phone"> for phones; `input[type=tel]` is
 * overridden in web/tailwind.css).
 *
 * Why the override: to the bidi algorithm Arabic-Indic digits are Arabic numbers, which count as right-to-left for the
 * spaces between them, even inside a left-to-right isolate or a `dir="ltr"` field: «٠٧٨٠ ١١١ ٢٢٣٣» typed into the
 * register form showed as «٢٢٣٣ ١١١ ٠٧٨٠». A phone has no letters whose own direction matters, so forcing left to right
 * is exactly the order it was typed in.
 */

export const FSI = "\u2068";
export const LRI = "\u2066";
export const PDI = "\u2069";
/** Left-to-right override and its end: every character inside shows in typed order, left to right. */
export const LRO = "\u202D";
export const PDF = "\u202C";

/** Direction controls a user could type or paste to reorder what follows (embeddings, overrides, isolates). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** User text as a first-strong isolate; any direction controls inside it are removed first (no spoofing). */
export function isolate(s: string): string {
  return `${FSI}${String(s).replace(BIDI_CONTROLS, "")}${PDI}`;
}

/**
 * Phone numbers and codes: isolated from the sentence, and shown left to right in the order they were typed,
 * in Western or Arabic-Indic digits alike (an override inside a left-to-right isolate).
 */
export function isolateLtr(s: string): string {
  return `${LRI}${LRO}${String(s).replace(BIDI_CONTROLS, "")}${PDF}${PDI}`;
}

/** Translation parameters with every string isolated; numbers (counts for plurals, ids) stay numbers. */
export function isolateParams<T extends Record<string, string | number>>(params: T | undefined): T | undefined {
  if (!params) return params;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === "string" ? isolate(v) : v;
  return out as T;
}

/** The text without isolation marks or overrides (to compare or search what a person reads). */
export const stripIsolates = (s: string) => s.replace(/[\u202A-\u202E\u2066-\u2069]/g, "");
