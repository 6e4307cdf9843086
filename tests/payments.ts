/**
 * The Worker's env with the three payment stand-ins' addresses
 * and credentials, as the payment tests run them in-isolate.
 */
import { env } from "cloudflare:workers";
import type { Env } from "../workers/env";

export function gatewayEnv(merchantKey: string, qiPublicKeyPem: string): Env {
  return {
    ...env,
    ZAINCASH_BASE_URL: "https://zaincash.test",
    ZAINCASH_CLIENT_ID: "dalil-zaincash",
    ZAINCASH_CLIENT_SECRET: "zaincash-client-secret",
    ZAINCASH_API_KEY: merchantKey,
    QICARD_BASE_URL: "https://qicard.test",
    QICARD_USERNAME: "dalil-qi",
    QICARD_PASSWORD: "qi-password",
    QICARD_TERMINAL_ID: "dalil-terminal",
    QICARD_PUBLIC_KEY: qiPublicKeyPem,
    FIB_BASE_URL: "https://fib.test",
    FIB_CLIENT_ID: "dalil-fib",
    FIB_CLIENT_SECRET: "fib-client-secret",
    DEPOSITS: "on",
  } as Env;
}
