import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // only for `vite dev`: during a build it would boot workerd for nothing
    command === "serve" ? cloudflareDevProxyVitePlugin() : null,
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
  },
  publicDir: "web/public",
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? {}
      : {
      output: {
        // every icon in one small chunk: one request instead of a dozen one-icon ones on a slow network
        manualChunks: (id: string) => (id.includes("/node_modules/lucide-react/") ? "icons" : undefined),
      },
    },
  },
}));
