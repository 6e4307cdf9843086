/**
 * Ranked retrieval over the listings' own words (ADR 048). The reader's understanding becomes weighted terms: the trade
 * named (as a listing's specialty, as a mention, its category), the trades the query's problem words point to («ينكط»,
 * "dripping"), and every other word of the query. Candidates are gathered by a few bounded FTS5 lookups (the trade's
 * own listings, and each word with or without the trade), then scored in SQL by how much of the query each one matches
 * in its own words (a word in the name or specialty counts more than one in the description), then ordered by place and
 * quality. No word throws the trade away and no word is required: a qualifier narrows the order when a listing has it,
 * and filler was dropped before.
 */
import { tokenize } from "../text/normalize";
import { lightStem } from "../text/analysis/chain";
import { SERVICE_TERMS, type ServiceTerm } from "../lexicon/trades";
import { NAME_KEY_PREFIX, nameKeyTokens, stripArticle } from "../text/transliterate";
import { asPrefix, groupExpr, type MatchGroup } from "./matchQuery";
import { SEARCH_TEXT_SEPARATOR, serviceToken, tradeToken } from "./searchText";

type Param = string | number;

/**
 * The trades the lexicon marks as kinds of `term` (`kindOf`): a
 * pediatrician of a doctor, a water-tank installer of a plumber.
 */
const kindsOf = (term: ServiceTerm): ServiceTerm[] => SERVICE_TERMS.filter((t) => t.kindOf === term.en);

/** Candidates per lookup: the trade's own listings, and each word's. Their sum bounds the rows a search reads. */
const TRADE_WINDOW = 200;
const WORD_WINDOW = 100;
/** At most this many words get a lookup of their own (the rest still score). */
const MAX_WORD_LOOKUPS = 4;
/** D1 binds at most 100 parameters per statement; the score's forms take at most this many. */
const MAX_SCORE_PARAMS = 70;

/**
 * English query words also match without their ending, as Lucene's light English stemmers do: "leaking" finds a
 * listing that says "Leak repair", "photos" one that says "photo".
 */
export function withStems(groups: MatchGroup[]): MatchGroup[] {
  return groups.map((g) => {
    const word = g.forms[0]!;
    if (!/^[a-z]{5,}$/.test(word)) return g;
    const stems = new Set<string>();
    const ing = /^(.{3,}?)(?:ing|ed)$/.exec(word)?.[1];
    if (ing) stems.add(ing.replace(/([^aeiou])\1$/, "$1"));
    const plural = /^(.{3,}?)(?:es|s)$/.exec(word)?.[1];
    if (plural && !word.endsWith("ss")) stems.add(word.slice(0, -1)).add(plural);
    const forms = [...new Set([...g.forms, ...stems])];
    return { ...g, forms };
  });
}

export interface RankedQuery {
  /** the trade the query names */
  trade?: ServiceTerm;
  /** the trade it is a kind of (a pediatrician is a doctor): its listings follow the trade's own (ADR 053) */
  family?: ServiceTerm;
  /** the trade's category id, when the trade has one */
  categoryId?: number;
  /** the trade whose own listings do the named one's work where nobody lists it (`doneBy`: a fridge's AC repairer) */
  doneBy?: ServiceTerm;
  /**
   * the query names the trade and says a problem that is the trade's own job («الكهرباء تطفي بالبيت»): the trade's own
   * listings before its kinds (a solar installer is a kind of electrician), as a problem said alone ranks them (ADR
   * 057)
   */
  ownFirst?: boolean;
  /** trades the query's problem words point to (scored below a named trade) */
  problems: ServiceTerm[];
  /** every other word of the query, filler dropped */
  groups: MatchGroup[];
  /**
   * the query's own words, problem words kept, when it may be a listing's specialty typed word for word ("chandelier
   * restorer": problem words of the electrician's, but a specialty of its own): one more lookup gathers the listings
   * holding them all, and the statement returns the candidates' specialties for `rankCandidates` to compare
   */
  specialtyPhrase?: { groups: MatchGroup[]; tokens: string[] };
}

/** A named trade, as a specialty, a mention and its category: weights of the score. */
export const W = {
  specialty: 8,
  family: 5,
  mention: 4,
  doneBy: 3,
  category: 2,
  problemSpecialty: 6,
  problemKind: 2,
  problemMention: 1,
  wordInHead: 3,
  wordInText: 2,
  wordByKey: 1,
};

/**
 * The score of a candidate `c` (with `c.head`, `c.body`: its search text before the separator, and whole, each padded
 * with spaces, and `c.category_id`), as one SQL expression and its parameters.
 */
function scoreOf(q: RankedQuery): {
  trade: { expr: string; params: Param[] };
  words: { expr: string; params: Param[] };
} {
  const tradeParts: string[] = [];
  const tradeParams: Param[] = [];
  if (q.trade) {
    const family = q.family ? ` WHEN instr(c.head, ?) > 0 THEN ${W.family}` : "";
    // (the trade that does this work where nobody lists it: its own
    // listings, not its kinds, before the rest of the category)
    const doneByKinds = q.doneBy
      ? kindsOf(q.doneBy)
          .map((k) => ` AND instr(c.head, ' ${tradeToken(k)} ') = 0`)
          .join("")
      : "";
    const doneBy = q.doneBy ? ` WHEN instr(c.head, ?) > 0${doneByKinds} THEN ${W.doneBy}` : "";
    // (a problem of the trade's own said beside it: its kinds' listings, which carry its token too, after its own)
    const kinds = q.ownFirst ? kindsOf(q.trade).map((k) => `instr(c.head, ' ${tradeToken(k)} ') > 0`) : [];
    const own = kinds.length
      ? ` AND NOT (${kinds.join(" OR ")}) THEN ${W.specialty} WHEN instr(c.head, ?) > 0 THEN ${W.mention}`
      : ` THEN ${W.specialty}`;
    tradeParts.push(
      `(CASE WHEN instr(c.head, ?) > 0${own}${family} WHEN instr(c.body, ?) > 0 THEN ${W.mention}${doneBy}
        WHEN c.category_id = ? THEN ${W.category} ELSE 0 END)`,
    );
    tradeParams.push(
      ` ${tradeToken(q.trade)} `,
      ...(kinds.length ? [` ${tradeToken(q.trade)} `] : []),
      ...(q.family ? [` ${tradeToken(q.family)} `] : []),
      ` ${serviceToken(q.trade)} `,
      ...(q.doneBy ? [` ${tradeToken(q.doneBy)} `] : []),
      q.categoryId ?? -1,
    );
  }
  for (const p of q.problems.slice(0, 3)) {
    // the trade the problem points to first, then its kinds (a water-tank installer is a kind of plumber, but a leak
    // from the ceiling is the plumber's own job): a kind's listing carries its parent's trade token too, so it is told
    // apart by its own (the lexicon's `kindOf`; the tokens are [a-z] only, written into the SQL as literals)
    const kinds = kindsOf(p).map((k) => `instr(c.head, ' ${tradeToken(k)} ') > 0`);
    const own = kinds.length
      ? `WHEN instr(c.head, ?) > 0 AND NOT (${kinds.join(" OR ")}) THEN ${W.problemSpecialty} WHEN instr(c.head, ` +
        `?) > 0 THEN ${W.problemKind}`
      : `WHEN instr(c.head, ?) > 0 THEN ${W.problemSpecialty}`;
    tradeParts.push(`(CASE ${own} WHEN instr(c.body, ?) > 0 THEN ${W.problemMention} ELSE 0 END)`);
    tradeParams.push(` ${tradeToken(p)} `, ...(kinds.length ? [` ${tradeToken(p)} `] : []), ` ${serviceToken(p)} `);
  }
  const parts: string[] = [];
  const params: Param[] = [...tradeParams];
  for (const g of q.groups) {
    const exact: string[] = [];
    const keyed: string[] = [];
    const exactHead: Param[] = [];
    const exactBody: Param[] = [];
    const keyParams: Param[] = [];
    for (const f of g.forms) {
      if (params.length + exactHead.length + exactBody.length + keyParams.length + 2 > MAX_SCORE_PARAMS) break;
      const needle = asPrefix(g, f) ? ` ${f}` : ` ${f} `;
      // (a name's key or the word's light stem, ADR 081: another form of the word, weaker evidence than the word)
      if (f.startsWith(NAME_KEY_PREFIX) || g.stems?.includes(f)) {
        keyed.push(f.startsWith(NAME_KEY_PREFIX) ? "instr(c.head, ?) > 0" : "instr(c.body, ?) > 0");
        keyParams.push(needle);
      } else {
        exact.push("?");
        exactHead.push(needle);
        exactBody.push(needle);
      }
    }
    if (!exact.length && !keyed.length) continue;
    const inHead = exact.length ? exact.map(() => "instr(c.head, ?) > 0").join(" OR ") : "0";
    const inBody = exact.length ? exact.map(() => "instr(c.body, ?) > 0").join(" OR ") : "0";
    const byKey = keyed.length ? keyed.join(" OR ") : "0";
    parts.push(
      `(CASE WHEN ${inHead} THEN ${W.wordInHead} WHEN ${inBody} THEN ${W.wordInText} WHEN ${byKey} THEN ${W.wordByKey}
        ELSE 0 END)`,
    );
    params.push(...exactHead, ...exactBody, ...keyParams);
  }
  return {
    trade: { expr: tradeParts.length ? tradeParts.join(" + ") : "0", params: tradeParams },
    words: { expr: parts.length ? parts.join(" + ") : "0", params: params.slice(tradeParams.length) },
  };
}

/**
 * The FTS5 lookups that gather the candidates: the trade's own listings, those that mention it or sit in its
 * category, each word beside the trade (or alone without one), every word together, and the problem trades'.
 * Each is bounded, so the rows read stay bounded whatever the words.
 */
export function candidateLookups(q: RankedQuery): { expr: string; limit: number }[] {
  const out: { expr: string; limit: number }[] = [];
  const words = q.groups.slice(0, MAX_WORD_LOOKUPS).map(groupExpr);
  if (q.trade) {
    const any = [
      `"${tradeToken(q.trade)}"`,
      `"${serviceToken(q.trade)}"`,
      ...(q.categoryId !== undefined ? [`"zzc${q.categoryId}"`] : []),
    ];
    const anyExpr = `(${any.join(" OR ")})`;
    if (q.groups.length > 1)
      out.push({ expr: `${anyExpr} AND ${q.groups.map(groupExpr).join(" AND ")}`, limit: WORD_WINDOW });
    for (const w of words) out.push({ expr: `${anyExpr} AND ${w}`, limit: WORD_WINDOW });
    out.push({ expr: `"${tradeToken(q.trade)}"`, limit: TRADE_WINDOW });
    // the family's own listings, in case the trade has few or none
    // (a doctor for «دكتور اطفال» where no pediatrician is listed)
    if (q.family) out.push({ expr: `"${tradeToken(q.family)}"`, limit: WORD_WINDOW });
    // the listings of the trade that does this work where nobody lists it (a fridge's AC repairers)
    if (q.doneBy) out.push({ expr: `"${tradeToken(q.doneBy)}"`, limit: WORD_WINDOW });
    out.push({
      expr: `("${serviceToken(q.trade)}"${q.categoryId !== undefined ? ` OR "zzc${q.categoryId}"` : ""})`,
      limit: WORD_WINDOW,
    });
    return out;
  }
  if (q.groups.length) out.push({ expr: q.groups.map(groupExpr).join(" AND "), limit: TRADE_WINDOW });
  if (q.groups.length > 1) for (const w of words) out.push({ expr: w, limit: WORD_WINDOW });
  // (the listings holding every word typed, problem words too: a specialty said word for word)
  if (q.specialtyPhrase && q.specialtyPhrase.groups.length > q.groups.length)
    out.push({ expr: q.specialtyPhrase.groups.map(groupExpr).join(" AND "), limit: WORD_WINDOW });
  for (const p of q.problems.slice(0, 2)) {
    out.push({ expr: `"${tradeToken(p)}"`, limit: WORD_WINDOW });
    if (q.groups.length)
      out.push({ expr: `"${tradeToken(p)}" AND (${q.groups.map(groupExpr).join(" OR ")})`, limit: WORD_WINDOW });
  }
  return out;
}

/**
 * The statement that gathers and scores the candidates of one ranked search (each lookup ANDed with `filters`, the
 * category and place terms), narrowed by `where` on the row: one row per candidate with its tier (the trade's and the
 * problems' part of the score), its words' part, and what the order reads after the score (ADR 059). It reads each
 * candidate's row once: no window, no materialised step, no second pass (D1 counts every row a pass reads, and the
 * windowed statement of ADR 048 read each candidate five or six times). `rankCandidates` orders them.
 */
export function candidateStatement(
  q: RankedQuery,
  opts: { filters: string[]; where: string[]; whereParams: Param[] },
): { sql: string; params: Param[] } | null {
  const lookups = candidateLookups(q);
  if (!lookups.length) return null;
  const params: Param[] = [];
  const selects = lookups.map((l) => {
    params.push([l.expr, ...opts.filters].join(" AND "));
    return `SELECT rowid AS id FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? LIMIT ${l.limit})`;
  });
  // D1 allows few terms in one compound SELECT: the lookups are joined two by two, nested; UNION ALL streams them
  // (a listing two lookups found is read once: `IN` keeps one of each)
  const union = (xs: string[]): string =>
    xs.length === 1
      ? xs[0]!
      : `SELECT id FROM (${union(xs.slice(0, Math.ceil(xs.length / 2)))}) UNION ALL SELECT id
        FROM (${union(xs.slice(Math.ceil(xs.length / 2)))})`;
  const score = scoreOf(q);
  // (the specialties are read from the candidate's row, which is read anyway: no row more)
  const specialties = Boolean(q.specialtyPhrase);
  const where = opts.where.length ? ` AND ${opts.where.join(" AND ")}` : "";
  const sql = `WITH f AS (${union(selects)}),
     c AS (
       SELECT p.id, ' ' || substr(p.search_text, 1, instr(p.search_text, '${SEARCH_TEXT_SEPARATOR}')) AS head,
       ' ' || p.search_text || ' ' AS body,
         p.category_id, p.is_available, p.is_verified, p.rating, p.review_count, p.latitude, p.longitude,
         -- who answers (ADR 052) and on Dalil, kept on the listing's row (migration 0028): no other table is read
         p.answers, p.on_dalil${specialties ? ", p.specialty, p.specialty_ar, p.specialty_ku" : ""}
       FROM service_providers p WHERE p.id IN (SELECT id FROM f)${where}
     )
     SELECT c.id, c.is_available, c.answers, c.on_dalil, c.is_verified, c.rating, c.review_count, c.latitude,
       c.longitude,${specialties ? " c.specialty, c.specialty_ar, c.specialty_ku," : ""}
       ${score.trade.expr} AS tier, ${score.words.expr} AS words, ${kindExpr(q)} AS kind FROM c c`;
  params.push(...opts.whereParams, ...score.trade.params, ...score.words.params);
  return { sql, params };
}

/**
 * Whether a candidate is a listing of a kind of the trade named (a solar installer for «كهربائي», a printer repairer
 * for a laptop), as SQL: 1 or 0. Such a listing carries the trade's token too and scores as its own; the order puts the
 * trade's own listings first where the score ties (`rankCandidates`). The tokens are [a-z] only, written as literals.
 */
function kindExpr(q: RankedQuery): string {
  // (and where the trade is itself a kind, its siblings: a caterer asked for, the cooks before the bakers)
  const siblings = q.trade && q.family ? kindsOf(q.family).filter((k) => k !== q.trade) : [];
  const kinds = q.trade ? [...kindsOf(q.trade), ...siblings] : [];
  return kinds.length ? `(${kinds.map((k) => `instr(c.head, ' ${tradeToken(k)} ') > 0`).join(" OR ")})` : "0";
}

/** A group's word as the person typed it in `text` (the index's folded form otherwise). */
export function typedWord(text: string, g: MatchGroup): string {
  return text.split(/\s+/).find((raw) => tokenize(raw).some((t) => g.forms.includes(t))) ?? g.forms[0]!;
}

/** Which of the query's words a listing's text holds (for the page to say what it matched). */
export function wordsFoundIn(groups: MatchGroup[], texts: string[]): MatchGroup[] {
  const words = texts.flatMap((t) => tokenize(t));
  // (with their light stems, as the index holds them: ADR 081)
  const tokens = new Set([...words, ...words.map(lightStem).filter((w): w is string => Boolean(w))]);
  return groups.filter((g) =>
    g.forms.some(
      (f) => !f.startsWith(NAME_KEY_PREFIX) && [...tokens].some((t) => t === f || (asPrefix(g, f) && t.startsWith(f))),
    ),
  );
}

/**
 * Whether one listing holds every one of the query's words: in its names (either script, or through their
 * transliteration keys), its specialty or its description. The bot answers a message it did not otherwise read with
 * the search only when a listing of its page does (ADR 053): "Mustafa Hashimi", "toothache", not "hmm what".
 */
export function holdsEveryWord(
  groups: MatchGroup[],
  listing: {
    name?: unknown;
    nameOther?: unknown;
    specialty?: unknown;
    specialtyAr?: unknown;
    specialtyKu?: unknown;
    description?: unknown;
  },
): boolean {
  if (!groups.length) return false;
  const text = [
    listing.name,
    listing.nameOther,
    listing.specialty,
    listing.specialtyAr,
    listing.specialtyKu,
    listing.description,
  ]
    .filter((v) => typeof v === "string" && v)
    .join(" ");
  const words = tokenize(text);
  const tokens = new Set([
    ...words,
    ...[...words.map(stripArticle), ...words.map(lightStem)].filter((w): w is string => Boolean(w)),
    ...nameKeyTokens(listing.name as string | null),
    ...nameKeyTokens(listing.nameOther as string | null),
  ]);
  return groups.every((g) =>
    g.forms.some((f) => tokens.has(f) || (asPrefix(g, f) && [...tokens].some((t) => t.startsWith(f)))),
  );
}
