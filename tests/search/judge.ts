import { JUDGED_QUERIES, type JudgedQuery, type QueryKind } from "./judgedQueries";

/** How many of the first results are read: what a phone shows without scrolling. */
export const JUDGED_TOP = 5;

/** What a door shows for one result: its specialty, or the listing's specialty and names. */
export type Shown = string | { specialty: string; name: string; nameOther?: string | null };

export interface JudgedFigures {
  queries: number;
  /**
   * mean over the queries of (right answers among the first five ÷ results shown, at most five); a dead end counts 0
   */
  meanPrecision: number;
  /** share of the queries with a right answer anywhere on the first page the door returned */
  recall: number;
  /** queries that showed nothing at all */
  deadEnds: number;
  perKind: Partial<Record<QueryKind, { queries: number; meanPrecision: number }>>;
  /** the queries below a perfect top five, with what they showed */
  misses: string[];
}

const specialtyOf = (s: Shown) => (typeof s === "string" ? s : s.specialty);
const namesOf = (s: Shown) => (typeof s === "string" ? [] : [s.name, s.nameOther ?? ""].map((n) => n.toLowerCase()));

/**
 * Reads a query set (the judged set by default; the frozen holdout, holdoutQueries.ts) through one door: `run`
 * returns what that door shows for a query, best first (its first page). A right answer is a specialty, or "@" and
 * a listing's name: a name search is precise when that listing comes first. Used by the test (test seed), the bench
 * (100k listings) and for the bot (its own `run`).
 */
export async function judgeSearch(
  run: (q: string) => Promise<readonly Shown[]>,
  queries: readonly JudgedQuery[] = JUDGED_QUERIES,
): Promise<JudgedFigures> {
  let sum = 0;
  let found = 0;
  let deadEnds = 0;
  const misses: string[] = [];
  const perKind: JudgedFigures["perKind"] = {};
  for (const [kind, q, right] of queries) {
    const page = await run(q);
    const shown = page.slice(0, JUDGED_TOP);
    const names = right.filter((r) => r.startsWith("@")).map((r) => r.slice(1).toLowerCase());
    const wanted = new Set(right.filter((r) => !r.startsWith("@")).map((s) => s.toLowerCase()));
    const isRight = (s: Shown) => wanted.has(specialtyOf(s).toLowerCase()) || namesOf(s).some((n) => names.includes(n));
    const hits = shown.filter(isRight).length;
    const precision = names.length ? (shown[0] && isRight(shown[0]) ? 1 : 0) : shown.length ? hits / shown.length : 0;
    if (!page.length) deadEnds++;
    if (page.some(isRight)) found++;
    if (precision < 1)
      misses.push(
        `${kind} «${q}»: ${
          shown.length
            ? shown.map((s) => (names.length && typeof s !== "string" ? s.name : specialtyOf(s))).join(", ")
            : "nothing"
        }`,
      );
    sum += precision;
    const k = (perKind[kind] ??= { queries: 0, meanPrecision: 0 });
    k.meanPrecision = (k.meanPrecision * k.queries + precision) / (k.queries + 1);
    k.queries++;
  }
  const n = Math.max(1, queries.length);
  return { queries: queries.length, meanPrecision: sum / n, recall: found / n, deadEnds, perKind, misses };
}

/**
 * One line for a log: "judged queries (search box): 173, precision@5 0.95, recall 0.99, dead ends 0 (en 0.97, ar …)".
 */
export function judgedLine(door: string, f: JudgedFigures, set = "judged queries"): string {
  const kinds = Object.entries(f.perKind)
    .map(([k, v]) => `${k} ${v.meanPrecision.toFixed(2)}`)
    .join(", ");
  return (
    `${set} (${door}): ${f.queries}, mean precision@${JUDGED_TOP} ${f.meanPrecision.toFixed(3)}, recall on page ` +
    `1 ${f.recall.toFixed(3)}, dead ends ${f.deadEnds} (${kinds})`
  );
}
