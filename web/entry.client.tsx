import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLang, LANGUAGE_STORAGE_KEY, resolveLang } from "./i18n/config";
import { CATALOG_ELEMENT_ID } from "./i18n/pageCatalog";
import { createI18n, LanguageProvider, loadCatalog, setActiveI18n } from "./i18n/react";

/** The catalog the server put in the page (ADR 015); fetched only if it is missing. */
async function pageCatalog(lang: ReturnType<typeof resolveLang>): Promise<Record<string, unknown>> {
  try {
    const text = document.getElementById(CATALOG_ELEMENT_ID)?.textContent;
    if (text && text !== "{}") return JSON.parse(text) as Record<string, unknown>;
  } catch {
    // a damaged page: fall back to the language's chunk
  }
  return loadCatalog(lang);
}

async function hydrate() {
  // the server rendered the cookie's language; hydrate in exactly that one
  const lang = resolveLang(document.documentElement.dataset.lang);
  const i18n = createI18n(lang, await pageCatalog(lang));
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
}

void hydrate();
