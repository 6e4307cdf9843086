import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
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
      ? {}
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
