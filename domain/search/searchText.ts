import { eq } from "drizzle-orm";
import { categories, cities } from "../../db/schema";
import type { Db } from "../../db/client";
import { tokenize } from "../text/normalize";
import { lightStem } from "../text/analysis/chain";
import { findServiceTerms, SERVICE_INDEX, type ServiceTerm } from "../lexicon/trades";
import { findPhrases } from "../text/phrases";
import { followsAddressWord } from "../lexicon/addressWords";
import { nameKeyTokens, stripArticle } from "../text/transliterate";

/**
 * What a provider is found by, as one normalised string: name, other-script name, their transliteration keys (zzk…,
 * domain/text/transliterate.ts), specialty (en/ar/ku), category names (en/ar/ku), then SEARCH_TEXT_SEPARATOR, then city
 * labels (en/ar/ku), location and description. Arabic words written with an article or article+preposition (ال، بال،
 * لل، وال، كال، فال) are indexed a second time without it, so a query for "بصره" finds "البصرة" and "للبصرة" (the query
 * side strips the same prefixes). Each Arabic-script word's light stem (the analysis chain, ADR 081) is indexed beside
 * it.
 *
 * EVERY writer of service_providers sets `search_text` to this (ADR 006); the SQL triggers copy it
 * into the FTS index. Pure: same output in workerd, Node (seed, bench) and the browser.
 */
export interface ProviderSearchFields {
  name: string;
  /** the name in the other script (Arabic/Kurdish script ↔ Latin), when given */
  nameOther?: string | null;
  specialty: string;
  specialtyAr?: string | null;
  specialtyKu?: string | null;
  location?: string | null;
  description?: string | null;
  /** the city as stored on the row (English name or free text) */
  city?: string | null;
  category?: { name: string; nameAr: string; nameKu: string } | null;
  cityLabels?: { nameEn: string; nameAr: string; nameKu: string } | null;
}

export { stripArticle };

/**
 * Separates what a provider IS (name, specialty, category: a match there is a strong match) from where
 * and how they describe themselves (city, location, description). Not a word character, so neither
 * the tokenizer nor a query ever sees it; the ranking reads the part before it.
 */
export const SEARCH_TEXT_SEPARATOR = "~";

/**
 * The index token for a service (SPEC §5's service words): every provider whose text names the service
 * in any spelling or language carries it, so a query for it is ONE term instead of an OR of a dozen
 * spellings. "zzs" + the English term's letters: "zzselectrician", "zzsacrepair".
 */
export function serviceToken(term: Pick<ServiceTerm, "en">): string {
  return `zzs${term.en.toLowerCase().replace(/[^a-z]/g, "")}`;
}

/**
 * The index token for a trade the listing's SPECIALTY names (ADR 040): "zzp" + the English term's letters. A
 * query naming the trade matches these first, so an AC search lists AC repairers, not the refrigerator
 * repairers whose category ("AC Repair") or description only mentions it (those carry `serviceToken` alone).
 */
export function tradeToken(term: Pick<ServiceTerm, "en">): string {
  return `zzp${term.en.toLowerCase().replace(/[^a-z]/g, "")}`;
}

export function providerSearchText(p: ProviderSearchFields): string {
  const head = [
    p.name,
    p.nameOther,
    p.specialty,
    p.specialtyAr,
    p.specialtyKu,
    p.category?.name,
    p.category?.nameAr,
    p.category?.nameKu,
  ];
  const tail = [p.cityLabels?.nameEn, p.cityLabels?.nameAr, p.cityLabels?.nameKu, p.city, p.location, p.description];
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    out.push(t);
  };
  const addAll = (parts: (string | null | undefined)[]) => {
    for (const part of parts) {
      if (!part) continue;
      for (const token of tokenize(part)) {
        add(token);
        const bare = stripArticle(token);
        if (bare) add(bare);
        // the analysis chain's light stem (ADR 081), which a query's word matches as well: «للنجارين» finds «نجار»
        const stem = lightStem(token);
        if (stem) add(stem);
      }
    }
  };
  const services = (parts: (string | null | undefined)[]) => {
    for (const part of parts) if (part) for (const term of findServiceTerms(part)) add(serviceToken(term));
  };
  /**
   * The description's trades, where they are not part of an address (ADR 059's address words): «مقابل مدرسة الحكمة» is
   * opposite a school, not a teacher's mention. The address (`location`) names no trade at all: it says where
   * («الكرادة، قرب مدرسة الحكمة», «مجمع الأطباء»), and its words are still searched as words.
   */
  const described = (part: string | null | undefined) => {
    if (!part) return;
    for (const m of findPhrases(part, SERVICE_INDEX))
      if (!followsAddressWord(part, m.start)) add(serviceToken(m.hit.value));
  };
  addAll(head);
  // transliteration keys of the name words (ADR 006): كريم finds Kareem when no other-script name was given
  for (const t of [...nameKeyTokens(p.name), ...nameKeyTokens(p.nameOther)]) add(t);
  services(head);
  for (const part of [p.specialty, p.specialtyAr, p.specialtyKu]) {
    if (!part) continue;
    for (const term of findServiceTerms(part)) {
      add(tradeToken(term));
      if (term.kindOf) add(tradeToken({ en: term.kindOf }));
    }
  }
  out.push(SEARCH_TEXT_SEPARATOR);
  addAll(tail);
  services([p.cityLabels?.nameEn, p.cityLabels?.nameAr, p.cityLabels?.nameKu, p.city]);
  described(p.description);
  return out.join(" ");
}

/** providerSearchText for a row about to be written, looking up its category's and city's labels. */
export async function searchTextFor(
  db: Db,
  p: Omit<ProviderSearchFields, "category" | "cityLabels"> & { categoryId: number; cityId?: number | null },
): Promise<string> {
  const [[category], [city]] = await db.batch([
    db
      .select({ name: categories.name, nameAr: categories.nameAr, nameKu: categories.nameKu })
      .from(categories)
      .where(eq(categories.id, p.categoryId))
      .limit(1),
    db
      .select({ nameEn: cities.nameEn, nameAr: cities.nameAr, nameKu: cities.nameKu })
      .from(cities)
      .where(eq(cities.id, p.cityId ?? -1))
      .limit(1),
  ]);
  return providerSearchText({ ...p, category: category ?? null, cityLabels: city ?? null });
}
