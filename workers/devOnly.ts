import type { Env } from "./env";

/**
 * Development behaviour (local keys, the log deliverer, the cache bypass) only when APP_ENV is development or test.
 * The local-only routes are not in the production bundle at all (workers/dev.ts, ADR 088); this also keeps them shut
 * should that entry be deployed with APP_ENV production or any other value.
 */
export const isDevelopment = (env: Pick<Env, "APP_ENV">): boolean =>
  env.APP_ENV === "development" || env.APP_ENV === "test";
