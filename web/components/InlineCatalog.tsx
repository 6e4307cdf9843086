import { createContext, useContext } from "react";
import { CATALOG_ELEMENT_ID } from "../i18n/pageCatalog";

/**
 * The page's strings as JSON text, made by entry.server when asked
 * (after the page rendered); the browser reads them back from the DOM.
 */
export const CatalogContext = createContext<(() => string) | null>(null);

/**
 * The strings the page's render used (ADR 031), inside the page as a JSON data block (not a script that runs,
 * so no nonce and no JS bytes): the browser hydrates with them at once instead of fetching a chunk first.
 * It must render last in the document: on the server, the keys are those asked for by everything before it.
 */
export function InlineCatalog() {
  const fromServer = useContext(CatalogContext);
  const json = fromServer
    ? fromServer()
    : typeof document === "undefined"
      ? "{}"
      : (document.getElementById(CATALOG_ELEMENT_ID)?.textContent ?? "{}");
  return (
    <script
      id={CATALOG_ELEMENT_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
