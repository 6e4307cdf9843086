// The three payment stand-ins for one Dalil instance (npm start): each on its own port, with the `--var` arguments
// that give the Worker their addresses, the stand-in credentials and Qi's public key (made at start-up). Callbacks
// go to the instance's own webhook doors, as the gateways' dashboards would be set to.
import { fibStandin } from "./fib.mjs";
import { serve } from "./kit.mjs";
import { qiCardStandin } from "./qicard.mjs";
import { zainCashStandin } from "./zaincash.mjs";

// `send` (optional) is how the callbacks are posted: bench:payments times each as the Worker answers it.
export async function startPaymentStandins(appOrigin, { send } = {}) {
  const how = send ? { send } : {};
  const zaincash = zainCashStandin({ webhookUrl: `${appOrigin}/webhooks/payments/zaincash`, ...how });
  const qicard = await qiCardStandin(how);
  const fib = fibStandin(how);
  const servers = {
    zaincash: await serve((r) => zaincash.fetch(r)),
    qicard: await serve((r) => qicard.fetch(r)),
    fib: await serve((r) => fib.fetch(r)),
  };
  const at = (name) => `http://127.0.0.1:${servers[name].port}`;
  const vars = {
    ZAINCASH_BASE_URL: at("zaincash"),
    ZAINCASH_CLIENT_ID: "dalil-zaincash",
    ZAINCASH_CLIENT_SECRET: "zaincash-client-secret",
    ZAINCASH_API_KEY: "zaincash-api-key",
    QICARD_BASE_URL: at("qicard"),
    QICARD_USERNAME: "dalil-qi",
    QICARD_PASSWORD: "qi-password",
    QICARD_TERMINAL_ID: "dalil-terminal",
    QICARD_PUBLIC_KEY: qicard.publicKeyPem.replace(/\n/g, "\\n"),
    FIB_BASE_URL: at("fib"),
    FIB_CLIENT_ID: "dalil-fib",
    FIB_CLIENT_SECRET: "fib-client-secret",
    // booking deposits are tried locally; production keeps them off (docs/deploying.md, ADR 085)
    DEPOSITS: "on",
  };
  return {
    ports: Object.fromEntries(Object.entries(servers).map(([k, s]) => [k, s.port])),
    vars,
    close: () => Promise.all(Object.values(servers).map((s) => s.close())),
  };
}
