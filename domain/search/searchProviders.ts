import type { ServiceContext } from "../context";
import { tokenize } from "../text/normalize";
import { boundingBox, haversineKm, latCell, lngCell, type CellsPerDegree } from "./geo";
import { parseSearchQuery } from "./matchQuery";
import { readQuery } from "../understand/understand";
import { SERVICE_BY_EN, type ServiceTerm } from "../lexicon/trades";
import { MISSING_TRADES } from "../lexicon/missingTrades";
import { tradeToken } from "./searchText";
import { publicData } from "../publicData";
import { FILLER_WORDS } from "../lexicon/fillerWords";
import { LEADING_ARTICLE } from "../lexicon/articles";
import { problemPhraseWords, problemTrades } from "../lexicon/problemWords";
import {
  candidateStatement,
  holdsEveryWord,
  typedWord,
  W,
  withStems,
  wordsFoundIn,
  type RankedQuery,
} from "./rankedText";
import { rankCandidates, type Candidate } from "./rankOrder";
import { searchProvidersSchema } from "./schemas";
import { all, COLUMNS, Meter, pageRows, RANK, toItem, type Param, type Row, type SearchResultItem } from "./searchRows";
import { resolveFacets, resolveFacetsFrom, rowFilters, type KnownPlaces } from "./searchFacets";
import { fittingCandidates, listingWords } from "./slipFit";
import { cityOfDistrict } from "../lexicon/placeWords";
import type { SearchPage, SearchRun, SearchUnderstood } from "./searchAnswer";

// (split along its seams: the rows and the meter in searchRows.ts, the filters in searchFacets.ts, slips in slipFit.ts,
// what a search answers in searchAnswer.ts)
export { likeScanForBenchmark, type SearchResultItem } from "./searchRows";
export type { KnownPlaces } from "./searchFacets";
export type { SearchPage, SearchRun, SearchUnderstood } from "./searchAnswer";

/**
 * Relevance is computed over at most this many text matches (ADR 006): a word that matches half the
 * table costs the same as a rare one. Pages beyond it are not offered; `capped` says "more exist".
 */
export const CANDIDATE_LIMIT = 200;
/** A box spanning more latitude cells than this is read as one band instead of cell by cell. */
const MAX_LAT_CELLS = 40;
/** Radii tried, smallest first, when sorting everyone by distance from a point (no text query). */
const NEAR_RADII_KM = [0.1, 0.25, 0.5, 2, 10, 50, 200, 1000, 5000];
/** Boxes up to this radius are read through the fine (~200 m) grid, larger ones through the ~1 km grid. */
const FINE_GRID_MAX_KM = 2;

/** How many of the nearest cities a search with nothing in its own city looks in before looking everywhere. */
const NEAREST_CITIES = 12;

/**
 * The one provider search (web page, API, bots): free text in en/ar/ku, category, city, country,
 * distance from a point, paged. No text → the plain directory order (verified, rating, reviews).
 */
export async function searchProvidersWithStats(
  ctx: Pick<ServiceContext, "db">,
  raw: Record<string, unknown> = {},
  /** benchmark only: `nameKeys: false` searches without transliteration keys (the "before" figures);
   * `places`: categories and cities already in hand, so the filters need no query of their own */
  opts: { nameKeys?: boolean; places?: KnownPlaces; count?: boolean } = {},
): Promise<SearchRun> {
  const input = searchProvidersSchema.parse(raw);
  const d1 = ctx.db.$client as D1Database;
  const meter = new Meter();
  // the reader needs the places' names in every language: the caller's, else the isolate's memo (ADR 016)
  const places = opts.places ?? (input.search ? await publicData({ db: ctx.db, now: () => new Date() }) : undefined);
  const facets = places ? resolveFacetsFrom(places, input) : await resolveFacets(d1, meter, input);
  let understood: SearchUnderstood | undefined;
  const done = (rows: Row[], total: number): SearchRun => ({
    items: rows.map((r) => toItem(r, near)),
    total,
    page: input.page,
    capped: total >= CANDIDATE_LIMIT,
    ...(understood ? { understood } : {}),
    rowsRead: meter.rowsRead,
    sqlMs: meter.sqlMs,
  });
  const near =
    input.lat !== undefined && input.lng !== undefined ? { latitude: input.lat, longitude: input.lng } : null;
  if (facets.impossible) return done([], 0);

  const offset = (input.page - 1) * input.limit;
  // one reader for every door (ADR 040): the trade, the place and the day out of the text; the rest is matched as typed
  let reading = input.search && places ? readQuery(input.search, places.cities) : null;
  let held = new Set<string>();
  if (reading?.mendedFrom?.length && input.search && places) {
    // a word is mended only when no listing holds it: "wedding" is a listing's word, not "welding"
    held = await listingWords(d1, meter, reading.mendedFrom);
    if (held.size) reading = readQuery(input.search, places.cities, { keep: held });
  }
  if (reading?.slips?.length && input.search && places) {
    // a slip near words of several trades ("pinter": painter, printer): the one whose listings hold the query's other
    // words wins ("pinter ink cartridges" → printer), when some listing does and one candidate fits best
    const choose = await fittingCandidates(d1, meter, input.search, places.cities, reading.slips, held);
    if (choose.size) reading = readQuery(input.search, places.cities, { keep: held, choose });
  }
  if (reading && !reading.service && reading.words && input.search && places) {
    // a four-letter word nobody's listing holds and the lexicon
    // doesn't know may be a slip too («سباح بغداد» for «سباك»)
    const short = tokenize(reading.words).filter((w) => w.replace(LEADING_ARTICLE, "").length === 4);
    if (short.length) {
      const listed = await listingWords(d1, meter, short);
      const unheld = new Set(short.filter((w) => !listed.has(w)));
      const again = unheld.size ? readQuery(input.search, places.cities, { keep: held, short: unheld }) : null;
      if (again?.service) reading = again;
    }
  }
  let term = reading?.service ? SERVICE_BY_EN.get(reading.service) : undefined;
  // a place alone is matched as typed, as before: "Qasim" is a name as often as the town, and "Erbil" finds Erbil's
  // listings through their city labels anyway. Beside a trade or other words it is the place asked for.
  const placeNamed = Boolean(reading?.city && (term || parseSearchQuery(reading.words, opts)));
  if (reading?.city && placeNamed && facets.cityId === null && facets.cityText === null) {
    const named = places?.cities.find((c) => c.slug === reading.city);
    if (named) facets.cityId = named.id;
  }
  const words = reading ? (reading.city && !placeNamed ? input.search! : reading.words) : (input.search ?? "");
  const parsed = words ? parseSearchQuery(words, opts) : null;
  if (reading) {
    understood = {
      service: term?.en ?? null,
      city: placeNamed ? reading.city! : null,
      words: parsed ? words : "",
      ignored: null,
      nearestTo: null,
      mentionsOnly: false,
      notUnderstood: null,
    };
    if (term && reading.notApplied?.length) understood.notApplied = reading.notApplied;
  }
  // squared equirectangular distance: orders like the real distance at city scale, and SQLite can compute it
  const distanceOf = (t: string, from: { latitude: number; longitude: number } | null) => {
    if (!from) return null;
    const c = boundingBox(from, 1).cos;
    return {
      expr: `((${t}.latitude - ?) * (${t}.latitude - ?) + ((${t}.longitude - ?) * ?) * ((${t}.longitude - ?) * ?))`,
      params: [from.latitude, from.latitude, from.longitude, c, from.longitude, c] as Param[],
    };
  };
  const distance = distanceOf("p", near);

  let problems = !term && words ? problemTrades(words) : [];
  // a trade nobody lists yet, named or said as its problem (ADR
  // 082): its nearest trades' listings, and the page says so
  const wanted = term ?? problems[0];
  const missing =
    wanted && MISSING_TRADES[wanted.en] && !(await anyListed(d1, meter, wanted))
      ? MISSING_TRADES[wanted.en]!
      : undefined;
  if (wanted && missing) {
    const nearest = missing.nearest.map((n) => SERVICE_BY_EN.get(n)).filter((t): t is ServiceTerm => Boolean(t));
    problems = [...nearest, ...problems.filter((p) => p !== wanted && !nearest.includes(p))];
    term = undefined;
    if (understood) understood.missing = missing.key;
    if (!problems.length) {
      // nothing near it: the page says what it read and offers the categories
      if (understood) understood.service = wanted.en;
      return done([], 0);
    }
  }
  if (term || parsed || problems.length) {
    // filler costs nothing: "my", «ما», «تکایە» rank nothing; a query of filler alone is still searched as typed
    const typedGroups = withStems(parsed?.groups ?? []);
    // and the words of a described problem ("water leaking") count for the trade it points to, not as a name's word
    const asProblem = problems.length ? problemPhraseWords(words) : new Set<string>();
    const meaningful = typedGroups.filter(
      (g) => !(g.forms.length <= 2 && FILLER_WORDS.has(g.forms[0]!)) && !asProblem.has(g.forms[0]!),
    );
    const wordGroups = meaningful.length || term || problems.length ? meaningful : typedGroups;
    // (a trade's category: a refrigeration technician fixes fridges where nobody lists "refrigerator repair")
    const categoryId = term?.category ? places?.categories.find((c) => c.slug === term.category)?.id : undefined;
    const asked = facets.cityId !== null ? places?.cities.find((c) => c.id === facets.cityId) : undefined;
    const from =
      asked && asked.latitude != null && asked.longitude != null
        ? { latitude: asked.latitude, longitude: asked.longitude }
        : null;
    // a district of a city is in the city: «كهربجي بالكرادة» looks in Karrada and Baghdad at once, nearest Karrada
    // first, never "nothing in Karrada" above Baghdad's listings. (Only the district and its city: an FTS5 term ORed
    // over all ten of Baghdad's places made an empty lookup 2.5–4× slower at 1M listings, docs/benchmarks.md)
    const parentSlug = asked ? cityOfDistrict(asked.slug) : undefined;
    const parent = parentSlug ? places?.cities.find((c) => c.slug === parentSlug) : undefined;
    const district = Boolean(parent);
    const inCity = new Set(facets.cityId !== null ? [facets.cityId, ...(parent ? [parent.id] : [])] : []);
    const cityTerm =
      facets.cityId === null ? null : parent ? `("zzt${facets.cityId}" OR "zzt${parent.id}")` : `"zzt${facets.cityId}"`;
    const where_: { place: string | null; from: typeof near; nearest: boolean }[] = [
      { place: cityTerm, from: near ?? (district ? from : null), nearest: false },
    ];
    if (from && places) {
      const nearest = places.cities
        .filter((c) => !inCity.has(c.id) && c.id !== facets.cityId && c.latitude != null && c.longitude != null)
        .map((c) => ({ id: c.id, km: haversineKm(from, { latitude: c.latitude!, longitude: c.longitude! }) }))
        .sort((a, b) => a.km - b.km)
        .slice(0, NEAREST_CITIES);
      if (nearest.length)
        where_.push({ place: `(${nearest.map((c) => `"zzt${c.id}"`).join(" OR ")})`, from, nearest: true });
      where_.push({ place: null, from, nearest: true });
    }
    // ranked retrieval (ADR 048): every listing that has the trade or any of the words is a candidate, scored by how
    // much of the query it matches in its own words; the place decides only when nothing is in it
    const family = term?.kindOf ? SERVICE_BY_EN.get(term.kindOf) : undefined;
    const doneBy = term?.doneBy ? SERVICE_BY_EN.get(term.doneBy) : undefined;
    // a problem of the named trade's own said beside it («الكهرباء تطفي بالبيت»), or said in the very words the reader
    // took the trade from («کارەبامان نییە»: the stem «کارەبا» names the trade, the phrase is its symptom): its own
    // listings before its kinds.
    const ownFirst = Boolean(term && input.search && problemTrades(input.search).includes(term));
    // problem words with no trade named may be a listing's own specialty typed word for word ("chandelier restorer",
    // «ترميم ثريات»): the listings holding all the words are gathered too, and one whose specialty it is comes first
    const phraseGroups = typedGroups.filter((g) => !(g.forms.length <= 2 && FILLER_WORDS.has(g.forms[0]!)));
    const specialtyPhrase =
      !term && problems.length && phraseGroups.length
        ? { groups: phraseGroups, tokens: tokenize(words).filter((w) => !FILLER_WORDS.has(w)) }
        : undefined;
    const ranked: RankedQuery = {
      ...(term ? { trade: term } : {}),
      ...(family ? { family } : {}),
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(doneBy ? { doneBy } : {}),
      ...(ownFirst ? { ownFirst } : {}),
      problems,
      groups: wordGroups,
      ...(specialtyPhrase ? { specialtyPhrase } : {}),
    };
    const { where, params } = rowFilters(facets, false);
    // a place whose listings only mention the trade (or sit in its category) is kept in reserve while a farther place
    // may have it as a specialty: the trade as a specialty first, then the place (as the ladder of ADR 040 did)
    let reserve: SearchRun | null = null;
    for (const at of where_) {
      const filters = [
        ...(facets.categoryId !== null ? [`"zzc${facets.categoryId}"`] : []),
        ...(at.place ? [at.place] : []),
      ];
      // the candidates, scored in one pass over their rows (ADR 059); ordered here, and only the page's rows read whole
      const stmt = candidateStatement(ranked, { filters, where, whereParams: params });
      if (!stmt) break;
      const candidates = (await all(d1, meter, stmt.sql, stmt.params)) as unknown as Candidate[];
      const placeFrom = at.from ? { ...at.from, cos: boundingBox(at.from, 1).cos } : null;
      const ranking = rankCandidates(candidates, {
        from: placeFrom,
        limit: input.limit,
        offset,
        linkedOnly: problems.length > 0 || ownFirst,
        // (a missing trade's nearest: a fridge's and an AC's repairers for a washing machine, though one is the
        // other's kind)
        ...(missing ? { keepTier: W.problemSpecialty } : {}),
        ...(specialtyPhrase ? { specialtyPhrase: specialtyPhrase.tokens } : {}),
      });
      const total = ranking.total;
      if (total === 0) continue;
      const rows = await pageRows(d1, meter, ranking.page, ranking.top);
      if (understood) {
        const top = rows[0];
        const found = wordsFoundIn(
          wordGroups,
          rows.map((r) =>
            [r.name, r.nameOther, r.specialty, r.specialtyAr, r.specialtyKu, r.description].filter(Boolean).join(" "),
          ),
        );
        const foundText = found.map((g) => typedWord(words, g)).join(" ");
        const missing = wordGroups
          .filter((g) => !found.includes(g))
          .map((g) => typedWord(words, g))
          .join(" ");
        // (a listing whose own specialty the words are, first: the page does not call it the problem's trade)
        understood.service =
          term?.en ??
          (problems[0] && top && Number(top.score) > 0 && !ranking.page[0]?.ownSpecialty ? problems[0].en : null);
        // (beside a trade only: a name search needs no "listings that mention Kareem")
        understood.matched = understood.service && foundText ? foundText : null;
        understood.ignored = term && missing ? missing : null;
        understood.nearestTo = at.nearest && asked ? asked.slug : null;
        understood.mentionsOnly = Boolean(term) && !rows.some((r) => Number(r.score) >= 8);
        understood.everyWord = rows.some((r) => holdsEveryWord(wordGroups, r));
      }
      const page = done(rows, total);
      if (term && ranking.top < W.specialty && at !== where_[where_.length - 1]) {
        reserve ??= { ...page, ...(understood ? { understood: { ...understood } } : {}) };
        continue;
      }
      return reserve && page.items.length === 0 ? reserve : page;
    }
    if (reserve) return { ...reserve, rowsRead: meter.rowsRead, sqlMs: meter.sqlMs };
    if (understood && !term && !missing) understood.notUnderstood = words;
    return done([], 0);
  }

  const { where, params } = rowFilters(facets, true);
  if (distance && near) {
    // widen a box around the point until it holds this page. A small box is read cell by cell through
    // the grid index (latitude cells IN (…), longitude cells BETWEEN), so only rows near the point are read.
    for (const radius of NEAR_RADII_KM) {
      const box = boundingBox(near, radius);
      const last = radius === NEAR_RADII_KM[NEAR_RADII_KM.length - 1];
      const inBox = ["p.latitude BETWEEN ? AND ?", "p.longitude BETWEEN ? AND ?"];
      const boxParams: Param[] = [box.minLat, box.maxLat, box.minLng, box.maxLng];
      // the expressions must be written exactly as the index defines them, or SQLite cannot use it
      const per: CellsPerDegree = radius <= FINE_GRID_MAX_KM ? 500 : 100;
      const [fromLat, toLat] = [latCell(box.minLat, per), latCell(box.maxLat, per)];
      if (toLat - fromLat < MAX_LAT_CELLS) {
        const cells = Array.from({ length: toLat - fromLat + 1 }, (_, i) => fromLat + i);
        inBox.unshift(
          `CAST((p.latitude + 90) * ${per} AS INTEGER) IN (${cells.map(() => "?").join(", ")})`,
          `CAST((p.longitude + 180) * ${per} AS INTEGER) BETWEEN ? AND ?`,
        );
        boxParams.unshift(...cells, lngCell(box.minLng, per), lngCell(box.maxLng, per));
      }
      const rows = await all(
        d1,
        meter,
        `SELECT ${COLUMNS}, count(*) OVER () AS total FROM service_providers p
          WHERE ${[...inBox, ...where].join(" AND ")}
          ORDER BY p.is_available DESC, ${distance.expr}, ${RANK} LIMIT ? OFFSET ?`,
        [...boxParams, ...params, ...distance.params, input.limit, offset],
      );
      if (rows.length < input.limit && !last) continue;
      return done(rows, Number(rows[0]?.total ?? 0));
    }
  }

  // the plain directory, filtered; counting stops at CANDIDATE_LIMIT like the text search
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const listSql = `SELECT ${COLUMNS} FROM service_providers p ${whereSql} ORDER BY ${RANK} LIMIT ? OFFSET ?`;
  if (opts.count === false) {
    // a caller that shows no total (the home page's top listings): one statement, `total` is the page's size
    const list = await d1
      .prepare(listSql)
      .bind(...params, input.limit, offset)
      .all<Row>();
    meter.add(list.meta);
    return done(list.results ?? [], list.results?.length ?? 0);
  }
  const [list, count] = await d1.batch<Row>([
    d1.prepare(listSql).bind(...params, input.limit, offset),
    d1
      .prepare(`SELECT count(*) AS total FROM (SELECT 1 FROM service_providers p ${whereSql} LIMIT ${CANDIDATE_LIMIT})`)
      .bind(...params),
  ]);
  meter.add(list!.meta);
  meter.add(count!.meta);
  return done(list!.results ?? [], Number(count!.results?.[0]?.total ?? 0));
}

/** Whether any listing names `term` as its specialty: one row of the index read. */
async function anyListed(d1: D1Database, meter: Meter, term: ServiceTerm): Promise<boolean> {
  return (
    (
      await all(d1, meter, "SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? LIMIT 1", [
        `"${tradeToken(term)}"`,
      ])
    ).length > 0
  );
}

export async function searchProviders(
  ctx: Pick<ServiceContext, "db">,
  raw: Record<string, unknown> = {},
  places?: KnownPlaces,
): Promise<SearchPage> {
  const { rowsRead: _rowsRead, sqlMs: _sqlMs, ...page } = await searchProvidersWithStats(ctx, raw, { places });
  return page;
}
