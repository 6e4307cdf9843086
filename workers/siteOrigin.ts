import type { Env } from "./env";

/**
 * The site's own origin for absolute links a page carries (hreflang alternates, ADR 026): PUBLIC_URL when it is
 * configured, so a request's Host header never decides what a page links to; the request's origin otherwise (local
 * development, tests). The edge cache keys pages by this origin (ADR 016).
 */
export function siteOrigin(env: Pick<Env, "PUBLIC_URL">, requestUrl: string): string {
  if (env.PUBLIC_URL) {
    try {
      return new URL(env.PUBLIC_URL).origin;
    } catch {
      // a malformed setting: the request's origin, as without one
    }
  }
  return new URL(requestUrl).origin;
}
