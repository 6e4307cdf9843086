import type { PublicData } from "../domain/publicData";
import { intlLocale, type Lang } from "./i18n/config";
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
  categories: CategoryTile[];
}

/** Per memo generation (the PublicData object lives as long as the isolate's memo) and language. */
const shapedFor = new WeakMap<PublicData, Map<Lang, Shaped>>();

export function homeOptions(data: PublicData, lang: Lang): Shaped {
  let byLang = shapedFor.get(data);
  if (!byLang) shapedFor.set(data, (byLang = new Map()));
  let shaped = byLang.get(lang);
  if (!shaped) {
    const collator = new Intl.Collator(intlLocale(lang));
    shaped = {
      cities: data.cities
        .map((c) => ({ id: c.id, slug: c.slug, name: localized(c, lang) }))
        .sort((a, b) => collator.compare(a.name, b.name)),
      categories: data.categories.map((c) => ({ id: c.id, icon: c.icon, color: c.color, name: localized(c, lang) })),
    };
    byLang.set(lang, shaped);
  }
  return shaped;
}
