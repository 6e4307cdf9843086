import { JUDGED_QUERIES, type QueryKind } from "./judgedQueries";

/** How many of the first results are read: what a phone shows without scrolling. */
export const JUDGED_TOP = 5;

export interface JudgedFigures {
  queries: number;
  /** mean over the queries of (right answers among the first five ÷ results shown, at most five); a dead end counts 0 */
  meanPrecision: number;
  /** queries that showed nothing at all */
  deadEnds: number;
  perKind: Record<QueryKind, { queries: number; meanPrecision: number }>;
  /** the queries below a perfect top five, with what they showed */
  misses: string[];
}

/**
 * Reads the judged set (judgedQueries.ts) through one door: `run` returns the specialties of what that door
 * shows for a query, best first. Used by the test (test seed), the bench (100k listings) and for the bot's
 * reader (its own `run`).
 */
export async function judgeSearch(run: (q: string) => Promise<readonly string[]>): Promise<JudgedFigures> {
  let sum = 0;
  let deadEnds = 0;
  const misses: string[] = [];
  const perKind = {} as Record<QueryKind, { queries: number; meanPrecision: number }>;
  for (const [kind, q, right] of JUDGED_QUERIES) {
    const shown = (await run(q)).slice(0, JUDGED_TOP);
    const wanted = new Set(right.map((s) => s.toLowerCase()));
    const hits = shown.filter((s) => wanted.has(s.toLowerCase())).length;
    const precision = shown.length ? hits / shown.length : 0;
    if (!shown.length) deadEnds++;
    if (precision < 1) misses.push(`${kind} «${q}»: ${shown.length ? shown.join(", ") : "nothing"}`);
    sum += precision;
    const k = (perKind[kind] ??= { queries: 0, meanPrecision: 0 });
    k.meanPrecision = (k.meanPrecision * k.queries + precision) / (k.queries + 1);
    k.queries++;
  }
  return { queries: JUDGED_QUERIES.length, meanPrecision: sum / JUDGED_QUERIES.length, deadEnds, perKind, misses };
}

/** One line for a log: "judged queries (search box): 173, precision@5 0.95, dead ends 0 (en 0.97, ar …)". */
export function judgedLine(door: string, f: JudgedFigures): string {
  const kinds = Object.entries(f.perKind).map(([k, v]) => `${k} ${v.meanPrecision.toFixed(2)}`).join(", ");
  return `judged queries (${door}): ${f.queries}, mean precision@${JUDGED_TOP} ${f.meanPrecision.toFixed(3)}, dead ends ${f.deadEnds} (${kinds})`;
}
