import type { Env } from "./env";

/**
 * Local-only routes (measurement endpoints, the bot console) exist only when APP_ENV is development or
 * test; a deploy with `--env production` (APP_ENV production) or any other value has none of them.
 */
export const isDevelopment = (env: Pick<Env, "APP_ENV">): boolean => env.APP_ENV === "development" || env.APP_ENV === "test";
