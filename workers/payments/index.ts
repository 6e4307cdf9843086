/**
 * The payment gateways Dalil is configured for, from the Worker's secrets (named in docs/deploying.md). A gateway
 * whose secrets are absent is off: it is not offered, and its webhook door answers 404.
 */
import type { GatewayName, PaymentGateway } from "../../domain/payments/gateway";
import type { Env } from "../env";
import { fib } from "./fib";
import type { Fetch } from "./http";
import { qiCard } from "./qicard";
import { zainCash } from "./zaincash";

/** The Worker's payment secrets, as workers/env.ts declares them. */
export type PaymentSecrets = Pick<
  Env,
  | "ZAINCASH_BASE_URL"
  | "ZAINCASH_CLIENT_ID"
  | "ZAINCASH_CLIENT_SECRET"
  | "ZAINCASH_API_KEY"
  | "QICARD_BASE_URL"
  | "QICARD_USERNAME"
  | "QICARD_PASSWORD"
  | "QICARD_TERMINAL_ID"
  | "QICARD_PUBLIC_KEY"
  | "FIB_BASE_URL"
  | "FIB_CLIENT_ID"
  | "FIB_CLIENT_SECRET"
>;

export function paymentGateways(
  env: PaymentSecrets,
  fetch: Fetch = (i, init) => globalThis.fetch(i, init),
): Partial<Record<GatewayName, PaymentGateway>> {
  const on: Partial<Record<GatewayName, PaymentGateway>> = {};
  if (env.ZAINCASH_BASE_URL && env.ZAINCASH_CLIENT_ID && env.ZAINCASH_CLIENT_SECRET && env.ZAINCASH_API_KEY) {
    on.zaincash = zainCash(
      {
        baseUrl: env.ZAINCASH_BASE_URL,
        clientId: env.ZAINCASH_CLIENT_ID,
        clientSecret: env.ZAINCASH_CLIENT_SECRET,
        apiKey: env.ZAINCASH_API_KEY,
      },
      fetch,
    );
  }
  if (env.QICARD_BASE_URL && env.QICARD_USERNAME && env.QICARD_PASSWORD && env.QICARD_TERMINAL_ID) {
    on.qicard = qiCard(
      {
        baseUrl: env.QICARD_BASE_URL,
        username: env.QICARD_USERNAME,
        password: env.QICARD_PASSWORD,
        terminalId: env.QICARD_TERMINAL_ID,
        publicKey: env.QICARD_PUBLIC_KEY,
      },
      fetch,
    );
  }
  if (env.FIB_BASE_URL && env.FIB_CLIENT_ID && env.FIB_CLIENT_SECRET) {
    on.fib = fib(
      { baseUrl: env.FIB_BASE_URL, clientId: env.FIB_CLIENT_ID, clientSecret: env.FIB_CLIENT_SECRET },
      fetch,
    );
  }
  return on;
}
