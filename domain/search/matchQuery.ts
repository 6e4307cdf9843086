import { tokenize } from "../text/normalize";
import { findPhrases, phraseKey } from "../text/phrases";
import { SERVICE_INDEX } from "../text/serviceWords";
import { stripArticle } from "./searchText";

/** Words that carry no meaning for a search ("electrician in Erbil", "كهربائي في أربيل"). */
const STOP_WORDS = new Set(
  ["in", "near", "and", "the", "a", "an", "of", "at", "for", "في", "قرب", "قريب", "من", "و", "الى", "إلى", "على", "لە", "نزیک", "بۆ", "و"].flatMap(
    (w) => tokenize(w),
  ),
);

/** How much of a query is used: enough for any real search, bounded for 2,000-character input. */
export const MAX_GROUPS = 8;
const MAX_TOKEN_LENGTH = 40;

/** A token as an FTS5 string: only letters/marks/digits reach here, and quotes are doubled anyway. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

function tokenGroup(token: string, prefix: boolean): string {
  const t = token.slice(0, MAX_TOKEN_LENGTH);
  const forms = new Set([t]);
  const bare = stripArticle(t);
  if (bare) forms.add(bare);
  // the word being typed matches as a prefix ("electr" → electrician) when it has 2+ letters; earlier
  // words are whole words (a prefix scan over a long doclist is what makes a search slow)
  const terms = [...forms].map((f) => (prefix && f.length >= 2 ? `${quote(f)}*` : quote(f)));
  return terms.length === 1 ? terms[0]! : `(${terms.join(" OR ")})`;
}

/**
 * The FTS5 MATCH expression for what a person typed, or null when nothing in it is searchable (then
 * the caller shows the plain list). User text never reaches MATCH raw: every term is a quoted string.
 *  - a recognised service word or phrase in any language (كهربائي / الكهربائي / electrician / کارەباچی)
 *    becomes an OR of all its en/ar/ku spellings;
 *  - every other word must match (AND), as itself or without its Arabic article; the last word of the
 *    query also as a prefix (it may still be being typed);
 *  - stop words are dropped; at most MAX_GROUPS groups.
 */
export function buildMatchQuery(text: string): string | null {
  if (typeof text !== "string") return null;
  const raw = text.slice(0, 500);
  const groups: string[] = [];
  let pos = 0;
  // the last plain word of the query, if the query ends with one, is the one still being typed
  const lastPlain = tokenize(raw).filter((w) => !STOP_WORDS.has(w)).at(-1);
  const plainWords = (s: string, atEnd: boolean) => {
    const tokens = tokenize(s).filter((w) => !STOP_WORDS.has(w));
    tokens.forEach((token, i) => groups.push(tokenGroup(token, atEnd && i === tokens.length - 1 && token === lastPlain)));
  };
  for (const m of findPhrases(raw, SERVICE_INDEX)) {
    plainWords(raw.slice(pos, m.start), false);
    const term = m.hit.value;
    const forms = new Set<string>();
    for (const f of [term.en, ...term.enAlt, ...term.ar, ...term.ku]) {
      const k = phraseKey(f);
      if (k) forms.add(k);
    }
    groups.push(`(${[...forms].map(quote).join(" OR ")})`);
    pos = m.end;
  }
  plainWords(raw.slice(pos), true);
  const unique = [...new Set(groups)].slice(0, MAX_GROUPS);
  return unique.length ? unique.join(" AND ") : null;
}
