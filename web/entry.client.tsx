import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLang, LANGUAGE_STORAGE_KEY, resolveLang } from "./i18n/config";
import { createI18n, LanguageProvider, loadCatalog } from "./i18n/react";

async function hydrate() {
  // the server rendered the cookie's language; hydrate in exactly that one
  const lang = resolveLang(document.documentElement.dataset.lang);
  const i18n = createI18n(lang, await loadCatalog(lang));
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
