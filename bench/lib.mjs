// Shared by the benchmarks: flags, a free port, percentiles, and the built Worker on `wrangler dev` with a
// database of its own (the same production build the browser tests run, never the vite dev server).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { DEV_ENTRY, devVarArgs, DEV_VARS, migrate, OFFLINE_ENV, ROOT, run, seed } from "../scripts/lib.mjs";

const args = process.argv.slice(2);

/** Runs a command in `cwd` and resolves with what it printed; the error carries the end of its output. */
export function exec(cmd, args, cwd, env = OFFLINE_ENV) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(" ")} in ${cwd} exited with ${code}\n${out.slice(-3000)}`)),
    );
  });
}

export const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
export const hasFlag = (name) => args.includes(`--${name}`);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now. */
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

/** The p-th percentile (nearest rank) of a list of numbers; NaN for an empty list. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
}

/**
 * Starts the built Worker (`remix vite:build` first) with `wrangler dev` on a free loopback port, on the local state in
 * `persistTo`, and waits until `readyPath` answers 200. `stop()` ends that process only. `productionReact`: `wrangler
 * dev` bundles the Worker with NODE_ENV "development", so React renders with its development build (prop validation,
 * key warnings: several times slower); `wrangler deploy` uses "production". Benchmarks of server rendering set it, to
 * measure what a deployed Worker runs (ADR 020). `port`: the caller's own (the payment stand-ins must know the Worker's
 * address before it starts); a free one if absent. `inspectorPort`: where DevTools reach the Worker's isolate.
 * @param {{ persistTo: string, readyPath?: string, cwd?: string, vars?: Record<string, string>, productionReact?:
 *   boolean, port?: number, inspectorPort?: number }} options
 */
export async function startWorker({
  persistTo,
  readyPath = "/api/categories",
  cwd = ROOT,
  vars = {},
  productionReact = false,
  port: wanted,
  inspectorPort,
}) {
  const port = wanted ?? (await freePort());
  // a development Worker (wrangler.toml's top level is production), with the caller's vars on top
  const varArgs = devVarArgs(vars);
  if (productionReact) varArgs.push("--define", 'process.env.NODE_ENV:"production"');
  if (inspectorPort) varArgs.push("--inspector-port", String(inspectorPort));
  // the development entry where the checkout has one (a `--before` ref older than ADR 088 serves its main)
  const entry = existsSync(join(cwd, DEV_ENTRY)) ? [DEV_ENTRY] : [];
  const child = spawn(
    join(cwd, "node_modules", ".bin", "wrangler"),
    ["dev", ...entry, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, ...varArgs],
    {
      cwd,
      env: { ...OFFLINE_ENV, WRANGLER_LOG: "error" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (d) => (log = (log + d).slice(-4000)));
  child.stderr.on("data", (d) => (log = (log + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await sleep(300);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited\n${log}`);
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {}
    if (Date.now() - start > 60_000) {
      await stop();
      throw new Error(`wrangler dev did not start\n${log}`);
    }
    await sleep(250);
  }
  return { child, base, port, stop, log: () => log };
}

/**
 * The same Worker in the same workerd, without wrangler dev in front: bundled by `wrangler deploy --dry-run`
 * and served by Miniflare itself, with wrangler.toml's bindings and the same local state in `persistTo`.
 * wrangler dev puts a proxy Worker (another workerd process) between every request and socket frame and
 * the app; this measures what that proxy costs. Same `{ base, port, stop }` shape as startWorker; `child` is this
 * process (Miniflare's workerd is its child).
 */
export async function startDirectWorker({ persistTo, inspectorPort = undefined, vars = {}, port = undefined }) {
  const outdir = join(ROOT, ".wrangler", "tmp", "direct-bundle");
  await run("wrangler", ["deploy", DEV_ENTRY, "--dry-run", "--outdir", outdir], { quiet: true });
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { Miniflare } = await import("miniflare");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"));
  const mf = new Miniflare({
    ...workerOptions,
    // the top level of wrangler.toml is production: this local Worker is a development one
    bindings: { ...workerOptions.bindings, ...DEV_VARS, ...vars },
    modules: [{ type: "ESModule", path: join(outdir, "dev.js") }],
    modulesRoot: outdir,
    host: "127.0.0.1",
    port: port ?? (await freePort()),
    d1Persist: join(persistTo, "v3", "d1"),
    durableObjectsPersist: join(persistTo, "v3", "do"),
    r2Persist: join(persistTo, "v3", "r2"),
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const url = await mf.ready;
  return { base: url.origin, port: Number(url.port), stop: () => mf.dispose(), direct: true, child: process };
}

export const median = (xs) => pct(xs, 50);

let built = false;
/** `remix vite:build` once per bench process. */
export async function buildOnce() {
  if (built) return;
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  built = true;
}

/**
 * Builds once, prepares `state` (a fresh demo database when `demo`; otherwise an existing bench database
 * brought up to the latest migration) and starts the Worker on it (see startWorker).
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
  return startWorker({ persistTo: state });
}

/**
 * Runs `work(base)` against `--base URL` when given, else against a demo app built and started for it (and
 * stopped after): how bench:js, bench:lighthouse and bench:taps run alone.
 */
export async function withDemoApp(work) {
  let base = flag("base", "");
  const app = base ? null : await startBenchApp({ state: join(ROOT, ".bench-lighthouse-state"), demo: true });
  base ||= app.base;
  try {
    await work(base);
  } finally {
    await app?.stop();
  }
}

/**
 * Sums `read(pid)` over the workerd processes this bench started (Miniflare's children: not another run's on the
 * machine); a process gone meanwhile counts nothing.
 */
function overOurWorkerd(read) {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("workerd")) continue;
      const status = readFileSync(`/proc/${pid}/status`, "latin1");
      if (Number(status.match(/^PPid:\s+(\d+)/m)?.[1]) === process.pid) total += read(pid, status);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Resident memory (MB) of the workerd processes this bench started, summed: many rooms' SQLite in one process. */
export const workerdRssMB = () =>
  overOurWorkerd((_pid, status) => Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0)) / 1024;

/** CPU seconds (user + system) in a /proc stat file (a process's or a thread's). */
const cpuOfStat = (path) => {
  const stat = readFileSync(path, "latin1").split(") ")[1].split(" ");
  return (Number(stat[11]) + Number(stat[12])) / 100;
};

/** CPU seconds (user + system) of each thread of the workerd processes this bench started, by "pid/tid". */
export function workerdThreadCpu() {
  const out = new Map();
  overOurWorkerd((pid) => {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        out.set(`${pid}/${tid}`, cpuOfStat(`/proc/${pid}/task/${tid}/stat`));
      } catch {
        // gone meanwhile
      }
    }
    return 0;
  });
  return out;
}

/** CPU seconds (user + system) of the workerd processes this bench started. */
export const workerdCpuSeconds = () => overOurWorkerd((pid) => cpuOfStat(`/proc/${pid}/stat`));

/**
 * A CPU profile of the Worker's isolate while `work()` runs, through Miniflare's inspector proxy (`inspectorPort` given
 * to startDirectWorker): V8's samples of our JavaScript (the Worker and its Durable Objects share one isolate locally),
 * beside what the workerd processes this bench started spent in the same time (SQLite, sockets and RPC are native work,
 * outside the samples). Returns { cpuSeconds, jsSeconds, top: [{ name, ms, share }] } by self time.
 */
export async function workerdProfile(inspectorPort, work, { top = 25 } = {}) {
  const WebSocket = createRequire(join(ROOT, "node_modules", "miniflare", "package.json"))("ws");
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let next = 0;
  const waiting = new Map();
  ws.on("message", (d) => {
    const m = JSON.parse(String(d));
    if (m.id && waiting.has(m.id)) (waiting.get(m.id)(m.result), waiting.delete(m.id));
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 200 });
  const cpu0 = workerdCpuSeconds();
  await call("Profiler.start");
  await work();
  const { profile } = await call("Profiler.stop");
  const cpuSeconds = workerdCpuSeconds() - cpu0;
  ws.close();
  // self time per node from the samples' time deltas, summed by function (name, and line in the bundle)
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id).callFrame;
    const name = `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const idle = [...self].filter(([n]) => n.startsWith("(idle)")).reduce((a, [, ms]) => a + ms, 0);
  const busy = [...self].reduce((a, [, ms]) => a + ms, 0) - idle;
  const rows = [...self]
    .filter(([n]) => !n.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  return {
    cpuSeconds,
    jsSeconds: busy / 1000,
    profile,
    top: rows.map(([name, ms]) => ({ name, ms: Math.round(ms), share: `${((100 * ms) / busy).toFixed(1)} %` })),
  };
}
