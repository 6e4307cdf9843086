/**
 * Typing slips mended in the words the bot's index holds (ADR 040): split out of understand.ts along its seam,
 * unchanged. The index registers its words (`registerTypoVocab`); `mendTypos` reads them.
 */
import { DAY_VOCAB } from "../text/dayPhrases";
import { normalizeText } from "../text/normalize";
import { candidateForms, type PhraseLookup } from "../text/phrases";
import { isLexiconWord } from "../lexicon/index";
import { foldArabizi } from "../lexicon/arabizi";
import { LEADING_ARTICLE } from "../lexicon/articles";
import { withinOne } from "../text/slips";

/**
 * Typing slips in service and city words: a word of five letters or more that the index doesn't know is read as the one
 * service or city word at edit distance 1 (a letter missing, extra, changed or two swapped: "electrican", "plumer",
 * "Basrra"); and any word whose Persian-keyboard letters (گ پ چ ژ ڤ) are the Arabic ones of a known word («سباگ» for
 * «سباك»). Short words and command words are never guessed at.
 */
interface TypoVocab {
  /** known service and city words of 4+ letters, by length (only typed words of 5+ letters are mended) */
  byLength: Map<number, string[]>;
  /** keyboard-letter-folded form → the known word, when only one word folds to it */
  folded: Map<string, string | null>;
}
const typoVocabs = new WeakMap<object, TypoVocab>();
const FOLD: Record<string, string> = { گ: "ک", ڭ: "ک", پ: "ب", چ: "ج", ژ: "ز", ڤ: "ف" };
const fold = (w: string) => w.replace(/[گڭپچژڤ]/g, (c) => FOLD[c] ?? c);
function buildTypoVocab<V>(words: Set<string>, index: PhraseLookup<V>): TypoVocab {
  const byLength = new Map<number, string[]>();
  const folded = new Map<string, string | null>();
  for (const w of words) {
    if (!w || !index.vocab.has(w)) continue;
    // (a known word of four letters is a target too: «مصوور» is «مصور» with a letter doubled)
    if (w.length >= 4) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w]);
    const f = fold(w);
    folded.set(f, folded.has(f) && folded.get(f) !== w ? null : w);
  }
  return { byLength, folded };
}

/** Optimal string alignment distance, stopping early above `max`. */
function osaWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return false;
    prev2 = prev;
    prev = cur;
  }
  return prev[n]! <= max;
}

/**
 * Slips mended in a word of this many letters or more: one from five ("plumer", «سباگ»), two from eight
 * ("elctrican", "refrigrator"): a shorter word two slips from a trade is as often another word (ADR 040).
 */
export const ONE_SLIP_FROM = 5;
export const TWO_SLIPS_FROM = 8;

/** English words one letter away from a command or a service that people mean as typed. */
const REAL_WORDS = new Set(["cancer", "compete", "chance", "except", "accent", "villa", "villas"]);

/** A typed word one slip from words of different meanings ("pinter": painter, printer), each given once. */
export interface Slip {
  /** the word as typed, normalised */
  word: string;
  /** the known words it may be, one per meaning */
  candidates: string[];
}

/**
 * The message with slips in service and city words mended (see TypoVocab); everything else as typed. A word the lexicon
 * holds is never mended, nor one in `keep` (a listing holds it). A word one slip from words of several meanings is
 * mended to the one `choose` names (the search asks which fits the query's other words), else left as typed and
 * reported in `slips`.
 */
export function mendTypos<V>(
  text: string,
  index: PhraseLookup<V>,
  keep?: ReadonlySet<string>,
  choose?: ReadonlyMap<string, string>,
  slips?: Slip[],
  short?: ReadonlySet<string>,
): string {
  const vocab = typoVocabs.get(index);
  if (!vocab) return text;
  const known = (w: string) =>
    REAL_WORDS.has(w) ||
    DAY_VOCAB.has(w) ||
    Boolean(keep?.has(w)) ||
    candidateForms(w, index.vocab).some((f) => index.vocab.has(f)) ||
    isLexiconWord(w);
  // Arabic in Latin letters first («sabbak», «mu7ami»): the lexicon's Arabic-script words, by rule (arabizi.ts)
  return foldArabizi(text, known).replace(/[\p{L}\p{M}]+/gu, (raw) => {
    const w = normalizeText(raw);
    if (!w || known(w)) return raw;
    const byFold = vocab.folded.get(fold(w));
    if (byFold) return byFold;
    // five letters or more besides an Arabic article: «الحلوة» (the sweet one) is not «الحلة» (Hillah) (a word of four
    // letters only when the search found that no listing holds it: «سباح» for «سباك»)
    const letters = w.replace(LEADING_ARTICLE, "").length;
    if (letters < ONE_SLIP_FROM && !(letters >= 4 && short?.has(w))) return raw;
    const near = new Set<string>();
    for (const len of [w.length - 1, w.length, w.length + 1])
      for (const k of vocab.byLength.get(len) ?? []) if (withinOne(w, k)) near.add(k);
    // a slip after «ب»/«بال» («بالبصرا»): the word with its article, mended, keeps its preposition («بالبصره»)
    const prep = near.size === 0 ? /^(و?ب)ال(.{4,})$/.exec(w) : null;
    if (prep) {
      const bare = `ال${prep[2]}`;
      const found = new Set<string>();
      for (const len of [bare.length - 1, bare.length, bare.length + 1])
        for (const k of vocab.byLength.get(len) ?? []) if (k.startsWith("ال") && withinOne(bare, k)) found.add(k);
      const meanings = new Set([...found].map((k) => index.get(k)?.value ?? k));
      if (meanings.size === 1 && !keep?.has(bare)) return `${prep[1]}${[...found][0]!}`;
    }
    // two slips only in a long word, and only when one slip found nothing
    if (near.size === 0 && w.replace(LEADING_ARTICLE, "").length >= TWO_SLIPS_FROM) {
      for (const len of [w.length - 2, w.length - 1, w.length, w.length + 1, w.length + 2])
        for (const k of vocab.byLength.get(len) ?? [])
          if (k.length >= TWO_SLIPS_FROM - 1 && osaWithin(w, k, 2)) near.add(k);
    }
    // several near words that mean the same thing ("electrician", "electrical"; «هەولێر», «هولير») are one answer
    const byMeaning = new Map<unknown, string>();
    for (const k of near) if (!byMeaning.has(index.get(k)?.value ?? k)) byMeaning.set(index.get(k)?.value ?? k, k);
    if (byMeaning.size === 1) return [...near][0]!;
    // a key struck twice is the likeliest slip («ددانن», "denttist"): the word with it once wins among several
    const once = [...near].find((k) => k.length === w.length - 1 && struckTwice(w, k));
    if (once) return once;
    const chosen = choose?.get(w);
    if (chosen && near.has(chosen)) return chosen;
    if (byMeaning.size > 1) slips?.push({ word: w, candidates: [...byMeaning.values()] });
    return raw;
  });
}

/** Whether `typed` is `word` with one of its letters struck twice in a row. */
function struckTwice(typed: string, word: string): boolean {
  for (let i = 0; i + 1 < typed.length; i++)
    if (typed[i] === typed[i + 1] && typed.slice(0, i) + typed.slice(i + 1) === word) return true;
  return false;
}

/** Makes `words` (those of them the index holds) the words slips in `index`'s readings are mended toward. */
export function registerTypoVocab<V>(index: PhraseLookup<V>, words: Set<string>): void {
  typoVocabs.set(index, buildTypoVocab(words, index));
}
