import type { PublicData } from "../domain/publicData";
import { intlLocale, type Lang } from "../i18n/config";
import { localized } from "./i18n/react";

/**
 * What the home page sends of the memoised categories and cities (ADR 020): only what its first screen
 * draws, in the reader's language. A city is {id, slug, name} (the picker's value and label, and the
 * "near you" cards' city), already sorted as the reader's language sorts; a category tile is
 * {id, icon, color, name}. The other two languages' names and the coordinates stay on the server: they
 * were most of the page's loader data, and serialising them most of its cost after React.
 */
export interface CityOption {
  id: number;
  slug: string;
  name: string;
}
export interface CategoryTile {
  id: number;
  icon: string;
  color: string;
  name: string;
}

interface Shaped {
  cities: CityOption[];
  /** the same cities as one string, as the page sends them (`packCities`) */
  citiesPacked: string;
  categories: CategoryTile[];
}

/**
 * The cities as the home page sends them: one line a city, `id<TAB>slug<TAB>name`, already sorted (ADR 031).
 * As objects they were half of the home page's loader data (each city's keys and references cost more
 * than its name); as one string they cost a third of that. Names and slugs hold no tab or newline.
 */
export function packCities(cities: CityOption[]): string {
  return cities.map((c) => `${c.id}\t${c.slug}\t${c.name}`).join("\n");
}

const unpacked = new Map<string, CityOption[]>();
/** The cities back from `packCities`, once per string (the same list object on every render). */
export function unpackCities(packed: string): CityOption[] {
  let cities = unpacked.get(packed);
  if (!cities) {
    cities = packed
      ? packed.split("\n").map((line) => {
          const [id, slug, name] = line.split("\t");
          return { id: Number(id), slug, name };
        })
      : [];
    unpacked.clear();
    unpacked.set(packed, cities);
  }
  return cities;
}

/** Per memo generation (the PublicData object lives as long as the isolate's memo) and language. */
const shapedFor = new WeakMap<PublicData, Map<Lang, Shaped>>();

export function homeOptions(data: PublicData, lang: Lang): Shaped {
  let byLang = shapedFor.get(data);
  if (!byLang) shapedFor.set(data, (byLang = new Map()));
  let shaped = byLang.get(lang);
  if (!shaped) {
    const collator = new Intl.Collator(intlLocale(lang));
    const cities = data.cities
      .map((c) => ({ id: c.id, slug: c.slug, name: localized(c, lang).replace(/[\t\n]/g, " ") }))
      .sort((a, b) => collator.compare(a.name, b.name));
    shaped = {
      cities,
      citiesPacked: packCities(cities),
      categories: data.categories.map((c) => ({ id: c.id, icon: c.icon, color: c.color, name: localized(c, lang) })),
    };
    byLang.set(lang, shaped);
  }
  return shaped;
}
