import type { MiddlewareHandler } from "hono";
import { isDevelopment } from "./devOnly";
import { siteOrigin } from "./siteOrigin";
import type { AppBindings, Env } from "./env";

/**
 * The edge cache for anonymous pages (ADR 016): a signed-out GET of a public page is answered from the
 * Cache API (`caches.default`) when a copy exists for the same URL, language, build and data version.
 *
 * - Only PUBLIC_PAGES, only GET, only HTML documents (not `.data` loader requests), only without a
 *   session cookie. `/provider/:id` is never cached (its loader counts a view), nor `/api`, nor any page
 *   that depends on who is asking.
 * - The key holds the site origin the page links to (`siteOrigin`: PUBLIC_URL, else the request's own: a page
 *   rendered for one Host is never served under another), the language the request resolved to
 *   (cookie or ?lng=), the build's asset version
 *   (a deploy never serves a page pointing at old scripts) and the `public` row of cache_versions, which
 *   SQL triggers replace on every write to providers, ads, categories and cities: an admin's write
 *   changes the key, so the next anonymous page is rendered fresh. TTL_SECONDS bounds everything else
 *   (an ad's start or end time passing).
 * - Pages carry a per-response CSP nonce: the stored copy remembers the nonce it was rendered with, and
 *   every hit replaces it in the body with this response's nonce (securityHeaders puts the same nonce in
 *   the header). Set-Cookie is never stored: a response carrying one is not cached.
 * - `X-Dalil-Cache: hit | miss | bypass` says what happened. In development and tests the request header
 *   `X-Dalil-Cache: bypass` skips the cache (the benchmark's raw-render figures).
 */
export const TTL_SECONDS = 60;
export const CACHE_HEADER = "X-Dalil-Cache";
const NONCE_HEADER = "X-Dalil-Nonce";

/** Pages whose HTML is the same for every signed-out visitor in one language. */
const PUBLIC_PAGES = new Set(["/", "/search", "/privacy-policy"]);

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?dalil_session=/;

/** Headers of the stored copy that the visitor must not get back from a hit. */
const STORE_ONLY = [
  "cache-control",
  "expires",
  "age",
  "cf-cache-status",
  NONCE_HEADER.toLowerCase(),
  "set-cookie",
  "content-length",
];

export type CacheDecision = "cacheable" | "bypass" | "none";

/** Whether this request may be answered from (and stored in) the edge cache. */
export function cacheDecision(request: Request, env: Pick<Env, "APP_ENV">): CacheDecision {
  const url = new URL(request.url);
  if (!PUBLIC_PAGES.has(url.pathname)) return "none";
  if (request.method !== "GET") return "bypass";
  if (SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return "bypass";
  if (isDevelopment(env) && request.headers.get(CACHE_HEADER) === "bypass") return "bypass";
  return "cacheable";
}

/** The version of everything public pages show (cache_versions.public; "none" before the first write). */
export async function publicVersion(db: D1Database): Promise<string> {
  const row = await db.prepare("SELECT version FROM cache_versions WHERE name = 'public'").first<{ version: string }>();
  return row?.version ?? "none";
}

/** The synthetic URL a page is stored under: never a URL anyone can request. */
export function cacheKey(request: Request, origin: string, lang: string, build: string, version: string): Request {
  const url = new URL(request.url);
  url.searchParams.sort();
  const path = `${encodeURIComponent(origin)}/${encodeURIComponent(build)}/${version}/${lang}${url.pathname}`;
  const key = `https://render-cache.dalil.invalid/${path}?${url.searchParams}`;
  return new Request(key, { method: "GET" });
}

export function renderCache(buildVersion: () => string): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const decision = cacheDecision(c.req.raw, c.env);
    if (decision === "none") return next();
    if (decision === "bypass" || typeof caches === "undefined") {
      await next();
      if (c.res.status !== 101) c.res.headers.set(CACHE_HEADER, "bypass");
      return;
    }
    // workerd's default cache (the DOM typings in this project lack `default`)
    const cache = (caches as unknown as { default: Cache }).default;
    const key = cacheKey(
      c.req.raw,
      siteOrigin(c.env, c.req.url),
      c.get("lang"),
      buildVersion(),
      await publicVersion(c.env.DB),
    );
    const nonce = c.get("cspNonce");

    const stored = await cache.match(key);
    const storedNonce = stored?.headers.get(NONCE_HEADER);
    if (stored && storedNonce) {
      const html = (await stored.text()).replaceAll(storedNonce, nonce);
      const headers = new Headers(stored.headers);
      for (const h of STORE_ONLY) headers.delete(h);
      headers.set(CACHE_HEADER, "hit");
      c.res = new Response(html, { status: 200, headers });
      return;
    }

    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    const storable =
      res.status === 200 && type.startsWith("text/html") && !res.headers.has("Set-Cookie") && res.body !== null;
    if (!storable) {
      res.headers.set(CACHE_HEADER, "bypass");
      return;
    }
    // the visitor gets the stream as it renders; the copy goes to the cache after the response
    const [toVisitor, toCache] = res.body!.tee();
    const copy = new Headers(res.headers);
    copy.set("Cache-Control", `public, max-age=${TTL_SECONDS}`);
    copy.set(NONCE_HEADER, nonce);
    c.executionCtx.waitUntil(
      cache
        .put(key, new Response(toCache, { status: 200, headers: copy }))
        .catch((e: unknown) => console.error("storing a page in the edge cache failed", e)),
    );
    const headers = new Headers(res.headers);
    headers.set(CACHE_HEADER, "miss");
    c.res = new Response(toVisitor, { status: 200, headers });
  };
}
