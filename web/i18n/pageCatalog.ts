import { activeI18n, type I18n } from "./react";
import { lookup, type Catalog } from "../../i18n/t";

/**
 * Which strings a page carries (ADR 031, amends 015). The server renders with the language's whole catalog
 * and records every key the render asked for; the page ships exactly those strings as inline JSON, so
 * hydration needs no request and a page carries no text it never shows (`/login` no longer carries the
 * admin console's or the dashboard's strings). Everything else (a toast, an error after a submit, the next
 * page of a client-side navigation) comes from the language's catalog chunk: fetched when the browser is
 * hydration runs, and awaited by every route's `clientLoader` and `clientAction` before what they return renders.
 *
 * Keys only the server reads (outbound messages, bot replies) never reach a browser.
 */
export const SERVER_ONLY_KEYS = ["messages"] as const;

const PLURALS = ["zero", "one", "two", "few", "many", "other"] as const;

/** The language's catalog as the browser may see it: everything but the server-only parts. */
export function browserCatalog(full: Catalog): Catalog {
  const out: Catalog = {};
  for (const [key, value] of Object.entries(full))
    if (!(SERVER_ONLY_KEYS as readonly string[]).includes(key)) out[key] = value;
  return out;
}

function put(into: Catalog, path: string, value: string): void {
  const parts = path.split(".");
  let node = into;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== "object") node[part] = {};
    node = node[part] as Catalog;
  }
  node[parts[parts.length - 1]] = value;
}

/** The strings behind the keys a render asked for, with every plural form of each, in the catalog's shape. */
export function catalogOf(full: Catalog, keys: Iterable<string>): Catalog {
  const out: Catalog = {};
  for (const key of keys) {
    if ((SERVER_ONLY_KEYS as readonly string[]).includes(key.split(".")[0])) continue;
    for (const k of [key, ...PLURALS.map((p) => `${key}_${p}`)]) {
      const text = lookup(full, k);
      if (typeof text === "string") put(out, k, text);
    }
  }
  return out;
}

/** The element id of the inline catalog, and its text made safe inside a <script> element. */
export const CATALOG_ELEMENT_ID = "dalil-catalog";
export const catalogScriptText = (catalog: Record<string, unknown>) =>
  JSON.stringify(catalog)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Resolves once the browser holds the current language's whole catalog (at once on the server). */
export async function ensureCatalog(i18n: I18n | null = activeI18n()): Promise<void> {
  if (i18n) await i18n.complete();
}

/**
 * Every route's `clientAction`: what an action's answer shows (a toast, an error) has its strings, even when
 * the form was sent before the catalog chunk arrived.
 */
export async function withCatalogAction<T>({ serverAction }: { serverAction: () => Promise<T> }): Promise<T> {
  const [data] = await Promise.allSettled([serverAction(), ensureCatalog()]);
  if (data.status === "rejected") throw data.reason;
  return data.value;
}

/**
 * Every route's `clientLoader`: a client-side navigation renders only once the language's whole catalog is
 * here, so the next page never shows a key or a blank where its text goes. The server's data is passed on.
 */
export async function withCatalog<T>({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T> {
  // both settle first: a redirect or a 404 thrown by the server renders with its strings too
  const [data] = await Promise.allSettled([serverLoader(), ensureCatalog()]);
  if (data.status === "rejected") throw data.reason;
  return data.value;
}
