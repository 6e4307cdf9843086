import { DirectionProvider } from "@radix-ui/react-direction";
import i18next, { type i18n as I18n, type Resource } from "i18next";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import {
  direction,
  htmlLang,
  intlLocale,
  LANGUAGE_STORAGE_KEY,
  languageCookie,
  nextLang,
  type Lang,
} from "./config";
import { numberFormatter } from "./numberFormatter";

/** Load one language's catalog: each is its own chunk, so a phone downloads only the language it shows. */
export async function loadCatalog(lang: Lang): Promise<Record<string, unknown>> {
  switch (lang) {
    case "ar":
      return (await import("./locales/ar")).default;
    case "ku":
      return (await import("./locales/ku")).default;
    default:
      return (await import("./locales/en")).default;
  }
}

let active: I18n | null = null;
/** The browser's i18n instance (set once by entry.client), for code that runs outside React: client loaders. */
export const activeI18n = () => active;
export const setActiveI18n = (i18n: I18n) => {
  active = i18n;
};

export function createI18n(lang: Lang, catalog: Record<string, unknown>): I18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lang]: { translation: catalog } };
  void instance.use(initReactI18next).use(numberFormatter).init({
    initAsync: false,
    lng: lang,
    fallbackLng: false,
    resources,
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: false },
  });
  return instance;
}

interface LanguageState {
  lang: Lang;
  dir: "ltr" | "rtl";
  htmlLang: string;
  locale: string;
  setLanguage: (lang: Lang) => Promise<void>;
  cycleLanguage: () => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [lang, setLang] = useState<Lang>(i18n.language as Lang);

  const setLanguage = useCallback(
    async (next: Lang) => {
      if (!i18n.hasResourceBundle(next, "translation")) {
        i18n.addResourceBundle(next, "translation", await loadCatalog(next));
      }
      await i18n.changeLanguage(next);
      document.cookie = languageCookie(next);
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // private mode: the cookie still carries the choice
      }
      setLang(next);
    },
    [i18n],
  );

  const value = useMemo<LanguageState>(
    () => ({
      lang,
      dir: direction(lang),
      htmlLang: htmlLang(lang),
      locale: intlLocale(lang),
      setLanguage,
      cycleLanguage: () => setLanguage(nextLang(lang)),
    }),
    [lang, setLanguage],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageContext.Provider value={value}>
        <DirectionProvider dir={value.dir}>{children}</DirectionProvider>
      </LanguageContext.Provider>
    </I18nextProvider>
  );
}

export function useLanguage(): LanguageState {
  const ctx = useContext(LanguageContext);
  if (!ctx) throw new Error("useLanguage must be used within a LanguageProvider");
  return ctx;
}

/** Pick the name in the current language from a row that carries name / nameAr / nameKu. */
export function localized(row: { name: string; nameAr?: string | null; nameKu?: string | null }, lang: Lang): string {
  if (lang === "ar") return row.nameAr || row.name;
  if (lang === "ku") return row.nameKu || row.nameAr || row.name;
  return row.name;
}
