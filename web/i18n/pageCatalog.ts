import { loadCatalog, type I18n } from "./react";

/**
 * Which parts of a language's catalog a page carries (ADR 015). The catalog ships inside the page as
 * JSON (no request, no wait before hydration), without:
 * - keys only one page reads (the admin console, the privacy policy, the linked chats on the profile): they come with that page, or are
 *   fetched when a person navigates there;
 * - keys only the server reads (outbound messages, bot replies): never sent to a browser.
 */
export const PAGE_KEYS = { admin: "/admin", privacy: "/privacy-policy", bot: "/profile" } as const;
export type PageKey = keyof typeof PAGE_KEYS;
export const SERVER_ONLY_KEYS = ["messages"] as const;

export function pageCatalog(full: Record<string, unknown>, pathname: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(full)) {
    if ((SERVER_ONLY_KEYS as readonly string[]).includes(key)) continue;
    const page = (PAGE_KEYS as Record<string, string>)[key];
    if (page && !(pathname === page || pathname.startsWith(`${page}/`))) continue;
    out[key] = value;
  }
  return out;
}

/** The element id of the inline catalog, and its text made safe inside a <script> element. */
export const CATALOG_ELEMENT_ID = "dalil-catalog";
export const catalogScriptText = (catalog: Record<string, unknown>) =>
  JSON.stringify(catalog).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** Before a client-side navigation renders a page-only part, fetch the language's catalog and add that part. */
export async function ensurePageKeys(i18n: I18n | null, key: PageKey): Promise<void> {
  if (!i18n) return;
  if (i18n.part(key) !== undefined) return;
  const full = await loadCatalog(i18n.language);
  i18n.addPart(key, full[key]);
}
