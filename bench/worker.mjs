// npm run bench:worker — the Worker as deployed: its size (`wrangler deploy --dry-run --env production`, the
// figure Cloudflare's limits count) and its cold start in workerd, for this checkout and for the code before
// ADR 050 (`--before REF`, default fcfa6c0: the Worker that carried its code twice), built and measured in the
// same run, beside a one-line Worker in the same workerd as the floor.
//   npm run bench:worker [-- --before REF --runs 5]
// Cold start: a fresh workerd (Miniflare) on a fresh empty state for each run; "ready" is the time from asking
// for it to workerd listening with the script loaded, "first answer" the time from the first request to its
// answer (GET /api/…: the middleware, the session, the API router and a translated 404, nothing read from D1).
// Each is the median of `runs`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { OFFLINE_ENV, ROOT } from "../scripts/lib.mjs";
import { exec, flag, freePort, median } from "./lib.mjs";

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** A copy of the code at `ref` (git archive, no worktree registered), sharing this checkout's node_modules. */
async function checkout(ref) {
  const sha = (await exec("git", ["rev-parse", "--short", ref], ROOT)).trim();
  const dir = join(tmpdir(), `dalil-bench-before-${sha}`);
  if (!existsSync(join(dir, "package.json"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await exec("bash", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], ROOT);
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  }
  return { dir, sha };
}

/**
 * `remix vite:build`, then the production bundle as `wrangler
 * deploy` would upload it; its sizes as wrangler prints them.
 */
async function bundle(dir) {
  await exec(join(ROOT, "node_modules", ".bin", "remix"), ["vite:build"], dir);
  const outdir = join(dir, ".wrangler", "tmp", "bench-worker-bundle");
  rmSync(outdir, { recursive: true, force: true });
  const out = await exec(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    ["deploy", "--dry-run", "--env", "production", "--outdir", outdir],
    dir,
    { ...OFFLINE_ENV, WRANGLER_LOG: "log" },
  );
  const m = out.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (!m) throw new Error(`no size in wrangler's output:\n${out.slice(-2000)}`);
  return { outdir, kib: Number(m[1]), gzipKib: Number(m[2]) };
}

/** One cold start: a new workerd with `workerOptions` on an empty state; times to ready and to the first answer. */
async function coldStart(workerOptions, path) {
  const { Miniflare } = await import("miniflare");
  const state = mkdtempSync(join(tmpdir(), "dalil-cold-"));
  const t0 = performance.now();
  const mf = new Miniflare({
    ...workerOptions,
    host: "127.0.0.1",
    port: await freePort(),
    d1Persist: join(state, "d1"),
    durableObjectsPersist: join(state, "do"),
    r2Persist: join(state, "r2"),
  });
  try {
    const url = await mf.ready;
    const t1 = performance.now();
    const res = await fetch(new URL(path, url));
    await res.arrayBuffer();
    const t2 = performance.now();
    if (res.status >= 500) throw new Error(`first answer: ${res.status}`);
    return { ready: t1 - t0, first: t2 - t1, status: res.status };
  } finally {
    await mf.dispose();
    rmSync(state, { recursive: true, force: true });
  }
}

async function dalilOptions(dir, outdir) {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(dir, "wrangler.toml"), "production");
  return { ...workerOptions, modules: [{ type: "ESModule", path: join(outdir, "app.js") }], modulesRoot: outdir };
}

/**
 * @param {{ before?: string, runs?: number }} [options]
 * @returns {Promise<Array<{ system: string, kib: number | null, gzipKib:
 *   number | null, readyMs: number, firstMs: number, load: string }>>}
 */
export async function workerBench({ before = "fcfa6c0", runs = 5 } = {}) {
  const systems = [];
  if (before) {
    const b = await checkout(before);
    console.log(`  building the Worker at ${b.sha} (before), load ${load()}`);
    systems.push({ name: `before (${b.sha})`, dir: b.dir, ...(await bundle(b.dir)) });
  }
  console.log(`  building this checkout's Worker, load ${load()}`);
  systems.push({ name: "this checkout", dir: ROOT, ...(await bundle(ROOT)) });
  const floorDir = mkdtempSync(join(tmpdir(), "dalil-floor-"));
  writeFileSync(join(floorDir, "floor.js"), 'export default { fetch() { return new Response("ok"); } };\n');
  const floor = {
    name: "one-line Worker (floor)",
    kib: null,
    gzipKib: null,
    options: {
      modules: [{ type: "ESModule", path: join(floorDir, "floor.js") }],
      modulesRoot: floorDir,
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
    },
  };
  for (const s of systems) s.options = await dalilOptions(s.dir, s.outdir);
  const all = [floor, ...systems];
  const times = new Map(all.map((s) => [s, []]));
  // alternating rounds, so the machine's load falls on every system alike
  for (let i = 0; i < runs; i++) {
    for (const s of all) times.get(s).push(await coldStart(s.options, "/api/bench-cold-start"));
  }
  rmSync(floorDir, { recursive: true, force: true });
  const rows = all.map((s) => ({
    system: s.name,
    kib: s.kib,
    gzipKib: s.gzipKib,
    readyMs: median(times.get(s).map((t) => t.ready)),
    firstMs: median(times.get(s).map((t) => t.first)),
    load: load(),
  }));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(flag("runs", "5"));
  console.log(`› the Worker's size and cold start (median of ${runs}), load ${load()}`);
  const rows = await workerBench({ before: flag("before", "fcfa6c0"), runs });
  console.table(
    rows.map((r) => ({
      system: r.system,
      "upload KiB": r.kib ?? "-",
      "gzip KiB": r.gzipKib ?? "-",
      "start → ready ms": r.readyMs.toFixed(0),
      "first request → answer ms": r.firstMs.toFixed(1),
      load: r.load,
    })),
  );
  process.exit(0);
}
