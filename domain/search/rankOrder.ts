/**
 * The order of a ranked search (ADR 048, 059), in code after the statement of `rankedText.ts` scored its candidates:
 * a listing whose own specialty the query is comes first, then score, place and quality.
 */
import { tokenize } from "../text/normalize";
import { stripArticle } from "../text/transliterate";
import { W } from "./rankedText";

/** One candidate as candidateStatement returns it. */
export interface Candidate {
  id: number;
  tier: number;
  words: number;
  /** 1 for a listing of a kind of the trade named (it carries the trade's token too): after the trade's own on a tie */
  kind?: number;
  is_available: number;
  answers: number;
  on_dalil: number;
  is_verified: number;
  rating: number;
  review_count: number;
  latitude: number | null;
  longitude: number | null;
  /** with a `specialtyPhrase` only */
  specialty?: string | null;
  /** (set by `rankCandidates`) the query is this listing's own specialty, word for word */
  ownSpecialty?: true;
  specialty_ar?: string | null;
  specialty_ku?: string | null;
}

/**
 * A word as a specialty is compared: normalised as the index does, without an Arabic article («الثريات» is «ثريات»).
 */
const bareToken = (t: string) => stripArticle(t) ?? t;

/**
 * Whether a listing's specialty, in one of its languages, is the query's phrase (`tokens`, normalised, filler dropped):
 * a phrase of two words or more inside it ("chandelier restorer" in "Chandelier restorer"), or one word that is the
 * whole specialty. A query that only shares a word with a specialty ("in the house": House cleaning) is not it.
 */
export function isSpecialtyPhrase(
  tokens: readonly string[],
  c: Pick<Candidate, "specialty" | "specialty_ar" | "specialty_ku">,
): boolean {
  if (!tokens.length) return false;
  const want = tokens.map(bareToken);
  for (const s of [c.specialty, c.specialty_ar, c.specialty_ku]) {
    if (!s) continue;
    const have = tokenize(s).map(bareToken);
    if (want.length === 1) {
      if (have.length === 1 && have[0] === want[0]) return true;
      continue;
    }
    for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, j) => have[i + j] === w)) return true;
  }
  return false;
}

/** Where the place order measures from, and the cosine of its latitude (distance at city scale, squared, as before). */
export interface PlaceFrom {
  latitude: number;
  longitude: number;
  cos: number;
}

/**
 * The order of a ranked search (ADR 048, 059): score, then the provider's switch (available first), then the trade's
 * own listings before its kinds' unless the order measures from a place (ADR 098), then place (distance from `from`,
 * listings without a position after), then quality: one that answers before one that doesn't (ADR 052), on Dalil
 * before not yet, verified, best rated, most reviewed, oldest id. A listing linked to the trade
 * only loosely (a mention, its category) and by none of the words is kept only when no candidate has a higher tier (no
 * listing has the trade as its specialty). With `linkedOnly` (the query says a problem), a listing linked to no trade
 * of it is dropped where another is linked. Returns the page, the total kept and the top tier.
 */
export function rankCandidates(
  rows: readonly Candidate[],
  opts: {
    from: PlaceFrom | null;
    limit: number;
    offset: number;
    linkedOnly?: boolean;
    specialtyPhrase?: readonly string[];
    /** a tier kept beside the top one: a missing trade's nearest trades are all its answer, a kind among them too */
    keepTier?: number;
  },
): { page: (Candidate & { score: number })[]; total: number; top: number } {
  const top = rows.reduce((m, r) => Math.max(m, Number(r.tier)), 0);
  // a listing whose own specialty the query is, word for word, counts as the trade named: "chandelier restorer" lists
  // the restorer first, though its words are the electrician's problem words; the others keep their places after it
  const phrase = opts.specialtyPhrase;
  if (phrase?.length)
    rows = rows.map((r) =>
      isSpecialtyPhrase(phrase, r) ? { ...r, tier: Math.max(Number(r.tier), W.specialty), ownSpecialty: true } : r,
    );
  const from = opts.from;
  const distance = (r: Candidate) => {
    if (!from || r.latitude === null || r.longitude === null) return 0;
    const dLat = r.latitude - from.latitude;
    const dLng = (r.longitude - from.longitude) * from.cos;
    return dLat * dLat + dLng * dLng;
  };
  // (a problem said, «السيارة تحمى بالطريق»: where some listing is linked to its trade, one linked to nothing is not an
  // answer because it holds a word of the sentence: the road, the house, a festival)
  const kept = rows
    .filter(
      (r) =>
        (Number(r.tier) >= Math.min(top, opts.keepTier ?? top) || Number(r.words) > 0) &&
        !(opts.linkedOnly && top > 0 && Number(r.tier) === 0),
    )
    .map((r) => ({
      ...r,
      score: Number(r.tier) + Number(r.words),
      d: distance(r),
      noPlace: from && (r.latitude === null || r.longitude === null) ? 1 : 0,
    }));
  kept.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.is_available) - Number(a.is_available) ||
      // (where the order measures from a place, nearness decides before the kind: "near me" is nearest first)
      (from ? 0 : Number(a.kind ?? 0) - Number(b.kind ?? 0)) ||
      a.noPlace - b.noPlace ||
      a.d - b.d ||
      Number(b.answers) - Number(a.answers) ||
      Number(b.on_dalil) - Number(a.on_dalil) ||
      Number(b.is_verified) - Number(a.is_verified) ||
      Number(b.rating) - Number(a.rating) ||
      Number(b.review_count) - Number(a.review_count) ||
      Number(a.id) - Number(b.id),
  );
  const page = kept
    .slice(opts.offset, opts.offset + opts.limit)
    .map(({ d: _d, noPlace: _n, kind: _kind, specialty: _s, specialty_ar: _a, specialty_ku: _k, ...r }) => r);
  return { page, total: kept.length, top };
}
