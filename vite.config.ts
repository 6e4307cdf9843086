import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { relative } from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * lucide-react's icons render through our lighter `Icon` (web/lucideIcon.tsx, ADR 020): the one import of
 * `./Icon.mjs` by its `createLucideIcon` is pointed at our file, in the client and the server build.
 */
function lucideIcon(): Plugin {
  const ours = new URL("./web/lucideIcon.tsx", import.meta.url).pathname;
  return {
    name: "dalil-lucide-icon",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./Icon.mjs" && importer?.includes("/lucide-react/dist/esm/createLucideIcon.mjs")) return ours;
      return null;
    },
  };
}

const ROOT = new URL("./", import.meta.url).pathname;
const WEB = new URL("./web/", import.meta.url).pathname;
const SERVER_BUILD = new URL("./build/server/", import.meta.url).pathname;

/**
 * The server build holds the Remix app (web/) only: a module of ours outside web/ (domain/, i18n/, db/, workers/,
 * bot/) is left as an import of its source, which wrangler bundles once with the Worker entry that imports the
 * same modules for the API, the bots and the objects (ADR 050). Before, the server build carried its own copy of
 * each of them (and of the catalogs), and the Worker a second one.
 */
function projectModuleOutsideWeb(id: string, _importer: string | undefined, isResolved: boolean): boolean {
  if (!isResolved || !id.startsWith(ROOT) || id.startsWith(WEB) || id.includes("/node_modules/")) return false;
  return /\.(ts|tsx|json)$/.test(id);
}

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // only for `vite dev`: during a build it would boot workerd for nothing
    command === "serve" ? cloudflareDevProxyVitePlugin() : null,
    lucideIcon(),
    tailwindcss(),
    remix({
      appDirectory: "web",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./web", import.meta.url).pathname } },
  ssr: {
    target: "webworker",
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    // bundled, so the server renders icons with the same `Icon` as the browser (lucideIcon above)
    noExternal: ["lucide-react"],
  },
  publicDir: "web/public",
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? {
          external: projectModuleOutsideWeb,
          // written as a path from build/server/index.js to the source file, which wrangler's bundler reads
          output: { paths: (id: string) => (id.startsWith(ROOT) ? relative(SERVER_BUILD, id) : id) },
        }
      : {
          output: {
            // every icon in one small chunk: one request instead of a dozen one-icon ones on a slow network
            manualChunks: (id: string) => {
              if (id.includes("/node_modules/lucide-react/")) return "icons";
              // each language's whole catalog, fetched after hydration (ADR 031): named so the budget can tell it
              const catalog = id.match(/\/i18n\/locales\/(en|ar|ku)\//);
              if (catalog) return `catalog-${catalog[1]}`;
              // shared by the three: a chunk of its own, or one language's chunk would pull in another's
              return id.endsWith("/i18n/locales/merge.ts") ? "catalog-merge" : undefined;
            },
          },
        },
  },
}));
