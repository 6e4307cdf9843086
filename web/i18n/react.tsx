import { DirectionProvider } from "@radix-ui/react-direction";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import {
  direction,
  htmlLang,
  intlLocale,
  LANGUAGE_STORAGE_KEY,
  languageCookie,
  nextLang,
  type Lang,
} from "../../i18n/config";
import { createT, type Catalog, type TFunction } from "../../i18n/t";

export type { TFunction } from "../../i18n/t";

/** Load one language's catalog: each is its own chunk, so a phone downloads only the language it shows. */
export async function loadCatalog(lang: Lang): Promise<Record<string, unknown>> {
  switch (lang) {
    case "ar":
      return (await import("../../i18n/locales/ar")).default;
    case "ku":
      return (await import("../../i18n/locales/ku")).default;
    default:
      return (await import("../../i18n/locales/en")).default;
  }
}

/**
 * The browser's (and the page render's) translations: the catalogs loaded so far, the current language,
 * and its `t`. No fallback language. The page carries the strings its render used (ADR 031); a key it lacks
 * fetches the language's whole catalog once and, until then, reads as nothing rather than as the key.
 */
export class I18n {
  language: Lang;
  t: TFunction;
  private readonly catalogs: Partial<Record<Lang, Catalog>> = {};
  /** languages whose whole catalog is here (a page's inline part is not) */
  private readonly whole = new Set<Lang>();
  private loading: Partial<Record<Lang, Promise<void>>> = {};
  private readonly listeners = new Set<() => void>();
  /** a render showed a blank for a string not yet here: the whole catalog's arrival must render again */
  private blanked = false;
  /** the server's record of every key the page asked for (ADR 031) */
  readonly asked: Set<string> | null;

  constructor(lang: Lang, catalog: Catalog, opts: { whole?: boolean; record?: boolean } = {}) {
    this.catalogs[lang] = catalog;
    if (opts.whole) this.whole.add(lang);
    this.asked = opts.record ? new Set() : null;
    this.language = lang;
    this.t = this.fixedT(lang);
  }

  hasCatalog(lang: Lang): boolean {
    return this.whole.has(lang);
  }

  addCatalog(lang: Lang, catalog: Catalog): void {
    const held = this.catalogs[lang];
    // in place: every `t` of that language already handed out sees the new strings
    if (held) Object.assign(held, catalog);
    else this.catalogs[lang] = catalog;
    this.whole.add(lang);
    // a render again only where a blank was shown: re-rendering every translated text costs a slow phone
    if (this.takeBlanked()) for (const listener of this.listeners) listener();
  }

  /** Whether something rendered a blank since the last time this was asked. */
  takeBlanked(): boolean {
    const was = this.blanked;
    this.blanked = false;
    return was;
  }

  /** Resolves once the current language's whole catalog is here (fetching its chunk at most once). */
  complete(lang: Lang = this.language): Promise<void> {
    if (this.whole.has(lang)) return Promise.resolve();
    this.loading[lang] ??= loadCatalog(lang).then(
      (full) => this.addCatalog(lang, full),
      (error: unknown) => {
        // offline or a new deploy: try again at the next need
        delete this.loading[lang];
        throw error;
      },
    );
    return this.loading[lang];
  }

  /** Called when strings arrive, so what rendered a blank renders again. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changeLanguage(lang: Lang): void {
    this.language = lang;
    this.t = this.fixedT(lang);
  }

  private fixedT(lang: Lang): TFunction {
    const asked = this.asked;
    return createT([{ locale: htmlLang(lang), catalog: this.catalogs[lang] ?? {} }], {
      asked: asked ? (key) => asked.add(key) : undefined,
      missing: (key) => {
        if (this.whole.has(lang)) return undefined;
        this.blanked = true;
        void this.complete(lang).catch(() => undefined);
        return "";
      },
    });
  }
}

let active: I18n | null = null;
/** The browser's i18n instance (set once by entry.client), for code that runs outside React: client loaders. */
export const activeI18n = () => active;
export const setActiveI18n = (i18n: I18n) => {
  active = i18n;
};

export const createI18n = (lang: Lang, catalog: Catalog, opts?: { whole?: boolean; record?: boolean }): I18n =>
  new I18n(lang, catalog, opts);

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

  // strings that arrive after hydration (the whole catalog) render what showed blank (ADR 031)
  const [strings, setStrings] = useState(0);
  useEffect(() => {
    const again = () => setStrings((n) => n + 1);
    const stop = i18n.subscribe(again);
    // the strings may have come between the blank and this subscription
    if (i18n.hasCatalog(i18n.language) && i18n.takeBlanked()) again();
    return stop;
  }, [i18n]);

  // a new `t` when the language or its strings change, so every component that translates renders again
  const translation = useMemo(() => ({ t: i18n.t }), [i18n, lang, strings]);

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

/**
 * Strings a component shows only in the browser (a button that appears at hydration, the state after a tap):
 * the server records them with the page's strings (ADR 031), so they never wait for the catalog chunk.
 */
export function useLaterStrings(...keys: string[]): void {
  const { t } = useTranslation();
  if (typeof document === "undefined") for (const key of keys) t(key);
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
