/**
 * The language of a message typed in Latin letters, as the bot's reader reads its words (ADR 097): English words
 * ("need plumber baghdad") are English; Arabic in Latin letters, which the Arabizi reader folds into the lexicon's
 * Arabic words («sabbak» is «سباک», «abi», «ariid», «bl» are its request words) is Arabic; Kurdish in Latin letters
 * ("kareba", «wastay kareba» folded into «وەستای کارەبا», "la") is Sorani. A word counts for the one language that
 * writes it that way; places ("baghdad", "hawler" is also how English spells Erbil) and small talk ("ok", "salam",
 * said alike in every language) count for none. The language with the most words, when one has most; else null.
 */
import type { Lang } from "../text/lang";
import { normalizeDigits } from "../text/normalize";
import { findPhrases } from "../text/phrases";
import { foldArabizi } from "../lexicon/arabizi";
import { isLexiconWord } from "../lexicon/index";
import { indexFor, type Place, type Value } from "./botIndex";

/** Words said alike in every language typed in Latin letters: they say nothing of which one. */
const SMALL_TALK = new Set(["greeting", "thanks", "yes", "no"]);

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

const counts = (v: Value) => !("city" in v) && !("command" in v && SMALL_TALK.has(v.command));

/** The language a Latin-letter message is written in (see the header), or null: not Latin, or nothing telling. */
export function latinLanguage(raw: string, places: readonly Place[] = []): Lang | null {
  if (!/[a-z]/i.test(raw) || ARABIC_SCRIPT.test(raw)) return null;
  const index = indexFor(places);
  // (the reader's own fold: a word the index or the lexicon holds as typed stays the Latin word it is)
  const folded = foldArabizi(normalizeDigits(raw).toLowerCase(), (w) => index.vocab.has(w) || isLexiconWord(w));
  const words: Record<Lang, number> = { en: 0, ar: 0, ku: 0 };
  for (const { hit } of findPhrases(folded, index)) {
    if (hit.langs.size !== 1 || !counts(hit.value)) continue;
    for (const lang of hit.langs) words[lang]++;
  }
  const [first, second] = (Object.entries(words) as [Lang, number][]).sort((a, b) => b[1] - a[1]);
  return first![1] > second![1] ? first![0] : null;
}
