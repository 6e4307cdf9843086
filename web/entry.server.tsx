import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse } from "@remix-run/react";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CatalogContext } from "./components/InlineCatalog";
import { browserCatalog, catalogOf, catalogScriptText } from "./i18n/pageCatalog";
import { catalogs } from "../i18n/translator";
import { createI18n, LanguageProvider } from "./i18n/react";
import { NonceContext } from "./nonce";
import { paintFirstStream } from "./paintFirst";

const ABORT_DELAY = 5_000;

/**
 * Remix's error hook: a client's mistake (a POST to a page without an action, a 404) is one line without a stack; only
 * Dalil's own faults are logged as errors with their stack.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const status = isRouteErrorResponse(error) ? error.status : (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    console.warn(`[client] ${status} ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  // a 4xx thrown by Remix itself reaches here as an Error with "ErrorResponse" data
  const message = error instanceof Error ? error.message : "";
  if (/did not provide an `action`|No route matches URL|did not provide a `loader`/.test(message)) {
    console.warn(`[client] ${request.method} ${new URL(request.url).pathname}: ${message.split("\n")[0]}`);
    return;
  }
  console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = loadContext.lang ?? "en";
  // the page renders with the whole catalog and ships the strings its render asked for (ADR 031)
  const i18n = createI18n(lang, browserCatalog(catalogs[lang]), { whole: true, record: true });
  const pageStrings = () => catalogScriptText(catalogOf(catalogs[lang], i18n.asked ?? []));
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <CatalogContext.Provider value={pageStrings}>
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
