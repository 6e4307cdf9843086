import ar from "./locales/ar";
import en from "./locales/en";
import ku from "./locales/ku";
import { DEFAULT_LANG, htmlLang, type Lang } from "./config";
import { createT, type Bundle, type TFunction } from "./t";

export type { TFunction } from "./t";
export const catalogs = { en, ar, ku } as const;

const bundleOf = (lang: Lang): Bundle => ({ locale: htmlLang(lang), catalog: catalogs[lang] });

const fixed = new Map<Lang, TFunction>();

/** Server-side text (API errors, bot replies, messages): the language, falling back to English key by key. */
export function translatorFor(lang: Lang): TFunction {
  let t = fixed.get(lang);
  if (!t) {
    t = createT(lang === DEFAULT_LANG ? [bundleOf(lang)] : [bundleOf(lang), bundleOf(DEFAULT_LANG)]);
    fixed.set(lang, t);
  }
  return t;
}
