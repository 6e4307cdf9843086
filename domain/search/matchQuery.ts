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

function tokenGroup(token: string): string {
  const t = token.slice(0, MAX_TOKEN_LENGTH);
  const forms = new Set([t]);
  const bare = stripArticle(t);
  if (bare) forms.add(bare);
  // a prefix match ("electric" → electrician) for words of 2+ letters; one letter only as a whole word
  const terms = [...forms].map((f) => (f.length >= 2 ? `${quote(f)}*` : quote(f)));
  return terms.length === 1 ? terms[0]! : `(${terms.join(" OR ")})`;
}

/**
 * The FTS5 MATCH expression for what a person typed, or null when nothing in it is searchable (then
 * the caller shows the plain list). User text never reaches MATCH raw: every term is a quoted string.
 *  - a recognised service word or phrase in any language (كهربائي / الكهربائي / electrician / کارەباچی)
 *    becomes an OR of all its en/ar/ku spellings;
 *  - every other word must match (AND), as itself, without its Arabic article, or as a prefix;
 *  - stop words are dropped; at most MAX_GROUPS groups.
 */
export function buildMatchQuery(text: string): string | null {
  if (typeof text !== "string") return null;
  const raw = text.slice(0, 500);
  const groups: string[] = [];
  let pos = 0;
  const plainWords = (s: string) => {
    for (const token of tokenize(s)) {
      if (STOP_WORDS.has(token)) continue;
      groups.push(tokenGroup(token));
    }
  };
  for (const m of findPhrases(raw, SERVICE_INDEX)) {
    plainWords(raw.slice(pos, m.start));
    const term = m.hit.value;
    const forms = new Set<string>();
    for (const f of [term.en, ...term.enAlt, ...term.ar, ...term.ku]) {
      const k = phraseKey(f);
      if (k) forms.add(k);
    }
    groups.push(`(${[...forms].map(quote).join(" OR ")})`);
    pos = m.end;
  }
  plainWords(raw.slice(pos));
  const unique = [...new Set(groups)].slice(0, MAX_GROUPS);
  return unique.length ? unique.join(" AND ") : null;
}
