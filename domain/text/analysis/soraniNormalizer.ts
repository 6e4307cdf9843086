/**
 * The Sorani normaliser (ADR 081), as Lucene's SoraniNormalizer: yeh ي and alef maksura ى → ی, kaf ك → ک; the vowel ە
 * as people type it on an Arabic keyboard (ه + zero-width non-joiner, a word-final ه, teh marbuta ة) → ە; heh
 * doachashmee ھ → ه; ڒ and a word-initial ر → ڕ (Sorani's initial r is always the trilled one); harakat, tatweel and
 * invisible format marks (ZWNJ, ZWJ, bidi marks) removed. It reads one word that is Sorani (script.ts decides).
 */
const HEH = "\u0647";
const AE = "\u06D5";
const FORMAT = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF\u00AD]/g;
const MARKS = /[\u064B-\u0652\u0640]/g;

export function normalizeSorani(word: string): string {
  let w = word.replace(/\u0647\u200C/g, AE);
  // (a final ه as typed: a ھ that becomes ه below, or one before a mark, is not Lucene's final heh)
  if (w.endsWith(HEH)) w = w.slice(0, -1) + AE;
  w = w.replace(FORMAT, "").replace(MARKS, "");
  w = w
    .replace(/[\u064A\u0649]/g, "\u06CC")
    .replace(/\u0643/g, "\u06A9")
    .replace(/\u0629/g, AE)
    .replace(/\u06BE/g, HEH)
    .replace(/\u0692/g, "\u0695");
  if (w.startsWith("\u0631")) w = "\u0695" + w.slice(1);
  return w;
}
