import i18next, { type i18n, type TFunction } from "i18next";
import ar from "./locales/ar";
import en from "./locales/en";
import ku from "./locales/ku";
import { LANGUAGES, type Lang } from "./config";
import { numberFormatter } from "./numberFormatter";

export const catalogs = { en, ar, ku } as const;

let shared: i18n | null = null;

/** One i18next instance with all three catalogs, for server-side text (API errors, bot replies). */
function instance(): i18n {
  if (shared) return shared;
  shared = i18next.createInstance();
  void shared.use(numberFormatter).init({
    initAsync: false,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: catalogs[l] }])),
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return shared;
}

export function translatorFor(lang: Lang): TFunction {
  return instance().getFixedT(lang);
}
