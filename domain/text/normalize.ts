/**
 * Text normalisation shared by search indexing, search queries, the translate helper and phone
 * parsing. Pure string code: runs the same in workerd, Node and the browser.
 *
 * Canonical forms (PRODUCT.md "Search", plus the decisions needed to make Arabic and Sorani meet), written by the
 * analysis chain's fold (domain/text/analysis/, ADR 081: Sorani words by Lucene's SoraniNormalizer, the rest by its
 * ArabicNormalizer, then one alphabet):
 *  - Alef forms  آ أ إ ٱ (and the rare ٲ ٳ)          → ا  (U+0627)
 *  - Yeh forms   ي (U+064A), ى (U+0649), ئ (U+0626)  → ی  (U+06CC, Persian/Sorani yeh)
 *      PRODUCT says Arabic ى → ي and Sorani ي/ى → ی. Two canonical yehs would keep Arabic "كهربائي"
 *      and a Kurdish-keyboard "کهربایی" apart, so ONE canonical yeh is used for both languages: ی.
 *      (ێ U+06CE is a different Sorani vowel and is kept.)
 *  - Kaf         ك (U+0643), ڪ (U+06AA)               → ک  (U+06A9, keheh), for the same reason.
 *  - Heh         ة (U+0629), ھ (U+06BE)               → ه  (U+0647). Sorani ە (U+06D5) is a vowel
 *      letter and is kept distinct; in a Sorani word (ADR 081) ه + ZWNJ, a final ه and ة are ە, and an initial ر is ڕ.
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
import { foldWord, joinWords } from "./analysis/chain";
export { normalizeDigits };

/** Characters removed outright, after the words were folded (a mark left between words, bidi marks, BOM). */
const REMOVED = /[\u064B-\u065F\u0670\u0640\u200C-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]/g;
/** Marks that never belong to a word, gone first so that they split none (the joiners are the chain's to read). */
const UNSEEN = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]/g;
/** One word for the chain's fold: letters, marks and the joiners a word may carry inside it. */
const FOLDED_WORD = /[\p{L}\p{M}\u200C\u200D]+/gu;

/**
 * The one normal form used for comparing user text in en/ar/ku (see the header comment): the analysis chain's fold
 * (domain/text/analysis/chain.ts, ADR 081) on every word, then digits, case and spaces.
 * Idempotent: normalizeText(normalizeText(s)) === normalizeText(s). Never throws on any string.
 */
export function normalizeText(s: string): string {
  if (typeof s !== "string" || s.length === 0) return "";
  let t = joinWords(s.normalize("NFKC").replace(UNSEEN, "")).replace(FOLDED_WORD, foldWord);
  t = t.replace(REMOVED, "").replace(/\u200B/g, " ");
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
  const plain = String(raw ?? "")
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  return plain.replace(TRAILING, "") || plain;
}
