/**
 * The hero-search service-word map (SPEC §5): Arabic — and here also Kurdish (Sorani) — words for the
 * spec's services, in the spellings people actually type, mapped to one English term. Used two ways:
 *  - replaceArabicServiceWords: the spec's behaviour, Arabic/Kurdish service words → English, rest kept;
 *  - expandServiceWords: every en/ar/ku spelling of each service named in a query, so search can match
 *    providers described in any of the three languages (PRODUCT "Search").
 * Matching is on normalised text (normalize.ts), so alef/yeh/kaf/teh-marbuta variants, harakat,
 * tatweel and Arabic-Indic digits don't matter; article/preposition prefixes (ال، بال، لل، وال، كال،
 * فال) and plural/definite endings are stripped when what remains is a known word (phrases.ts).
 */
import type { Lang } from "./lang";
import { findPhrases, phraseKey, PhraseIndex } from "./phrases";

export interface ServiceTerm {
  /** The English term the spec's hero search sends. */
  readonly en: string;
  /** Other English spellings (matched, and returned by expandServiceWords). */
  readonly enAlt: readonly string[];
  /** Arabic spellings, the usual one first. */
  readonly ar: readonly string[];
  /** Kurdish (Sorani) spellings, the usual one first. */
  readonly ku: readonly string[];
}

const t = (en: string, enAlt: string[], ar: string[], ku: string[]): ServiceTerm => ({ en, enAlt, ar, ku });

export const SERVICE_TERMS: readonly ServiceTerm[] = [
  t("driver", ["chauffeur"], ["سائق", "سواق", "سايق", "سائقة", "شوفير", "درايفر"], ["شۆفێر", "شوفێر", "شۆفیر", "لێخوڕ"]),
  t("doctor", ["physician"], ["طبيب", "دكتور", "طبيبة", "دكتورة", "دختور"], ["پزیشک", "دکتۆر", "دکتور", "دختۆر"]),
  t(
    "AC repair",
    ["ac", "air conditioning", "air conditioner", "hvac"],
    ["تكييف", "مكيفات", "مكيف", "تبريد", "سبلت", "تصليح مكيفات", "صيانة مكيفات", "تصليح سبلت", "فني تبريد"],
    // not ساردکەرەوە: in Sorani that is the refrigerator (ADR 013)
    ["چاککردنەوەی فێنککەرەوە", "فێنککەرەوە", "سپلیت", "چاککردنەوەی سپلیت", "ئێرکۆندیشن"],
  ),
  t(
    "electrician",
    ["electrical"],
    ["كهربائي", "كهربجي", "كهرباء", "فني كهرباء"],
    ["کارەباچی", "کارەباکار", "وەستای کارەبا", "کارەبا", "کارەبایی"],
  ),
  t("plumber", ["plumbing"], ["سباك", "سمكري", "بلمبر", "سباكة"], ["بۆریچی", "بۆریکار", "پلەمبەر", "پڵەمبەر"]),
  t(
    "cleaning",
    ["cleaner", "house cleaning"],
    ["تنظيف", "تنظيفات", "منظف", "عاملة تنظيف", "تنظيف منازل"],
    ["پاککردنەوە", "خاوێنکردنەوە", "پاککردنەوەی ماڵ"],
  ),
  t("teacher", ["tutor"], ["مدرس", "معلم", "معلمة", "أستاذ", "مدرس خصوصي"], ["مامۆستا"]),
  t("nanny", ["babysitter", "childcare"], ["مربية", "مربية أطفال", "جليسة أطفال", "دادة"], ["دایەن", "دایەنی منداڵ", "چاودێری منداڵ"]),
  t("cook", ["chef"], ["طباخ", "طباخة", "شيف"], ["چێشتلێنەر", "ئاشپەز", "چێشتکەر"]),
  t("security", ["guard", "security guard", "bodyguard"], ["حارس", "حراسة", "حماية", "أمن", "حارس أمن"], ["پاسەوان", "پاسەوانی"]),
  t("photographer", ["photography"], ["مصور", "مصورة", "تصوير"], ["وێنەگر", "فۆتۆگرافەر", "وێنەگرتن"]),
  t("translator", ["interpreter", "translation"], ["مترجم", "مترجمة", "ترجمة"], ["وەرگێڕ", "تەرجومان", "وەرگێڕان"]),
  t("lawyer", ["attorney"], ["محامي", "محامية", "محام", "محاماة"], ["پارێزەر"]),
  t("engineer", [], ["مهندس", "مهندسة"], ["ئەندازیار"]),
  t("dentist", ["dental"], ["طبيب أسنان", "دكتور أسنان", "أسنان"], ["پزیشکی ددان", "دکتۆری ددان", "ددان"]),
  t(
    "heart doctor",
    ["cardiologist", "heart specialist"],
    ["طبيب قلب", "دكتور قلب", "طبيب قلبية", "أخصائي قلب", "قلبية", "قلب"],
    ["پزیشکی دڵ", "دکتۆری دڵ", "دڵ"],
  ),
  t("eye doctor", ["ophthalmologist"], ["طبيب عيون", "دكتور عيون", "عيون"], ["پزیشکی چاو", "دکتۆری چاو", "چاو"]),
];

/** The spec's map as data: every Arabic and Kurdish spelling (as written above) → its English term. */
export const SERVICE_WORD_MAP: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(SERVICE_TERMS.flatMap((s) => [...s.ar, ...s.ku].map((w) => [w, s.en] as const))),
);

function buildIndex(): PhraseIndex<ServiceTerm> {
  const index = new PhraseIndex<ServiceTerm>();
  const add = (forms: readonly string[], term: ServiceTerm, lang: Lang) => {
    for (const f of forms) index.add(f, term, lang);
  };
  for (const term of SERVICE_TERMS) {
    add([term.en, ...term.enAlt], term, "en");
    add(term.ar, term, "ar");
    add(term.ku, term, "ku");
  }
  return index;
}

/** Exposed for tests (collisions) and for callers that want to scan text themselves. */
export const SERVICE_INDEX: PhraseIndex<ServiceTerm> = buildIndex();

/** The service terms named in a query, in order of appearance, without repeats. */
export function findServiceTerms(query: string): ServiceTerm[] {
  const seen = new Set<ServiceTerm>();
  for (const m of findPhrases(query, SERVICE_INDEX)) seen.add(m.hit.value);
  return [...seen];
}

/**
 * Every spelling, in English, Arabic and Kurdish, of each service word recognised in the query —
 * normalised (normalizeText, multi-word terms joined by one space) so it can be compared directly with
 * normalised index text. Unrecognised words are not included; [] when nothing is recognised.
 * "كهربائي", "الكهربائي", "electrician" and "کارەباچی" all give the same list.
 */
export function expandServiceWords(query: string): string[] {
  const out = new Set<string>();
  for (const term of findServiceTerms(query)) {
    for (const form of [term.en, ...term.enAlt, ...term.ar, ...term.ku]) {
      const k = phraseKey(form);
      if (k) out.add(k);
    }
  }
  return [...out];
}

/**
 * The spec's hero-search rewrite: the query trimmed, each Arabic or Kurdish service word (or phrase,
 * with any ال/بال/لل… prefix) replaced by its English term, everything else kept as typed.
 * "كهربائي في بغداد" → "electrician في بغداد"; "تصليح المكيفات" → "AC repair".
 */
export function replaceArabicServiceWords(query: string): string {
  if (typeof query !== "string") return "";
  const text = query.trim();
  let out = "";
  let pos = 0;
  for (const m of findPhrases(text, SERVICE_INDEX)) {
    if (m.hit.langs.has("en")) continue; // typed in English already
    out += text.slice(pos, m.start) + m.hit.value.en;
    pos = m.end;
  }
  return out + text.slice(pos);
}
