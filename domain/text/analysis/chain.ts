/**
 * The analysis chain (ADR 081), as Lucene builds one: small filters, each in its own file with its own test, read top
 * to bottom. The lexicon's keys, every listing's search text and every query (search box, hero, API, bot) pass through
 * it, so a spelling folded for one is folded for all.
 *
 *  1. joinWords      raw text: ه + ZWNJ → ە and joiners dropped inside a word, so «کاره‌باچی» is one word to
 *                    every reader
 *  2. foldWord       per word, by its letters (script.ts): Sorani → soraniNormalizer.ts, Arabic → arabicNormalizer.ts;
 *                    then foldLetters, the one alphabet both languages meet in (normalizeText runs 2 on every word,
 *                    with digits, case and spaces: domain/text/normalize.ts)
 *  3. lightStem      per folded word, by its letters: soraniStemmer.ts or arabicStemmer.ts (the index holds the stem
 *                    beside the word; a query's word matches either; the lexicon's reader tries it as a known form)
 *  4. Arabizi        domain/lexicon/arabizi.ts (foldArabizi: it reads the lexicon, so it lives there)
 *  5. typo mending   domain/understand/typos.ts (mendTypos, last: a word the steps above made known is never "mended")
 */
import { normalizeArabic } from "./arabicNormalizer";
import { stemArabic } from "./arabicStemmer";
import { scriptOf } from "./script";
import { normalizeSorani } from "./soraniNormalizer";
import { stemSorani } from "./soraniStemmer";

/**
 * Our one alphabet, after either normaliser: ي ى ئ → ی and ك ڪ → ک in both languages (ADR 006's single yeh and kaf),
 * ة ھ → ه, ؤ → و, the rare alef forms → ا. Sorani ە and ێ stay letters of their own.
 */
const LETTERS: Readonly<Record<string, string>> = {
  "\u0622": "\u0627",
  "\u0623": "\u0627",
  "\u0625": "\u0627",
  "\u0671": "\u0627",
  "\u0672": "\u0627",
  "\u0673": "\u0627",
  "\u064A": "\u06CC",
  "\u0649": "\u06CC",
  "\u0626": "\u06CC",
  "\u0643": "\u06A9",
  "\u06AA": "\u06A9",
  "\u0629": "\u0647",
  "\u06BE": "\u0647",
  "\u0624": "\u0648",
};
const MAPPED = /[\u0622\u0623\u0625\u0671\u0672\u0673\u064A\u0649\u0626\u0643\u06AA\u0629\u06BE\u0624]/g;

export const foldLetters = (word: string): string => word.replace(MAPPED, (c) => LETTERS[c] ?? c);

/**
 * Step 1 on raw text (the readers' first step): ه + ZWNJ is Sorani's ە, and a joiner inside a word does not split it.
 */
export function joinWords(text: string): string {
  return text.replace(/\u0647\u200C/g, "\u06D5").replace(/(?<=\p{L})[\u200C\u200D]+(?=\p{L})/gu, "");
}

/** Step 2: one word (letters, marks, joiners) in the normaliser of its language, then in our one alphabet. */
export function foldWord(word: string): string {
  const script = scriptOf(word);
  if (script === "other") return word;
  // (a Sorani word's ھ, marks and ZWJ go before its normaliser
  // looks for a final ه, so that folding twice changes nothing)
  if (script === "ar") return foldLetters(normalizeArabic(word));
  return foldLetters(
    normalizeSorani(word.replace(/\u06BE/g, "\u0647").replace(/[\u064B-\u065F\u0670\u0640\u200D]/g, "")),
  );
}

/** A stem this short meets too many other words («حسين» is not «حس…»): the word is kept alone. */
const MIN_STEM = 3;

/** Step 3: a folded word's light stem, by its letters, when it differs and keeps MIN_STEM letters; else null. */
export function lightStem(word: string): string | null {
  const script = scriptOf(word);
  if (script === "other") return null;
  const stem = script === "ku" ? stemSorani(word) : stemArabic(word);
  return stem !== word && [...stem].length >= MIN_STEM ? stem : null;
}
