// What the benchmarks share: command-line flags, percentiles, and the built Worker on `wrangler dev` with a
// database of its own (the same production build the browser tests run, never the vite dev server).
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { migrate, OFFLINE_ENV, ROOT, run, seed } from "../scripts/lib.mjs";

const args = process.argv.slice(2);
export const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
export const hasFlag = (name) => args.includes(`--${name}`);

/** The p-th percentile (nearest rank) of a list of numbers. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
export const median = (xs) => pct(xs, 50);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

let built = false;
/** `remix vite:build` once per bench process. */
export async function buildOnce() {
  if (built) return;
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  built = true;
}

/**
 * Builds, prepares `state` (fresh demo database when `demo`; otherwise an existing bench database brought up
 * to the latest migration), and starts `wrangler dev` on a free port. Resolves once the app answers.
 */
export async function startBenchApp({ state, demo = false, providers = 300 }) {
  await buildOnce();
  if (demo) {
    rmSync(state, { recursive: true, force: true });
    await migrate(state);
    await seed({ providers, persistTo: state });
  } else {
    if (!existsSync(state)) throw new Error(`no bench database in ${state}: seed it first (npm run seed:bench)`);
    await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { quiet: true });
  }
  const port = await freePort();
  const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state], {
    cwd: ROOT,
    env: { ...OFFLINE_ENV, WRANGLER_LOG: "error" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited\n${log.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/categories`)).ok) break;
    } catch {}
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error(`wrangler dev did not start\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, port, child, stop, log: () => log };
}
