import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLang, LANGUAGE_STORAGE_KEY, resolveLang } from "../i18n/config";
import { CATALOG_ELEMENT_ID } from "./i18n/pageCatalog";
import { createI18n, LanguageProvider, loadCatalog, setActiveI18n } from "./i18n/react";

/** The strings the server put in the page (ADR 031); the language's whole catalog only if they are missing. */
async function pageCatalog(lang: ReturnType<typeof resolveLang>): Promise<{ catalog: Record<string, unknown>; whole: boolean }> {
  try {
    const text = document.getElementById(CATALOG_ELEMENT_ID)?.textContent;
    if (text && text !== "{}") return { catalog: JSON.parse(text) as Record<string, unknown>, whole: false };
  } catch {
    // a damaged page: fall back to the language's chunk
  }
  return { catalog: await loadCatalog(lang), whole: true };
}


async function hydrate() {
  // the server rendered the cookie's language; hydrate in exactly that one
  const lang = resolveLang(document.documentElement.dataset.lang);
  const page = await pageCatalog(lang);
  const i18n = createI18n(lang, page.catalog, { whole: page.whole });
  setActiveI18n(i18n);
  try {
    // keep localStorage and the cookie in step (the spec keeps the choice under `language`)
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (!isLang(stored) || stored !== lang) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the cookie is enough
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <LanguageProvider i18n={i18n}>
          <RemixBrowser />
        </LanguageProvider>
      </StrictMode>,
    );
  });
  // the rest of the language's strings (ADR 031), fetched while hydration runs: here before anything a tap
  // shows (a toast, an error, the next page, which also waits for them)
  void i18n.complete().catch(() => undefined);
}

void hydrate();
