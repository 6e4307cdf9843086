import { DICTIONARY_INDEX } from "../lexicon/dictionary";
import { tokenize } from "../text/normalize";
import { findPhrases, phraseKey } from "../text/phrases";
import { SERVICE_INDEX } from "../lexicon/trades";
import { PROBLEM_VOCAB } from "../lexicon/problemWords";
import { followsAddressWord } from "../lexicon/addressWords";
import { STOP_WORDS } from "../lexicon/stopWords";
import { serviceToken, stripArticle } from "./searchText";
import { lightStem } from "../text/analysis/chain";
import { nameKeyOf, nameKeyToken, skeletonOf } from "../text/transliterate";

/** How much of a query is used: enough for any real search, bounded for 2,000-character input. */
export const MAX_GROUPS = 8;
const MAX_TOKEN_LENGTH = 40;

/** A token as an FTS5 string: only letters/marks/digits reach here, and quotes are doubled anyway. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Known complete words (service words, specialties, cities…): never worth a prefix scan. */
/**
 * A word the lexicon holds (a trade, a place, a problem: "ceiling"
 * is not the name "Cooling" by its letters) gets no name key.
 */
const isKnownWord = (w: string) => SERVICE_INDEX.vocab.has(w) || DICTIONARY_INDEX.vocab.has(w) || PROBLEM_VOCAB.has(w);

export interface MatchGroup {
  /** normalised spellings, any of which satisfies the group (multi-word ones are phrases) */
  forms: string[];
  /** the last word of the query, still being typed: matched as a prefix too */
  prefix: boolean;
  /** forms of a prefix group matched whole all the same (a complete name's key: "Raad" is not "Ridha") */
  whole?: string[];
  /** the word's light stem (ADR 081): it finds the word's other forms, and scores below the word itself */
  stems?: string[];
}

/** Is this form of the group matched as a prefix? */
export const asPrefix = (g: MatchGroup, f: string) => g.prefix && f.length >= 2 && !g.whole?.includes(f);

/**
 * A last word this short is still being typed: its name key is matched as a prefix, without its ending. Arabic
 * script writes no short vowels, so three letters are already a whole name there («رعد», «زيد»).
 */
const typing = (word: string) => [...word].length <= (/[\u0600-\u06FF]/.test(word) ? 2 : 3);

export interface ParsedQuery {
  /** the FTS5 MATCH expression: groups ANDed, forms ORed, every term a quoted string */
  expr: string;
  groups: MatchGroup[];
}

export function groupExpr(g: MatchGroup): string {
  const terms = g.forms.map((f) => (asPrefix(g, f) ? `${quote(f)}*` : quote(f)));
  return terms.length === 1 ? terms[0]! : `(${terms.join(" OR ")})`;
}

/**
 * What a person typed → the FTS5 query, or null when nothing in it is searchable (then the caller
 * shows the plain list). User text never reaches MATCH raw: every term is a quoted string.
 *  - a recognised service word or phrase in any language (كهربائي / الكهربائي / electrician / کارەباچی)
 *    becomes the service's index token, which providerSearchText gives every provider whose text names
 *    the service in any spelling (plus the English term, for rows indexed from raw columns);
 *  - every other word must match (AND), as itself, without its Arabic article, or through its
 *    transliteration key (zzk…, a name written in the other script); the last word of the query also
 *    as a prefix (it may still be being typed) unless it is a known complete word;
 *  - stop words are dropped; at most MAX_GROUPS groups.
 */
export function parseSearchQuery(text: string, opts: { nameKeys?: boolean } = {}): ParsedQuery | null {
  const nameKeys = opts.nameKeys ?? true;
  if (typeof text !== "string") return null;
  const raw = text.slice(0, 500);
  const groups: MatchGroup[] = [];
  const lastPlain = tokenize(raw)
    .filter((w) => !STOP_WORDS.has(w))
    .at(-1);
  const plainWords = (s: string, atEnd: boolean) => {
    const tokens = tokenize(s).filter((w) => !STOP_WORDS.has(w));
    tokens.forEach((token, i) => {
      const t = token.slice(0, MAX_TOKEN_LENGTH);
      const forms = new Set([t]);
      const bare = stripArticle(t);
      if (bare) forms.add(bare);
      // the analysis chain's light stem, which every listing's search text holds beside its words (ADR 081)
      const stem = lightStem(t);
      const stems = stem && !forms.has(stem) ? [stem] : [];
      for (const f of stems) forms.add(f);
      const known = [...forms].some(isKnownWord);
      const last = atEnd && i === tokens.length - 1 && token === lastPlain;
      // a name typed in the other script: its transliteration key (ADR 006), not for known words. A last word still
      // being typed (`typing`) has its key without the vowel ending, as a prefix ("Rid" → Ridha); a longer one is a
      // name, and its key must match whole ("Raad" is not Ridha)
      let whole: string | undefined;
      if (!known && nameKeys) {
        const word = bare ?? t;
        const key = nameKeyOf(word);
        if (key && last && typing(word)) forms.add(nameKeyToken(skeletonOf(key)));
        else if (key) forms.add((whole = nameKeyToken(key)));
      }
      groups.push({
        forms: [...forms],
        prefix: last && !known,
        ...(whole || stems.length ? { whole: [...(whole ? [whole] : []), ...stems] } : {}),
        ...(stems.length ? { stems } : {}),
      });
    });
  };
  let pos = 0;
  for (const m of findPhrases(raw, SERVICE_INDEX)) {
    // a trade's word in an address («قرب مدرسة الحكمة») is words, as the readers leave it (ADR 059), and as the index
    // now holds it: an address gives a listing no trade token (ADR 061)
    if (followsAddressWord(raw, m.start)) continue;
    plainWords(raw.slice(pos, m.start), false);
    // the service's index token (providerSearchText adds it for every spelling), or its English term
    // for rows indexed without search_text
    const term = m.hit.value;
    groups.push({ forms: [serviceToken(term), phraseKey(term.en)], prefix: false });
    pos = m.end;
  }
  plainWords(raw.slice(pos), true);
  const seen = new Set<string>();
  const unique = groups.filter((g) => {
    const key = groupExpr(g);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const kept = unique.slice(0, MAX_GROUPS);
  return kept.length ? { expr: kept.map(groupExpr).join(" AND "), groups: kept } : null;
}

/** The MATCH expression alone (see parseSearchQuery; `nameKeys: false` only for the benchmark's baseline). */
export function buildMatchQuery(text: string): string | null {
  return parseSearchQuery(text)?.expr ?? null;
}
