/**
 * Slips and the listings' own words, for the one provider search (domain/search/searchProviders.ts): which typed words
 * some listing holds (never mended), and which of a slip's candidate trades the query's other words fit. Split from
 * searchProviders.ts along its seams (no behaviour change).
 */
import { groupExpr, parseSearchQuery } from "./matchQuery";
import { serviceToken, tradeToken } from "./searchText";
import { readQuery } from "../understand/understand";
import { SERVICE_BY_EN } from "../lexicon/trades";
import { FILLER_WORDS } from "../lexicon/fillerWords";
import { all, type Meter } from "./searchRows";
import type { KnownPlaces } from "./searchFacets";

/** Which of these normalised words some listing holds (the search index's own vocabulary, migration 0019). */
export async function listingWords(d1: D1Database, meter: Meter, words: string[]): Promise<Set<string>> {
  const unique = [...new Set(words)].slice(0, 20);
  if (!unique.length) return new Set();
  const rows = await all(
    d1,
    meter,
    `SELECT term FROM providers_fts_vocab WHERE term IN (${unique.map(() => "?").join(", ")})`,
    unique,
  );
  return new Set(rows.map((r) => String(r.term)));
}

/**
 * For each slip (at most two), the candidate whose trade's listings hold most of the query's other words (counted up to
 * a bound, so rows read stay small), when one candidate fits better than the others.
 */
export async function fittingCandidates(
  d1: D1Database,
  meter: Meter,
  text: string,
  cities: KnownPlaces["cities"],
  slips: readonly { word: string; candidates: string[] }[],
  keep: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const choose = new Map<string, string>();
  for (const slip of slips.slice(0, 2)) {
    let best: { word: string; n: number } | null = null;
    let tie = false;
    for (const candidate of slip.candidates.slice(0, 3)) {
      const read = readQuery(text, cities, { keep, choose: new Map([[slip.word, candidate]]) });
      const term = read.service ? SERVICE_BY_EN.get(read.service) : undefined;
      const others = read.words
        ? parseSearchQuery(read.words)?.groups.filter((g) => !(g.forms.length <= 2 && FILLER_WORDS.has(g.forms[0]!)))
        : undefined;
      if (!term || !others?.length) continue;
      const expr = `("${tradeToken(term)}" OR "${serviceToken(term)}") AND (${others.map(groupExpr).join(" OR ")})`;
      const rows = await all(
        d1,
        meter,
        `SELECT count(*) AS n FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? LIMIT ${FIT_WINDOW})`,
        [expr],
      );
      const n = Number(rows[0]?.n ?? 0);
      if (best && n === best.n) tie = true;
      if (n > 0 && (!best || n > best.n)) {
        best = { word: candidate, n };
        tie = false;
      }
    }
    if (best && !tie) choose.set(slip.word, best.word);
  }
  return choose;
}

/** Listings counted per candidate when a slip is resolved by the query's other words. */
const FIT_WINDOW = 50;
