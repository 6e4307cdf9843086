// npm run bench:ssr — the server render budget (issue 11, ADR 016): the production build on `wrangler dev`
// with the demo seed, measured in alternating rounds so a noisy machine slows every target alike.
//   (a) single requests, one at a time, anonymous: median time of `/` rendered (edge cache skipped with the
//       development-only header `X-Dalil-Cache: bypass`), `/` from the edge cache, `/login`, a static asset;
//   (b) wrk, 16 connections, 10 s each: req/s, p50 and p99 for `/` (cached and rendered) and `/login`.
// Options: --rounds N (a: rounds of every target, default 30), --wrk-seconds S (default 10),
//          --wrk-rounds N (default 2), --before DIR (a built checkout of the code before the change, e.g. the
//          merge base: measured in the same rounds, on its own copy of the same database),
//          --dev-react (the server's React in its development build, as plain `wrangler dev` bundles it; by
//          default the bench defines NODE_ENV=production as `wrangler deploy` does: bench/lib.mjs).
// Without /usr/bin/wrk (CI), part (b) says so and is skipped. `runSsrBench()` returns the rows for `npm run bench`.
import { execFile } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { migrate, ROOT, run, seed } from "../scripts/lib.mjs";
import { flag, hasFlag, median, pct, startWorker } from "./lib.mjs";

const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const BYPASS = { "X-Dalil-Cache": "bypass" };

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "-");

/** One GET, body read to the end; milliseconds. */
async function timed(url, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t0, cache: res.headers.get("X-Dalil-Cache") };
}

/** wrk's latency figures ("1.23ms", "850.00us", "1.02s") in milliseconds. */
function wrkMs(s) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(s.trim());
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]];
}

async function wrk(url, seconds, headers = {}) {
  const args = [
    "-t2",
    "-c16",
    `-d${seconds}s`,
    "--timeout",
    "10s",
    "--latency",
    ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  const { stdout } = await promisify(execFile)(WRK, args, { maxBuffer: 1 << 20 });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p50 = wrkMs(/\n\s+50%\s+(\S+)/.exec(stdout)?.[1] ?? "");
  const p99 = wrkMs(/\n\s+99%\s+(\S+)/.exec(stdout)?.[1] ?? "");
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(stdout)?.[1] ?? "";
  return { rps, p50, p99, non2xx, errors };
}

/**
 * @param {{ rounds?: number, wrkSeconds?: number, wrkRounds?: number, before?: string, build?: boolean,
 *   productionReact?: boolean }} [options]
 * @returns {Promise<{ render: object[], load: object[], ratios: object[], machine: string }>}
 */
export async function runSsrBench({
  rounds = 30,
  wrkSeconds = 10,
  wrkRounds = 2,
  before,
  build = true,
  productionReact = true,
} = {}) {
  const machine =
    `${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)} at start, ` +
    `React ${productionReact ? "production" : "development"} build on the server`;
  if (build) {
    console.log("› build");
    await run("remix", ["vite:build"], { quiet: true });
  }
  // the demo database (ADR: `npm start`'s seed), once, copied for the "before" system
  const state = join(ROOT, ".wrangler", "bench-ssr");
  rmSync(state, { recursive: true, force: true });
  console.log("› demo database");
  await migrate(state);
  await seed({ persistTo: state });
  const systems = [{ name: "after", dir: ROOT, state, cached: true }];
  if (before) {
    if (!existsSync(join(before, "build", "server", "index.js")))
      throw new Error(`--before ${before}: no build/server there (run remix vite:build in it)`);
    const beforeState = `${state}-before`;
    rmSync(beforeState, { recursive: true, force: true });
    cpSync(state, beforeState, { recursive: true });
    systems.unshift({ name: "before", dir: before, state: beforeState, cached: false });
  }
  console.log(`› wrangler dev × ${systems.length}`);
  for (const s of systems) s.worker = await startWorker({ persistTo: s.state, cwd: s.dir, productionReact });

  try {
    // (a) single requests, alternating targets and systems
    const targets = (s) => [
      ["/ rendered", "/", s.cached ? BYPASS : {}],
      ...(s.cached ? [["/ edge cache", "/", {}]] : []),
      ["/login", "/login", {}],
      ["static asset", "/favicon.svg", {}],
    ];
    const times = new Map();
    const warm = async () => {
      for (const s of systems)
        for (const [, path, headers] of targets(s))
          for (let i = 0; i < 3; i++) await timed(s.worker.base + path, headers);
    };
    await warm();
    console.log(`› (a) ${rounds} alternating rounds of single requests`);
    for (let r = 0; r < rounds; r++) {
      for (const s of systems) {
        for (const [label, path, headers] of targets(s)) {
          const { ms, cache } = await timed(s.worker.base + path, headers);
          if (label === "/ edge cache" && cache !== "hit") continue; // the 60 s TTL ran out: that request rendered
          const key = `${s.name}|${label}`;
          if (!times.has(key)) times.set(key, []);
          times.get(key).push(ms);
        }
      }
    }
    const render = [];
    for (const s of systems) {
      const login = median(times.get(`${s.name}|/login`));
      for (const [label] of targets(s)) {
        const xs = times.get(`${s.name}|${label}`) ?? [];
        render.push({
          system: s.name,
          target: label,
          n: xs.length,
          "median ms": fmt(median(xs), 2),
          "p90 ms": fmt(pct(xs, 90), 2),
          "÷ /login": fmt(median(xs) / login, 2),
        });
      }
    }

    // (b) wrk under 16 connections. A local workerd that falls over under load (seen with the old home
    // page) is started again on the same state before the next run, and the run that killed it says so.
    const ensureUp = async (s) => {
      let up = s.worker.child.exitCode === null;
      if (up) {
        try {
          up = (await fetch(`${s.worker.base}/favicon.svg`, { signal: AbortSignal.timeout(5000) })).ok;
        } catch {
          up = false;
        }
      }
      if (up) return;
      console.log(`  (${s.name}: wrangler dev is down; starting it again)`);
      await s.worker.stop();
      s.worker = await startWorker({ persistTo: s.state, cwd: s.dir, productionReact });
    };
    const load = [];
    if (!existsSync(WRK)) {
      console.log(`› (b) skipped: ${WRK} not found (Debian: apt-get install wrk)`);
    } else {
      console.log(`› (b) wrk -c16 -d${wrkSeconds}s, ${wrkRounds} alternating rounds`);
      const runs = new Map();
      for (let r = 0; r < wrkRounds; r++) {
        for (const s of systems) {
          const wrkTargets = [
            ["/ rendered", "/", s.cached ? BYPASS : {}],
            ...(s.cached ? [["/ edge cache", "/", {}]] : []),
            ["/login", "/login", {}],
          ];
          for (const [label, path, headers] of wrkTargets) {
            await ensureUp(s);
            let out;
            try {
              out = await wrk(s.worker.base + path, wrkSeconds, headers);
            } catch (e) {
              out = {
                rps: NaN,
                p50: NaN,
                p99: NaN,
                non2xx: 0,
                errors: String(e.stderr || e.message)
                  .trim()
                  .slice(0, 120),
              };
            }
            if (s.worker.child.exitCode !== null)
              out.errors = `${out.errors} | wrangler dev exited during the run`.trim();
            const key = `${s.name}|${label}`;
            if (!runs.has(key)) runs.set(key, []);
            runs.get(key).push(out);
            console.log(
              `  ${s.name.padEnd(6)} ${label.padEnd(12)} ${fmt(out.rps)} req/s  p50 ${fmt(out.p50, 2)} ms  ` +
                `p99 ${fmt(out.p99, 2)} ` +
                `ms${out.non2xx ? `  non-2xx ${out.non2xx}` : ""}${out.errors ? `  errors ${out.errors}` : ""}`,
            );
          }
        }
      }
      for (const [key, outs] of runs) {
        const [system, target] = key.split("|");
        const login = runs.get(`${system}|/login`);
        const rps = median(outs.map((o) => o.rps));
        const p50 = median(outs.map((o) => o.p50));
        const p99 = median(outs.map((o) => o.p99));
        load.push({
          system,
          target,
          "req/s": fmt(rps),
          "p50 ms": fmt(p50, 2),
          "p99 ms": fmt(p99, 2),
          "p99/p50": fmt(p99 / p50, 1),
          "% of /login req/s": `${fmt((100 * rps) / median(login.map((o) => o.rps)), 0)} %`,
        });
      }
    }

    // the issue's three targets, per system
    const ratios = [];
    const get = (rows, system, target, col) =>
      Number.parseFloat(rows.find((r) => r.system === system && r.target === target)?.[col]);
    for (const s of systems) {
      for (const home of s.cached ? ["/ rendered", "/ edge cache"] : ["/ rendered"]) {
        const renderRatio = get(render, s.name, home, "÷ /login");
        const share = get(load, s.name, home, "% of /login req/s");
        const tail = get(load, s.name, home, "p99/p50");
        ratios.push({
          system: s.name,
          home,
          "home/login render (≤ 2×)": `${fmt(renderRatio, 2)}× ${renderRatio <= 2 ? "ok" : "OVER"}`,
          "home req/s % of login (≥ 40 %)": Number.isFinite(share)
            ? `${fmt(share, 0)} % ${share >= 40 ? "ok" : "UNDER"}`
            : "-",
          "p99/p50 of / (≤ 5×)": Number.isFinite(tail) ? `${fmt(tail, 1)}× ${tail <= 5 ? "ok" : "OVER"}` : "-",
        });
      }
    }
    return { render, load, ratios, machine };
  } finally {
    for (const s of systems) await s.worker?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { render, load, ratios, machine } = await runSsrBench({
    rounds: Number(flag("rounds", "30")),
    wrkSeconds: Number(flag("wrk-seconds", "10")),
    wrkRounds: Number(flag("wrk-rounds", "2")),
    before: flag("before", undefined),
    build: !hasFlag("no-build"),
    productionReact: !hasFlag("dev-react"),
  });
  console.log(`\nmachine: ${machine}`);
  console.log("\n(a) single anonymous requests, one at a time (median of alternating rounds)");
  console.table(render);
  if (load.length) {
    console.log("(b) wrk, 16 connections (median of rounds)");
    console.table(load);
  }
  console.log("targets (issue 11)");
  console.table(ratios);
}
