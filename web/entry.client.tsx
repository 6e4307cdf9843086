import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLang, LANGUAGE_STORAGE_KEY, resolveLang } from "../i18n/config";
import { CATALOG_ELEMENT_ID } from "./i18n/pageCatalog";
import { createI18n, LanguageProvider, loadCatalog, setActiveI18n } from "./i18n/react";

/** The strings the server put in the page (ADR 031); the language's whole catalog only if they are missing. */
async function pageCatalog(
  lang: ReturnType<typeof resolveLang>,
): Promise<{ catalog: Record<string, unknown>; whole: boolean }> {
  try {
    const text = document.getElementById(CATALOG_ELEMENT_ID)?.textContent;
    if (text && text !== "{}") return { catalog: JSON.parse(text) as Record<string, unknown>, whole: false };
  } catch {
    // a damaged page: fall back to the language's chunk
  }
  return { catalog: await loadCatalog(lang), whole: true };
}

/** The longest hydration waits for the page's data (a page the server cut short hydrates anyway, as before). */
const DATA_WAIT_MS = 10_000;

/**
 * Resolves once Remix has decoded the page's loader data (React error #345). `RemixBrowser` decodes the data Remix
 * streamed into the page on its first render, and suspends until the decoding is done: a promise, so never within that
 * first render. Hydration runs in a transition, where a suspended root just waits; but a key or a tap on a root still
 * hydrating makes React hydrate it synchronously, in the event, and a synchronous render that suspends with no Suspense
 * boundary above it ends in #345 ("Root did not complete"): the whole page stayed dead. A person typing into /register
 * on a slow phone while the page's script arrived hit it 2 times in 9. So the decoding is started (by calling the
 * component once, outside React: it throws its promise before anything else) and awaited before hydrating: no render of
 * the root suspends after that.
 */
async function pageDataDecoded(): Promise<void> {
  let decoding: unknown;
  try {
    (RemixBrowser as unknown as (props: object) => unknown)({});
  } catch (thrown) {
    decoding = thrown;
  }
  // anything but its promise (a hook called outside React, once it is decoded) is for the real render to meet
  if (!decoding || typeof (decoding as PromiseLike<unknown>).then !== "function") return;
  await Promise.race([
    Promise.resolve(decoding as PromiseLike<unknown>).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS)),
  ]);
}

async function hydrate() {
  // the server rendered the cookie's language; hydrate in exactly that one
  const lang = resolveLang(document.documentElement.dataset.lang);
  const [page] = await Promise.all([pageCatalog(lang), pageDataDecoded()]);
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
