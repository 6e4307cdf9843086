import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-ignore — plain ESM helpers shared with npm start
import { DEV_ENTRY, devVarArgs, migrate, OFFLINE_ENV, ROOT, seed } from "../../scripts/lib.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * one app per browser worker: its address, and its Twilio
     * stand-in (where codes sent by WhatsApp or SMS can be read)
     */
    servers: { baseURL: string; twilioStandin: string }[];
    chromiumPath: string;
  }
}

/**
 * Debian's headless shell first (package chromium-headless-shell, built from the same source as chromium): the full
 * browser in headless mode opens a window per context, and cost 2.4 times the CPU for the same search journey, three
 * times the time per context (ADR 063). The full chromium serves when the shell is not installed.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "Chromium is needed for the browser tests and was not found.\n" +
        "Install Debian's package:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n" +
        "or point CHROMIUM_PATH at a Chromium binary.",
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      // one request may hang while wrangler starts: each try gives up after 5 s, so the deadline above holds
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not start within ${timeoutMs} ms`);
}

/**
 * One server per browser worker (vitest's VITEST_POOL_ID picks it), each against its own app and copy of the data.
 * One by default; BROWSER_WORKERS=2 runs two files side by side (not yet the default: see vitest.config.ts, ADR 063).
 */
export const BROWSER_WORKERS = Math.max(1, Number(process.env.BROWSER_WORKERS ?? 1));

interface Server {
  baseURL: string;
  twilioStandin: string;
  stop: () => Promise<void>;
}

/**
 * The real app (built Worker, local D1 with migrations and demo
 * data in `state`) on a free port, with its own stand-ins.
 */
async function startServer(state: string): Promise<Server> {
  // @ts-ignore — plain ESM, shared with npm start
  const { standinsFor } = await import("../../scripts/channel-standins.mjs");
  const port = await freePort();
  // this server's own stand-ins on free ports, whatever else runs on the machine (an npm start, another suite)
  const standins = await standinsFor(port, { quiet: true });
  // @ts-ignore — plain ESM, shared with npm start
  const { startPaymentStandins } = await import("../../scripts/payments/standins.mjs");
  // ZainCash, Qi Card and FIB as npm start has them: a payment journey pays on their hosted pages (ADR 085)
  const payments = await startPaymentStandins(`http://127.0.0.1:${port}`);
  // the devtools port too: wrangler's default (9229) is one per
  // machine, and two servers (or another suite) would collide
  const inspector = await freePort();
  const child = spawn(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    [
      "dev",
      DEV_ENTRY,
      "--port",
      String(port),
      "--inspector-port",
      String(inspector),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
      ...devVarArgs(standins.vars, payments.vars),
    ],
    {
      cwd: ROOT,
      env: { ...OFFLINE_ENV, WRANGLER_LOG: "error" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(baseURL + "/api/categories", child);
  } catch (e) {
    child.kill("SIGKILL");
    await standins.close();
    await payments.close();
    throw new Error(`${(e as Error).message}\n${log.slice(-3000)}`);
  }
  return {
    baseURL,
    twilioStandin: `http://127.0.0.1:${standins.twilioPort}`,
    stop: async () => {
      await standins.close();
      await payments.close();
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * Migrates and seeds the demo data once, copies it for each further worker, and starts one server per worker.
 * Tests reach theirs through `server()` in browser.ts; no file sees another file's writes.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  const states = Array.from({ length: BROWSER_WORKERS }, (_, i) =>
    join(ROOT, ".wrangler", `browser-test-state-${i + 1}`),
  );
  for (const state of states) rmSync(state, { recursive: true, force: true });
  await migrate(states[0]);
  await seed({ providers: 120, persistTo: states[0] });
  for (const state of states.slice(1)) cpSync(states[0], state, { recursive: true });

  // the bots' local secrets, and the Telegram/Twilio stand-ins the bot console reads (workers/dev/console.ts)
  if (!existsSync(join(ROOT, ".dev.vars"))) copyFileSync(join(ROOT, ".dev.vars.example"), join(ROOT, ".dev.vars"));
  const servers = await Promise.all(states.map(startServer));
  project.provide(
    "servers",
    servers.map(({ baseURL, twilioStandin }) => ({ baseURL, twilioStandin })),
  );
  // npm test starts this run beside the workerd suite: the set-up above overlaps it, the journeys wait for its end
  const after = process.env.DALIL_BROWSER_AFTER;
  if (after) {
    const ready = Date.now();
    while (!existsSync(after)) await new Promise((r) => setTimeout(r, 250));
    console.log(
      `› browser servers were ready ${((Date.now() - ready) / 1000).toFixed(0)} s before the workerd suite ended`,
    );
  }
  project.provide("chromiumPath", chromium);

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
