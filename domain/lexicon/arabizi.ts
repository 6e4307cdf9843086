/**
 * Arabic written in Latin letters ("Arabizi": «sabbak», «mu7ami», «kahraba2i», «tabib atfal»), read as the lexicon's
 * Arabic-script words by rule, not by a list of spellings. Both sides go to the consonant skeleton the name keys use
 * (domain/text/transliterate.ts, ADR 006: vowels dropped, letters Iraqi Latin spellings write alike in one class),
 * after the digits Arabizi writes for letters Latin lacks: 7 ح, 5 خ, 6 ط, 9 ص, 8 غ, and 2 ء / 3 ع, which the skeleton
 * leaves out like a vowel. «sabbak» and «سباك» are both "sbk"; «mu7ami» and «محامي» both "mhm" with a vowel ending;
 * «doctor asnan» and «دكتور أسنان» are "dktr snn" word by word.
 *
 * Only the shelves that say what or where (trades and what people say instead, problem words, the dictionary's places
 * and specialties) are read, and a skeleton two meanings share is nobody's (it stays as typed). A lone Latin word
 * meets a problem word only with an Arabizi digit in it: English words meet them by their consonants ("motor" and
 * «مطار», an airport ride), while a trade's or a place's Arabic word met by an English one is mostly the same loanword
 * ("laptop" «لابتوب», "freezer" «فريزر»). A span is folded only
 * when one of its words is a Latin word the lexicon does not hold and no listing holds (`isKnown`): "doctor" alone
 * stays the English word, "doctor asnan" becomes the dentist's phrase, and a listing's own Latin name is never read
 * as a trade. The readers (domain/understand) fold first, then mend slips.
 */
import { tokenize } from "../text/normalize";
import { nameKeyOf, phraseWordKeyOf, semivowelKey, stripArticle } from "../text/transliterate";
import { FILLER } from "./fillerWords";
import { LEXICON, type Shelf, type Shelves } from "./phraseIndex";

/** Iraqi Arabic's request and sentence words as Latin letters write them ("abi", "aku", "ma", "el"): an Arabizi sentence. */
const ARABIZI_FILLER: ReadonlySet<string> = new Set(FILLER.ar.filter((w) => /^[a-z0-9]+$/.test(w)));

/** The letters Arabizi writes as digits, as Latin letters of the same skeleton class (2 and 3 are silent, like a vowel). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { "2": "a", "3": "a", "5": "kh", "6": "t", "7": "ħ", "8": "gh", "9": "s" };

/** A Latin word Arabizi may write: letters, with the digits above among them (not a number, not a digit alone at the start). */
const ARABIZI_WORD = /^[a-z][a-z235-9]*$|^[235-9][a-z][a-z235-9]*$/;

/**
 * The shelves read, in the order whose meaning wins for a key several hold. Filler is read last: «wa7ed» is «واحد»
 * (someone), not the blacksmith «حداد» that its key alone would say; a request's words read as filler cost nothing.
 */
const SHELVES: readonly Shelf[] = ["trade", "problem", "dictionary", "filler"];

/** What a key means on its shelf: a trade's term, a problem's trade, a dictionary entry (one object per meaning). */
function meaningOf(shelf: Shelf, value: unknown): unknown {
  if (shelf === "trade") return (value as Shelves["trade"]).term;
  return value;
}

/** The skeleton of one Latin word as Arabizi writes it, or null. */
export function arabiziKey(word: string): string | null {
  if (!ARABIZI_WORD.test(word)) return null;
  return nameKeyOf(latinLetters(word));
}

/** "Not" as Arabizi writes it: a short word a symptom's phrase holds («ما تشتغل», «مو زين»). */
const NEGATIONS: ReadonlySet<string> = new Set(["ma", "mu", "mo", "la"]);

/** A Latin word with the digits Arabizi writes for letters as those letters. */
const latinLetters = (word: string) => word.replace(/[235-9]/g, (d) => DIGIT_LETTERS[d] ?? d);

/** One Latin word's skeleton with its w, y, "oo", "ee" kept (`semivowelKey`): it tells apart the meanings a key joins. */
const arabiziSemivowels = (word: string) => semivowelKey(word.replace(/[235-9]/g, (d) => DIGIT_LETTERS[d] ?? d));

/**
 * The skeletons one Latin word may have: its name key, and where it ends in a vowel and "h" (or "7"), the key with
 * that "h" a consonant. A name's final "h" after a vowel is a written vowel ending (Fatimah, فاطمة: ADR 006), but Arabizi also
 * writes ح and ه there: «tasleeh» is «تصليح», «mafateeh» «مفاتيح», «fallah» «فلاح». Both are tried, the name key first.
 */
export function arabiziKeys(word: string): string[] {
  const key = arabiziKey(word);
  if (!key) return [];
  if (!/[aeiouyw][h7]$/.test(word)) return [key, ...possessiveKeys(word, key)];
  // a doubled final "h" is read as the consonant by the name key's rule
  const consonant = nameKeyOf(`${word}h`.replace(/[235-9]/g, (d) => DIGIT_LETTERS[d] ?? d));
  if (!consonant || consonant === key) return [key];
  // a final 7 is always the consonant ح («ysala7» is «يصلح»), never a written vowel ending
  return word.endsWith("7") ? [consonant] : [key, consonant];
}

/**
 * The skeletons of a word that ends in "my" («-i», «-y», «-ee» after a consonant: "mobaily" «موبايلي», "sayyarti"
 * «سيارتي»), tried after the word's own: the word without it, and a final "t" read as the ة it was («سيارة»).
 */
function possessiveKeys(word: string, key: string): string[] {
  if (!/[^aeiouy](?:i|y|ee)$/.test(word) || !key.endsWith("a")) return [];
  const bare = key.slice(0, -1);
  if (bare.replace(/\s/g, "").length < 2) return [];
  // (ة has no vowel ending in a name key, «سيارة» "sr", but a written one may: both)
  return bare.endsWith("t") && bare.length >= 3 ? [bare, bare.slice(0, -1), `${bare.slice(0, -1)}a`] : [bare];
}

/** A `semivowelKey` phrase with any of its W and Y left out (repeats collapsed, as the key does), itself included. */
function withoutSomeSemivowels(key: string): Set<string> {
  const at = [...key].flatMap((ch, i) => (ch === "W" || ch === "Y" ? [i] : [])).slice(0, 6);
  const out = new Set<string>();
  for (let mask = 0; mask < 1 << at.length; mask++) {
    const kept = [...key].filter((_, i) => !at.some((j, b) => j === i && mask & (1 << b))).join("");
    out.add(kept.replace(/(.)\1+/g, "$1"));
  }
  return out;
}

/** Every way of reading a phrase's words, one skeleton per word (at most a few words have two). */
function readings(keys: readonly (readonly string[])[]): string[] {
  let out = [""];
  for (const ks of keys) out = out.flatMap((o) => ks.map((k) => (o ? `${o} ${k}` : k)));
  return out;
}

interface SkeletonIndex {
  /** skeleton phrase ("sbk", "dktr snn") → the lexicon's Arabic-script key, or null when two meanings share it */
  keys: Map<string, string | null>;
  /** keys only the problem shelf holds: an English word meets them by its consonants too often ("motor", «مطار») */
  problemOnly: Set<string>;
  /** skeleton phrase two meanings share → each key with its meaning and its words' `semivowelKey`s */
  shared: Map<string, { key: string; meaning: unknown; semivowels: string }[]>;
  maxWords: number;
}

let built: { version: number; index: SkeletonIndex } | null = null;

function skeletonIndex(): SkeletonIndex {
  // the lexicon's size grows as shelves register: rebuilt if a shelf came after the first use
  if (built && built.version === LEXICON.size) return built.index;
  const keys = new Map<string, string | null>();
  const meanings = new Map<string, unknown>();
  const problemOnly = new Set<string>();
  const all = new Map<string, { key: string; meaning: unknown; semivowels: string }[]>();
  let maxWords = 1;
  for (const [key, list] of LEXICON.entries()) {
    if (!/^[\u0600-\u06FF ]+$/.test(key)) continue;
    const first = SHELVES.map((s) => list.find((e) => e.shelf === s)).find(Boolean);
    if (!first) continue;
    const words = key.split(" ");
    const meaning = meaningOf(first.shelf, first.value);
    if (first.shelf === "problem") problemOnly.add(key);
    // a phrase's words as written, and without their article: Latin writes it apart ("el sayyara" is «السيارة»), and
    // "el" is read as a word of its own
    const bare = words.map((w) => stripArticle(w) ?? w);
    const forms = words.length > 1 && bare.some((w, i) => w !== words[i]) ? [words, bare] : [words];
    for (const form of forms) {
      // (in a phrase a short word keeps its short key: «مكيف ما يبرد», «طبيب عيون»)
      const skeletons = form.map((w) => (form.length > 1 ? phraseWordKeyOf(w) : nameKeyOf(w)));
      if (skeletons.some((s) => !s)) continue;
      const skeleton = skeletons.join(" ");
      const held = all.get(skeleton) ?? [];
      held.push({ key, meaning, semivowels: form.map(semivowelKey).join(" ") });
      all.set(skeleton, held);
      if (!meanings.has(skeleton)) {
        meanings.set(skeleton, meaning);
        keys.set(skeleton, key);
        maxWords = Math.max(maxWords, words.length);
      } else if (meanings.get(skeleton) !== meaning) keys.set(skeleton, null);
    }
  }
  const shared = new Map([...all].filter(([skeleton]) => keys.get(skeleton) === null));
  built = { version: LEXICON.size, index: { keys, problemOnly, shared, maxWords } };
  return built.index;
}

/**
 * A single word is folded only when its skeleton has three consonants, or two beside an Arabizi digit («mu7ami»):
 * two consonants alone ("tb", "sk") meet too many words.
 */
const longEnough = (typed: string, skeleton: string) => skeleton.replace(/a$/, "").length >= 3 || (/[235-9]/.test(typed) && skeleton.replace(/a$/, "").length >= 2);

/**
 * `text` with its Arabizi words written as the lexicon's Arabic-script words (see the header); everything else as
 * typed. `isKnown(word)` (normalised) says the lexicon or a listing holds the word as it is.
 */
export function foldArabizi(text: string, isKnown: (word: string) => boolean): string {
  if (!/[a-z]/i.test(text)) return text;
  const words = [...text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => {
    const [token] = tokenize(m[0]);
    const keys = token ? arabiziKeys(token) : [];
    // (a short word's key only inside a phrase of two words or more, and only for a word with an Arabizi digit,
    // "3uyoon", or a "not": "ma", "mu", "la"; "abi wa7ed" is not «باب حديد»)
    const shortOk = token && ARABIZI_WORD.test(token) && (/[235-9]/.test(token) || NEGATIONS.has(token));
    const short = !keys.length && shortOk ? phraseWordKeyOf(latinLetters(token)) : null;
    const phraseKeys = keys.length ? keys : short ? [short] : [];
    const start = m.index ?? 0;
    return { start, end: start + m[0].length, token: token ?? "", key: keys[0] ?? null, keys, phraseKeys };
  });
  if (!words.some((w) => w.phraseKeys.length && !isKnown(w.token))) return text;
  const arabiziSentence = words.some(
    (w) => (/[a-z]/.test(w.token) && /[235-9]/.test(w.token)) || ARABIZI_FILLER.has(w.token),
  );
  const index = skeletonIndex();
  let out = "";
  let pos = 0;
  let i = 0;
  while (i < words.length) {
    let used = 0;
    for (let n = Math.min(index.maxWords, words.length - i); n >= 1 && !used; n--) {
      const span = words.slice(i, i + n);
      // one phrase: Latin words joined by spaces only
      const keysOf = (w: (typeof words)[number]) => (n > 1 ? w.phraseKeys : w.keys);
      if (span.some((w, k) => !keysOf(w).length || (k > 0 && text.slice(span[k - 1]!.end, w.start).trim() !== "")))
        continue;
      if (!span.some((w) => !isKnown(w.token))) continue;
      // (each word's readings in turn: the name key, then a final "h" as a consonant)
      // a key two meanings share is the one whose و and ي the typed word writes, if only one's does («wa7ed», «7addad»)
      const semivowels = span.map((w) => arabiziSemivowels(w.token)).join(" ");
      // (written exactly, else with some of its و and ي left out, as Latin leaves a long i or u: «diwaniya», «ديوانيه»)
      const byWriting = (k: string) => {
        const held = index.shared.get(k) ?? [];
        const exact = held.filter((c) => c.semivowels === semivowels);
        const fits = exact.length ? exact : held.filter((c) => withoutSomeSemivowels(c.semivowels).has(semivowels));
        return fits.length && fits.every((c) => c.meaning === fits[0]!.meaning) ? fits[0]!.key : null;
      };
      const arabic = readings(span.map(keysOf)).map((k) => (n === 1 && !longEnough(span[0]!.token, k) ? null : (index.keys.get(k) ?? byWriting(k)))).find(Boolean);
      if (!arabic) continue;
      // a problem word from one Latin word only with an Arabizi digit in it («7arara»), or in a sentence another word of
      // which has one («mu7ami talaq»: ADR 093): "motor" in English is not «مطار»
      if (n === 1 && index.problemOnly.has(arabic) && !/[235-9]/.test(span[0]!.token) && !arabiziSentence) continue;
      out += text.slice(pos, span[0]!.start) + arabic;
      pos = span[n - 1]!.end;
      used = n;
    }
    i += used || 1;
  }
  return out + text.slice(pos);
}
