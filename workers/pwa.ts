import { Hono } from "hono";
import { direction, htmlLang, type Lang } from "../i18n/config";
import { translatorFor } from "../i18n/translator";
import type { AppBindings } from "./env";

/** What the service worker needs to know about the build: its version and the app shell's files. */
export interface ShellAssets {
  version: string;
  files: string[];
}

interface RemixAssets {
  version: string;
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined>;
}

/** The app shell: the client entry and the root route with their imports and CSS (never a page's data). */
export function shellAssets(assets: RemixAssets): ShellAssets {
  const root = assets.routes.root;
  const files = new Set<string>([assets.entry.module, ...(assets.entry.imports ?? [])]);
  if (root) for (const f of [root.module, ...(root.imports ?? []), ...(root.css ?? [])]) files.add(f);
  return { version: assets.version, files: [...files].filter((f) => f.startsWith("/assets/")).sort() };
}

export const OFFLINE_PATH = "/offline";
export const THEME_COLOR = "#17663d";

/**
 * The service worker (ADR 014). Navigations go to the network and fall back to the offline page in the
 * user's language; hashed /assets/ files are served from the cache first. API calls, sockets, images
 * of users and pages themselves are never cached: a shared phone keeps nobody's data.
 */
export function serviceWorkerScript(shell: ShellAssets): string {
  return `// Dalil service worker, build ${shell.version}
const VERSION = ${JSON.stringify(shell.version)};
const SHELL = ${JSON.stringify(shell.files)};
const CACHE = "dalil-" + VERSION;
const OFFLINE = ${JSON.stringify(OFFLINE_PATH)};

self.addEventListener("install", (event) => {
  // the new version waits until no page runs the old one, so an open page keeps working
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, OFFLINE])));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((k) => k.startsWith("dalil-") && k !== CACHE).map((k) => caches.delete(k))),
    ),
  );
});

// the page asks for the offline page again when its language changes
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "refresh-offline") {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((cache) => cache.match(OFFLINE)).then((page) => page || Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    // hashed file names never change: the cache is always right, and fills as pages are visited
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((res) => {
              if (res.ok) cache.put(request, res.clone());
              return res;
            }),
        ),
      ),
    );
  }
});
`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page shown when the network is gone: self-contained (inline style and logo, no script), so it
 * renders from the cache alone; its "try again" link is the address the person asked for.
 */
export function offlinePage(lang: Lang): string {
  const t = translatorFor(lang);
  const font =
    lang === "en"
      ? "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      : "'Vazirmatn', Tahoma, 'Noto Sans Arabic', system-ui, sans-serif";
  return `<!doctype html>
<html lang="${htmlLang(lang)}" dir="${direction(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<title>${escapeHtml(t("pwa.offline.title"))} — ${escapeHtml(t("app.name"))}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #fafaf9; color: #1c1917; font-family: ${font}; line-height: ${lang === "en" ? 1.5 : 1.7}; }
  main { max-width: 22rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-size: 1.375rem; margin: 1rem 0 .5rem; }
  p { margin: 0 0 1.5rem; color: #44403c; }
  a { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 1.5rem;
    border-radius: .75rem; background: ${THEME_COLOR}; color: #fff; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 3px solid #f5b43c; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <svg aria-hidden="true" viewBox="0 0 32 32" width="64" height="64"><rect width="32" height="32" rx="9"
    fill="${THEME_COLOR}"/><path
    d="M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z"
    fill="#f5b43c"/></svg>
  <h1>${escapeHtml(t("pwa.offline.title"))}</h1>
  <p>${escapeHtml(t("pwa.offline.text"))}</p>
  <a href="" id="retry">${escapeHtml(t("pwa.offline.retry"))}</a>
</main>
</body>
</html>`;
}

/** The web app manifest, in the reader's language and direction. */
export function manifest(lang: Lang) {
  const t = translatorFor(lang);
  return {
    id: "/",
    name: t("app.name"),
    short_name: t("pwa.manifest.shortName"),
    description: t("pwa.manifest.description"),
    lang: htmlLang(lang),
    dir: direction(lang),
    start_url: "/?source=pwa",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#fafaf9",
    theme_color: THEME_COLOR,
    categories: ["business", "lifestyle", "utilities"],
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * /manifest.webmanifest, /sw.js and /offline: served by the Worker because each depends on the language or the build.
 */
export function pwaRoutes(shell: () => ShellAssets) {
  return new Hono<AppBindings>()
    .get("/manifest.webmanifest", (c) =>
      c.body(JSON.stringify(manifest(c.get("lang"))), 200, {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": "no-cache",
        Vary: "Cookie",
      }),
    )
    .get("/sw.js", (c) =>
      c.body(serviceWorkerScript(shell()), 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        // a new deploy must reach phones at once: the browser revalidates the worker on every check
        "Cache-Control": "no-cache, no-store, must-revalidate",
        "Service-Worker-Allowed": "/",
      }),
    )
    .get(OFFLINE_PATH, (c) => c.html(offlinePage(c.get("lang")), 200, { "Cache-Control": "no-cache", Vary: "Cookie" }));
}
