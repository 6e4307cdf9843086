import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./web", import.meta.url).pathname };

export default defineConfig(async () => {
  const migrations = await readD1Migrations("db/migrations");
  return {
    test: {
      projects: [
        {
          // unit and integration tests run inside workerd with the Worker's real bindings
          // (D1, R2, Durable Objects, Queues); each file gets its own migrated, seeded storage
          plugins: [
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, APP_ENV: "test" } },
            }),
          ],
          resolve: { alias },
          test: {
            name: "workers",
            include: ["{domain,workers,db,web,bot}/**/*.test.ts", "tests/api/**/*.test.ts"],
            setupFiles: ["./tests/setup.ts"],
            deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/react", "@remix-run/server-runtime", "react", "react-dom/server", "react/jsx-runtime", "react-i18next", "i18next", "drizzle-orm", "drizzle-orm/d1", "drizzle-orm/sqlite-core", "zod", "hono", "hono/http-exception", "lucide-react", "@radix-ui/react-direction", "isbot"] } } },
          },
        },
        {
          // what a person does on a page: Debian's chromium driven by playwright-core against `wrangler dev`
          resolve: { alias },
          test: {
            name: "browser",
            environment: "node",
            include: ["tests/browser/**/*.test.ts"],
            globalSetup: ["./tests/browser/global-setup.ts"],
            fileParallelism: false,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
