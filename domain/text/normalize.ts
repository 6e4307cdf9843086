/**
 * Text normalisation shared by search indexing, search queries, the translate helper and phone
 * parsing. Pure string code: runs the same in workerd, Node and the browser.
 *
 * Canonical forms (PRODUCT.md "Search", plus the decisions needed to make Arabic and Sorani meet):
 *  - Alef forms  آ أ إ ٱ (and the rare ٲ ٳ)          → ا  (U+0627)
 *  - Yeh forms   ي (U+064A), ى (U+0649), ئ (U+0626)  → ی  (U+06CC, Persian/Sorani yeh)
 *      PRODUCT says Arabic ى → ي and Sorani ي/ى → ی. Two canonical yehs would keep Arabic "كهربائي"
 *      and a Kurdish-keyboard "کهربایی" apart, so ONE canonical yeh is used for both languages: ی.
 *      (ێ U+06CE is a different Sorani vowel and is kept.)
 *  - Kaf         ك (U+0643), ڪ (U+06AA)               → ک  (U+06A9, keheh), for the same reason.
 *  - Heh         ة (U+0629), ھ (U+06BE)               → ه  (U+0647). Sorani ە (U+06D5) is a vowel
 *      letter and is kept distinct.
 *  - Waw         ؤ (U+0624)                           → و
 *  - Removed: harakat U+064B–U+065F and superscript alef U+0670, tatweel U+0640, ZWNJ/ZWJ
 *      U+200C/U+200D, bidi marks U+200E U+200F U+202A–U+202E U+2066–U+2069 and the Arabic letter
 *      mark U+061C, BOM U+FEFF and soft hyphen U+00AD. Zero-width space U+200B becomes a space
 *      (it separates words).
 *  - Digits ٠-٩ and ۰-۹ → 0-9; letters lower-cased; whitespace collapsed to one space and trimmed.
 *  - NFKC first, so Arabic presentation forms pasted from PDFs (ﻛﻬﺮﺑﺎﺋﻲ, ﻻ) and full-width
 *      Latin/digits become ordinary letters; NFC at the end so that removing a mark never leaves a
 *      decomposable sequence behind (keeps the function idempotent).
 *  - Standalone hamza ء is NOT removed (PRODUCT does not ask for it): "كهرباء" ≠ "كهربا".
 */

import { normalizeDigits } from "./digits";
export { normalizeDigits };

/** Characters removed outright. */
const REMOVED = /[\u064B-\u065F\u0670\u0640\u200C-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]/g;

const CHAR_MAP: Readonly<Record<string, string>> = {
  "\u0622": "\u0627", // آ
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0671": "\u0627", // ٱ
  "\u0672": "\u0627", // ٲ
  "\u0673": "\u0627", // ٳ
  "\u064A": "\u06CC", // ي → ی
  "\u0649": "\u06CC", // ى → ی
  "\u0626": "\u06CC", // ئ → ی
  "\u0643": "\u06A9", // ك → ک
  "\u06AA": "\u06A9", // ڪ → ک
  "\u0629": "\u0647", // ة → ه
  "\u06BE": "\u0647", // ھ → ه
  "\u0624": "\u0648", // ؤ → و
};
const MAPPED = /[\u0622\u0623\u0625\u0671\u0672\u0673\u064A\u0649\u0626\u0643\u06AA\u0629\u06BE\u0624]/g;

/**
 * The one normal form used for comparing user text in en/ar/ku (see the header comment).
 * Idempotent: normalizeText(normalizeText(s)) === normalizeText(s). Never throws on any string.
 */
export function normalizeText(s: string): string {
  if (typeof s !== "string" || s.length === 0) return "";
  let t = s.normalize("NFKC");
  t = t.replace(REMOVED, "").replace(/\u200B/g, " ");
  t = t.replace(MAPPED, (c) => CHAR_MAP[c] ?? c);
  t = normalizeDigits(t);
  t = t.toLowerCase().normalize("NFC");
  return t.replace(/\s+/g, " ").trim();
}

const NON_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/** normalizeText, then split on anything that is not a letter, combining mark or digit; no empty tokens. */
export function tokenize(s: string): string[] {
  return normalizeText(s)
    .split(NON_WORD)
    .filter((w) => w.length > 0);
}

/** Marks a person never sees: zero-width space and joiners, bidi marks and isolates, the Arabic letter mark, BOM. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]/g;
const TRAILING = /[\s.,;:!?؟،؛…~*"'»«)(\-]+$/u;

/**
 * A whole message as a command word (the bot's "stop", "menu", "help"): invisible marks gone, trailing punctuation
 * folded, spaces collapsed, lower-cased, so «Stop.», "STOP" + RLM and «توقف!» read as the word. A message that is only
 * punctuation («؟») stays as it is.
 */
export function commandWord(raw: string): string {
  const plain = String(raw ?? "").replace(INVISIBLE, "").replace(/\s+/g, " ").trim().toLowerCase();
  return plain.replace(TRAILING, "") || plain;
}
