/**
 * What the one provider search (searchProviders.ts) answers: the page, and what it read in the text and how it avoided
 * a dead end, for every door to say in the reader's language.
 */
import type { SearchResultItem } from "./searchRows";

export interface SearchPage {
  items: SearchResultItem[];
  total: number;
  page: number;
  /** true when the text matched more providers than CANDIDATE_LIMIT (total is then a lower bound) */
  capped: boolean;
  /** what the reader made of the text (ADR 040); absent without text */
  understood?: SearchUnderstood;
}

/**
 * What the search read in the text and how it answered (ADR 040), for every door to say in the reader's language: the
 * trade and the place it found, the words it matched as typed, and the ways it avoided a dead end.
 */
export interface SearchUnderstood {
  /** the trade the text names (a service term's English name), or null */
  service: string | null;
  /** the city or neighbourhood the text names (slug), or null */
  city: string | null;
  /** the text matched as typed against names and descriptions ("" when the reader took every word) */
  words: string;
  /** those words matched nothing beside the trade: the trade's listings are shown without them */
  ignored: string | null;
  /** nothing of it in `city`: these are the nearest cities' (or, failing those, anywhere's), nearest first */
  nearestTo: string | null;
  /** no listing names the trade as its specialty: these only mention it (category, description) */
  mentionsOnly: boolean;
  /** nothing matched and no trade was recognised: these words were not understood (offer the categories) */
  notUnderstood: string | null;
  /** the query's own words (as normalised) that the listings shown hold in their names, specialties or descriptions */
  matched?: string | null;
  /**
   * a listing of this page holds every word searched by (its names in either script, specialty, description): ADR 053
   */
  everyWord?: boolean;
  /**
   * the trade asked for is one nobody lists yet: its catalog key
   * (`search.missing.<key>`); these are its nearest trades' (ADR 082)
   */
  missing?: string | null;
  /**
   * qualifiers beside the trade that no listing says yet ("woman", «رخيص»), as typed: the trade's listings, unnarrowed
   */
  notApplied?: string[] | null;
}

export interface SearchRun extends SearchPage {
  /** rows D1 read for this search, summed over its statements (benchmarks print it) */
  rowsRead: number;
  /** SQL execution time D1 reports (meta.duration), summed over its statements */
  sqlMs: number;
}
