/**
 * Phrase lookup shared by the translate helper and the service-word map: an index of known
 * phrases in en/ar/ku (keyed by normalised tokens) and a greedy longest-match scan over free text
 * that tolerates Arabic prefixes (ال، بال، لل، وال، كال، فال، و، ب، ل، ف), Arabic/Sorani suffixes
 * (ة/ين/ون/ات; ەکە/ەکان/یەک/ێک/ی…), a final hamza left out (كهربا) and English plurals — each only when the
 * remainder is a known word, so nothing unknown is ever cut.
 */
import type { Lang } from "./lang";
import { normalizeText, tokenize } from "./normalize";
import { lightStem } from "./analysis/chain";
import { ARTICLE_PREFIXES } from "../lexicon/articles";

/** The lookup key of a phrase: its normalised tokens joined by one space. */
export function phraseKey(s: string): string {
  return tokenize(s).join(" ");
}

export interface PhraseHit<V> {
  readonly value: V;
  /** The languages in which this key is a known form of value. */
  readonly langs: ReadonlySet<Lang>;
}

/**
 * What the longest-phrase scan reads: a PhraseIndex, or a view of the lexicon's one index
 * (domain/lexicon/phraseIndex.ts).
 */
export interface PhraseLookup<V> {
  get(key: string): PhraseHit<V> | undefined;
  readonly vocab: ReadonlySet<string>;
  readonly maxWords: number;
}

export class PhraseIndex<V> implements PhraseLookup<V> {
  private readonly map = new Map<string, { value: V; langs: Set<Lang> }>();
  /** Every token of every key. */
  readonly vocab = new Set<string>();
  /** Keys claimed by two different values (the first one wins). Kept for tests. */
  readonly collisions: string[] = [];
  maxWords = 1;

  add(form: string, value: V, lang: Lang): void {
    const key = phraseKey(form);
    if (!key) return;
    const existing = this.map.get(key);
    if (existing) {
      if (existing.value === value) existing.langs.add(lang);
      else this.collisions.push(key);
      return;
    }
    this.map.set(key, { value, langs: new Set([lang]) });
    const words = key.split(" ");
    for (const w of words) this.vocab.add(w);
    if (words.length > this.maxWords) this.maxWords = words.length;
  }

  get(key: string): PhraseHit<V> | undefined {
    return this.map.get(key);
  }

  get size(): number {
    return this.map.size;
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }
}

const normAll = (xs: readonly string[]): string[] => xs.map((x) => normalizeText(x));
/** Definite article and article+preposition prefixes (the lexicon's one list, normalised: its two kafs fold to one). */
const AR_PREFIXES = [...new Set(normAll(ARTICLE_PREFIXES))];
/** One-letter proclitics (and, with/in, for/to, so); the remainder must have ≥ 3 letters. */
const AR_LETTER_PREFIXES = normAll(["و", "ب", "ل", "ف"]);
/** Sorani definite/indefinite/plural/ezafe endings and Arabic plural/feminine endings (normalised). */
const AR_KU_SUFFIXES = normAll([
  "یەکانم",
  "ەکانم",
  "یەکەم",
  "ەکەم",
  "کانم",
  "کەم",
  "ێکم",
  "یەکم", // Sorani with "my" (کارەباچییەکەم; after a vowel: مۆلیدەکەم; دارتاشێکم)
  "ەکم", // the same typed with one ی after a word's own ی: «بۆریچیەکم» for «بۆریچییەکم»
  "کان",
  "کە", // after a vowel: مۆلیدەکە
  "یەکان",
  "ەکان",
  "یەکە",
  "ەکە",
  "یەکی",
  "یەک",
  "ێکی",
  "ێک",
  "یان",
  "ان",
  "یم",
  "م", // Sorani («کارەباچیم دەوێت»: I need an electrician)
  // («بۆریچییەکی باش»: a good plumber, the indefinite with its ezafe)
  "ين",
  "ون",
  "ات",
  "ية",
  "ة", // Arabic (ة is ه once normalised)
  "ی", // Sorani ezafe / Arabic nisba
]);
/** Arabic possessive endings, normalised (ي ی, ك ک): my, your, his, her, our, your (pl.), their. */
const AR_POSSESSIVE = /^(.+?)(ی|ک|ه|ها|نا|کم|هم)$/;
const EN_SUFFIXES: readonly (readonly [string, string])[] = [
  ["ies", "y"],
  ["es", ""],
  ["s", ""],
];
const LATIN_WORD = /^[a-z0-9]+$/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** The token itself, then any shorter known forms of it (see the module comment). */
/** A word written with Arabic's article, bare or after «و», «ف», «ب», «ك», «ل» («البيت», «بالطلب», «للبيت»). */
const ARABIC_ARTICLE = /^(?:[وفبكل]?ال|لل)/;

export function candidateForms(token: string, vocab: ReadonlySet<string>): string[] {
  const out = [token];
  const add = (c: string) => {
    if (c !== token && vocab.has(c) && !out.includes(c)) out.push(c);
  };
  if (LATIN_WORD.test(token)) {
    for (const [suffix, repl] of EN_SUFFIXES) {
      if (token.endsWith(suffix) && token.length - suffix.length >= 3) add(token.slice(0, -suffix.length) + repl);
    }
  } else if (ARABIC_SCRIPT.test(token)) {
    const bases = [token];
    for (const p of AR_PREFIXES) {
      if (token.startsWith(p) && token.length - p.length >= 2) bases.push(token.slice(p.length));
    }
    for (const p of AR_LETTER_PREFIXES) {
      if (token.startsWith(p) && token.length - p.length >= 3) bases.push(token.slice(p.length));
    }
    for (const b of bases) add(b);
    // a final hamza dialect leaves out («الكهربا» for «الكهرباء», «كربلا»), when the word with it is known
    for (const b of bases) if (b.endsWith("ا") && b.length >= 3) add(`${b}ء`);
    // the analysis chain's light stem (ADR 081: Lucene's Arabic or Sorani stemmer, by the word's letters)
    for (const b of bases) {
      const stem = lightStem(b);
      // (a Sorani stem loses the word's own final ی, which the lexicon's form keeps: «کارەباچییەکانی» → «کارەباچ»)
      // (or its own final ە: «مۆلیدەکەمان», our generator, → «مۆلید» → «مۆلیدە», ADR 087)
      if (stem) {
        add(stem);
        // (not after Arabic's article: «بالطلب», "made to order", is no «طلبي», "my request")
        if (!ARABIC_ARTICLE.test(token)) {
          add(`${stem}ی`);
          add(`${stem}ە`);
        }
      }
    }
    for (const b of bases) {
      for (const s of AR_KU_SUFFIXES) {
        if (b.endsWith(s) && b.length - s.length >= 3) add(b.slice(0, -s.length));
      }
      // an Arabic possessive ("my", "your", "our"…): on a word ending in ة the ة is written ت before it («غسالتي» is
      // «غسالة», «سيارتنا» «سيارة»); on any other word it is only added («مكيفك», «موبايلنا»)
      const owned = AR_POSSESSIVE.exec(b);
      if (owned && owned[1]!.length >= 3) {
        add(owned[1]!);
        if (owned[1]!.endsWith("ت")) add(`${owned[1]!.slice(0, -1)}ه`);
      }
    }
  }
  return out;
}

/** Letters, marks, digits and the invisible marks normalizeText drops: what makes one word in raw text. */
const WORD = /[\p{L}\p{M}\p{N}\u200C-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]+/gu;
const MAX_COMBINATIONS = 64;

export interface PhraseMatch<V> {
  /** Offsets in the raw text: text.slice(start, end) is the matched phrase as typed. */
  readonly start: number;
  readonly end: number;
  readonly key: string;
  readonly hit: PhraseHit<V>;
}

interface RawWord {
  start: number;
  end: number;
  forms: string[] | null;
}

function* combinations(lists: readonly string[][]): Generator<string> {
  const idx = lists.map(() => 0);
  let produced = 0;
  while (produced < MAX_COMBINATIONS) {
    yield lists.map((l, i) => l[idx[i] ?? 0] ?? "").join(" ");
    produced++;
    let k = lists.length - 1;
    while (k >= 0) {
      const list = lists[k] ?? [];
      idx[k] = (idx[k] ?? 0) + 1;
      if ((idx[k] ?? 0) < list.length) break;
      idx[k] = 0;
      k--;
    }
    if (k < 0) return;
  }
}

/**
 * Greedy longest-first scan of raw text for indexed phrases. Words join into a phrase only across
 * whitespace (a comma or other punctuation ends a phrase). Non-overlapping, in text order.
 */
export function findPhrases<V>(text: string, index: PhraseLookup<V>): PhraseMatch<V>[] {
  if (typeof text !== "string" || text.length === 0) return [];
  const words: RawWord[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    const tokens = tokenize(m[0]);
    const only = tokens.length === 1 ? tokens[0] : undefined;
    words.push({ start, end: start + m[0].length, forms: only ? candidateForms(only, index.vocab) : null });
  }
  const joinsNext = words.map((w, i) => {
    const next = words[i + 1];
    return next !== undefined && normalizeText(text.slice(w.end, next.start)) === "";
  });

  const out: PhraseMatch<V>[] = [];
  let i = 0;
  while (i < words.length) {
    let used = 0;
    const maxN = Math.min(index.maxWords, words.length - i);
    for (let n = maxN; n >= 1 && used === 0; n--) {
      const lists: string[][] = [];
      for (let k = i; k < i + n; k++) {
        const forms = words[k]?.forms;
        if (!forms || (k > i && !joinsNext[k - 1])) break;
        lists.push(forms);
      }
      if (lists.length !== n) continue;
      for (const key of combinations(lists)) {
        const hit = index.get(key);
        if (hit) {
          const first = words[i];
          const last = words[i + n - 1];
          if (first && last) out.push({ start: first.start, end: last.end, key, hit });
          used = n;
          break;
        }
      }
    }
    i += used || 1;
  }
  return out;
}
