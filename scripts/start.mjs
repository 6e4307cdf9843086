// npm start: build, migrate, seed an empty database, serve http://localhost:8787 (PORT overrides). Offline.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { standinsFor } from "./channel-standins.mjs";
import { startPaymentStandins } from "./payments/standins.mjs";
import { countRows, DEV_ENTRY, devVarArgs, migrate, OFFLINE_ENV, reindex, ROOT, run, seed } from "./lib.mjs";

const port = process.env.PORT || "8787";

console.log("› building the app");
await run("remix", ["vite:build"], { quiet: true });
console.log("› applying D1 migrations (local)");
await migrate();
if ((await countRows("categories")) === 0) {
  console.log("› seeding demo data");
  await seed({ providers: 300 });
} else {
  console.log("› database already has data: seed skipped");
  await reindex();
}
if (!existsSync(join(ROOT, ".dev.vars"))) {
  console.log("› .dev.vars missing: copied from .dev.vars.example (local bot secrets)");
  copyFileSync(join(ROOT, ".dev.vars.example"), join(ROOT, ".dev.vars"));
}
// this instance's own stand-ins: :9911/:9912 beside :8787, free ports beside another PORT or when taken
const standins = await standinsFor(port);
// Photos and files relayed to the stand-ins are fetched from the site's public address, and the queue that sends them
// has no request to take it from: under npm start that address is this port. A PUBLIC_URL set in .dev.vars (a tunnel,
// say) wins; the bot console signs its Twilio forms for the same URL.
const devVars = readFileSync(join(ROOT, ".dev.vars"), "utf8");
const publicUrl = devVars.match(/^PUBLIC_URL\s*=\s*"?([^"\n]*)"?\s*$/m)?.[1]?.trim();
const siteVars = publicUrl ? [] : ["--var", `PUBLIC_URL:http://localhost:${port}`];
console.log(
  `› Telegram and Twilio stand-ins on :${standins.telegramPort} / :${standins.twilioPort} (bot console: ` +
    `http://localhost:${port}/dev/bot)`,
);
// the payment gateways' stand-ins (ZainCash, Qi Card, FIB) on free ports; each lists its payments at /__transactions
const payments = await startPaymentStandins(publicUrl || `http://localhost:${port}`);
console.log(
  `› payment stand-ins: ZainCash :${payments.ports.zaincash}, Qi Card :${payments.ports.qicard}, FIB ` +
    `:${payments.ports.fib}`,
);
console.log(`› serving Dalil on http://localhost:${port}`);
const child = spawn(
  join(ROOT, "node_modules", ".bin", "wrangler"),
  [
    "dev",
    DEV_ENTRY,
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--local",
    ...devVarArgs(standins.vars, siteVars, payments.vars),
  ],
  {
    cwd: ROOT,
    env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" }, // "log" shows the Worker's console (verification codes in local dev)
    stdio: "inherit",
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
