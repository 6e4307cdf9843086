import { createContext, useContext } from "react";
import { CATALOG_ELEMENT_ID } from "../i18n/pageCatalog";

/** The page's catalog as JSON text: given by entry.server; the browser reads it back from the DOM. */
export const CatalogContext = createContext<string | null>(null);

/**
 * The current language's catalog, inside the page as a JSON data block (not a script that runs, so no
 * nonce and no JS bytes): the browser hydrates with it at once instead of fetching a chunk first.
 */
export function InlineCatalog() {
  const fromServer = useContext(CatalogContext);
  const json = fromServer ?? (typeof document === "undefined" ? "{}" : (document.getElementById(CATALOG_ELEMENT_ID)?.textContent ?? "{}"));
  return <script id={CATALOG_ELEMENT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
