import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CatalogContext } from "./components/InlineCatalog";
import { catalogScriptText, pageCatalog } from "./i18n/pageCatalog";
import { catalogs } from "./i18n/translator";
import { createI18n, LanguageProvider } from "./i18n/react";
import { NonceContext } from "./nonce";
import { paintFirstStream } from "./paintFirst";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = loadContext.lang ?? "en";
  // the page renders with exactly the part of the catalog it ships, so server and browser agree (ADR 015)
  const catalog = pageCatalog(catalogs[lang], new URL(request.url).pathname);
  const i18n = createI18n(lang, catalog);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <CatalogContext.Provider value={catalogScriptText(catalog)}>
        <LanguageProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </LanguageProvider>
      </CatalogContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // bots get the whole page at once; people get it streamed
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // the page is painted before its JavaScript is fetched and run (ADR 020)
  return new Response(paintFirstStream(body, nonce), { headers: responseHeaders, status: responseStatusCode });
}
