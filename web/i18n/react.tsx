import { DirectionProvider } from "@radix-ui/react-direction";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import {
  direction,
  htmlLang,
  intlLocale,
  LANGUAGE_STORAGE_KEY,
  languageCookie,
  nextLang,
  type Lang,
} from "./config";
import { createT, type Catalog, type TFunction } from "./t";

export type { TFunction } from "./t";

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

/**
 * The browser's (and the page render's) translations: the catalogs loaded so far, the current language,
 * and its `t`. No fallback language: the page carries its language's catalog, so a missing key shows as
 * the key, as before.
 */
export class I18n {
  language: Lang;
  t: TFunction;
  private readonly catalogs: Partial<Record<Lang, Catalog>> = {};

  constructor(lang: Lang, catalog: Catalog) {
    this.catalogs[lang] = catalog;
    this.language = lang;
    this.t = this.fixedT(lang);
  }

  hasCatalog(lang: Lang): boolean {
    return this.catalogs[lang] !== undefined;
  }

  addCatalog(lang: Lang, catalog: Catalog): void {
    this.catalogs[lang] = catalog;
  }

  /** One top-level part of the current language's catalog (e.g. `admin`), or undefined if not loaded. */
  part(key: string): unknown {
    return this.catalogs[this.language]?.[key];
  }

  /** Add a top-level part to the current language's catalog, in place: every `t` of that language sees it. */
  addPart(key: string, value: unknown): void {
    const catalog = this.catalogs[this.language];
    if (catalog) catalog[key] = value;
  }

  changeLanguage(lang: Lang): void {
    this.language = lang;
    this.t = this.fixedT(lang);
  }

  private fixedT(lang: Lang): TFunction {
    return createT([{ locale: htmlLang(lang), catalog: this.catalogs[lang] ?? {} }]);
  }
}

let active: I18n | null = null;
/** The browser's i18n instance (set once by entry.client), for code that runs outside React: client loaders. */
export const activeI18n = () => active;
export const setActiveI18n = (i18n: I18n) => {
  active = i18n;
};

export const createI18n = (lang: Lang, catalog: Catalog): I18n => new I18n(lang, catalog);

interface LanguageState {
  lang: Lang;
  dir: "ltr" | "rtl";
  htmlLang: string;
  locale: string;
  setLanguage: (lang: Lang) => Promise<void>;
  cycleLanguage: () => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);
const keyAsText: TFunction = (key) => key;
const TranslationContext = createContext<{ t: TFunction }>({ t: keyAsText });

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [lang, setLang] = useState<Lang>(i18n.language);

  const setLanguage = useCallback(
    async (next: Lang) => {
      if (!i18n.hasCatalog(next)) i18n.addCatalog(next, await loadCatalog(next));
      i18n.changeLanguage(next);
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

  // a new `t` when the language changes, so every component that translates renders again
  const translation = useMemo(() => ({ t: i18n.t }), [i18n, lang]);

  return (
    <TranslationContext.Provider value={translation}>
      <LanguageContext.Provider value={value}>
        <DirectionProvider dir={value.dir}>{children}</DirectionProvider>
      </LanguageContext.Provider>
    </TranslationContext.Provider>
  );
}

/** `const { t } = useTranslation()`: the current language's `t` (the key itself outside a LanguageProvider). */
export function useTranslation(): { t: TFunction } {
  return useContext(TranslationContext);
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
