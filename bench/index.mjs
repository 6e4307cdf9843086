// npm run bench — every benchmark in one run, one table at the end (also printed as Markdown for docs/benchmarks.md).
//   npm run bench [-- --quick]   (--quick: 1 Lighthouse run per page, a 100-conversation chat run, no 1M search)
// Parts, each also runnable alone: bench/worker.mjs (the Worker's size and cold start), bench/js.mjs,
// bench/lighthouse.mjs, bench/taps.mjs, bench/ssr.mjs, bench/search.mjs (100k and 1M listings; seeds a missing database
// first, ~1 min per 100k), bench/chat.mjs. Figures are this machine's: the table starts with it, and ratios compare
// systems measured in the same run.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";
import { htmlBench, jsBench } from "./js.mjs";
import { tapsBench } from "./taps.mjs";
import { hasFlag, startBenchApp } from "./lib.mjs";
import { LIGHTHOUSE_TARGETS, lighthouseBench } from "./lighthouse.mjs";
import { searchBench } from "./search.mjs";
import { workerBench } from "./worker.mjs";
import { runSsrBench } from "./ssr.mjs";

const QUICK = hasFlag("quick");
const table = [];
const add = (area, measure, value, target, ok) =>
  table.push({
    area,
    measure,
    value: String(value),
    target: target ?? "",
    ok: ok === undefined ? "" : ok ? "yes" : "NO",
  });
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : "-");
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : "-");

function node(script, args) {
  return new Promise((resolve, reject) => {
    // the 1M seed holds more than Node's default 4 GB heap (it ran out at 400 s on 2026-11-25)
    const child = spawn(process.execPath, ["--max-old-space-size=12000", join(ROOT, script), ...args], {
      cwd: ROOT,
      stdio: "inherit",
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

const machine =
  `${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
  `Node ${process.version}, load ${loadavg()[0].toFixed(1)} at start`;
console.log(`› machine: ${machine}`);

// ── the Worker as deployed: size and cold start, against the code before ADR 050 in the same run (bench/worker.mjs)
{
  const runs = QUICK ? 3 : 5;
  console.log(`› the Worker's size and cold start, median of ${runs}`);
  const rows = await workerBench({ runs });
  const floor = rows.find((r) => r.kib === null);
  for (const r of rows.filter((r) => r.kib !== null)) {
    add(
      "Worker",
      `${r.system}: wrangler deploy --dry-run --env production`,
      `${r.kib.toFixed(0)} KiB / gzip ${r.gzipKib.toFixed(0)} KiB`,
      r.system === "this checkout" ? "≤ 600 KiB gzip" : "",
      r.system === "this checkout" ? r.gzipKib <= 600 : undefined,
    );
    add(
      "Worker",
      `${r.system}: cold start to ready / first request → answer (load ${r.load.split(" ")[0]})`,
      `${r.readyMs.toFixed(0)} ms / ${r.firstMs.toFixed(1)} ms`,
    );
  }
  add(
    "Worker",
    `${floor.system}: cold start to ready / first request → answer`,
    `${floor.readyMs.toFixed(0)} ms / ${floor.firstMs.toFixed(1)} ms`,
  );
}

// ── first-load JavaScript and Lighthouse, on one app with the demo data
{
  const app = await startBenchApp({ state: join(ROOT, ".bench-lighthouse-state"), demo: true });
  try {
    console.log("› first-load JS");
    for (const r of await jsBench({ base: app.base })) {
      const budget = r.page.startsWith("public") ? 120 : 125; // the ratchets of tests/browser/budget.test.ts
      add(
        "JS",
        `${r.page} (gzip -9)`,
        `${r["JS KB (gzip -9)"]} KB`,
        `≤ ${budget} KB`,
        Number(r["JS KB (gzip -9)"]) <= budget,
      );
    }
    console.log("› HTML per page (the strings it shows only, ADR 031)");
    for (const r of await htmlBench({ base: app.base })) {
      add(
        "HTML",
        `${r.page} (gzip -9)`,
        `${r["HTML KB (gzip -9)"]} KB`,
        `≤ ${r.budget} KB`,
        Number(r["HTML KB (gzip -9)"]) <= r.budget,
      );
    }
    const runs = QUICK ? 1 : 3;
    console.log(`› Lighthouse mobile, median of ${runs}`);
    for (const r of await lighthouseBench({ base: app.base, runs })) {
      add(
        "Lighthouse",
        `${r.page} performance`,
        r.performance,
        `≥ ${LIGHTHOUSE_TARGETS.performance}`,
        r.performance >= LIGHTHOUSE_TARGETS.performance,
      );
      add(
        "Lighthouse",
        `${r.page} accessibility`,
        r.accessibility,
        `≥ ${LIGHTHOUSE_TARGETS.accessibility}`,
        r.accessibility >= LIGHTHOUSE_TARGETS.accessibility,
      );
      add("Lighthouse", `${r.page} LCP / TBT / CLS`, `${r["LCP ms"]} ms / ${r["TBT ms"]} ms / ${r.CLS}`);
    }
    const taps = QUICK ? 3 : 20;
    console.log(`› early taps on a slow phone, ${taps} per control`);
    for (const r of await tapsBench({ base: app.base, runs: taps })) {
      const [done, of] = r.answered.split("/").map(Number);
      add("Taps", `${r.control}: tapped at first paint, answered`, r.answered, `${of}/${of}`, done === of);
      add("Taps", `${r.control}: tap → seen p50 / p90`, `${r["tap → seen p50 ms"]} ms / ${r["p90 ms"]} ms`);
    }
  } finally {
    await app.stop();
  }
}

// ── server render: home vs /login vs a static file, and throughput under wrk
console.log("› server render");
{
  const { render, load } = await runSsrBench({ build: false, rounds: QUICK ? 10 : 30, wrkRounds: QUICK ? 1 : 2 });
  const num = (rows, target, col) => Number.parseFloat(rows.find((r) => r.target === target)?.[col]);
  for (const home of ["/ rendered", "/ edge cache"]) {
    const ratio = num(render, home, "÷ /login");
    add(
      "SSR",
      `${home}: median time ÷ /login (single requests)`,
      `${ratio.toFixed(2)}× (${num(render, home, "median ms")} ms vs ${num(render, "/login", "median ms")} ms)`,
      "≤ 2×",
      ratio <= 2,
    );
    if (load.length) {
      const share = num(load, home, "% of /login req/s");
      const tail = num(load, home, "p99/p50");
      add(
        "SSR",
        `${home}: req/s as % of /login (wrk -c16)`,
        `${share.toFixed(0)} % (${num(load, home, "req/s")} vs ${num(load, "/login", "req/s")})`,
        "≥ 40 %",
        share >= 40,
      );
      add("SSR", `${home}: p99 ÷ p50 (wrk -c16)`, `${tail.toFixed(1)}×`, "≤ 5×", tail <= 5);
    }
  }
  add("SSR", "static asset: median time", `${num(render, "static asset", "median ms")} ms`);
  if (!load.length) add("SSR", "wrk", "not installed: load figures skipped");
}

// ── search at 100k and 1M listings
for (const [providers, dir] of QUICK
  ? [[100_000, ".bench-state"]]
  : [
      [100_000, ".bench-state"],
      [1_000_000, ".bench-state-1m"],
    ]) {
  const state = join(ROOT, dir);
  if (!existsSync(state)) {
    console.log(`› seeding ${providers.toLocaleString("en")} listings into ${dir} (once)`);
    await node("scripts/db.mjs", ["bench-seed", "--providers", String(providers), "--state", dir]);
  }
  console.log(`› search at ${providers.toLocaleString("en")} listings`);
  const s = await searchBench({ state, runs: QUICK ? 10 : 30 });
  const label = `${(s.providers / 1000).toLocaleString("en")}k listings`;
  const p50Target = providers >= 1_000_000 ? 2 : 5;
  add(
    "Search",
    `${label}: SQL p50 / p99`,
    `${f2(s.sqlP50)} / ${f2(s.sqlP99)} ms`,
    `p50 ≤ ${p50Target} ms`,
    s.sqlP50 <= p50Target,
  );
  add("Search", `${label}: rows read per search (max)`, s.maxRowsRead, "≤ 2,000", s.maxRowsRead <= 2000);
  add(
    "Search",
    `${label}: LIKE scan ÷ index, selective queries (median)`,
    `${s.scanRatioMedian.toFixed(0)}×`,
    "≥ 50×",
    s.scanRatioMedian >= 50,
  );
  add(
    "Search",
    `${label}: cross-script name queries, first-page precision`,
    `${(100 * s.namePrecision).toFixed(1)} %`,
    "unrelated names off page one",
    s.namePrecision >= 0.9,
  );
}

// ── chat fan-out against a naive Node relay
{
  const out = join(ROOT, ".wrangler", "tmp", "bench-chat.json");
  rmSync(out, { force: true });
  const args = QUICK ? ["--conversations", "100", "--seconds", "10", "--steps", "10,25,50,100"] : [];
  console.log("› chat");
  await node("bench/chat.mjs", [...args, "--direct", "--json", out]);
  const c = JSON.parse(readFileSync(out, "utf8"));
  const pctOf = (x) => `${(100 * x).toFixed(1)} %`;
  add(
    "Chat",
    `${c.conversations} conversations, 1 msg/s each, ${c.seconds} s: delivered (Worker / relay)`,
    `${pctOf(c.worker.delivered)} / ${pctOf(c.relay.delivered)}`,
    "100 %",
    c.worker.delivered === 1,
  );
  add("Chat", "p50 / p99 send → receive, Worker", `${f1(c.worker.p50)} / ${f1(c.worker.p99)} ms`);
  add("Chat", "p50 / p99 send → receive, Node relay", `${f1(c.relay.p50)} / ${f1(c.relay.p99)} ms`);
  add("Chat", "Worker p99 ÷ relay p99", `${f2(c.p99Ratio)}×`, "≤ 3×", c.p99Ratio <= 3);
  add(
    "Chat",
    "largest rate with p99 < 250 ms (Worker / relay)",
    `${c.worker.best ?? "-"} / ${c.relay.best ?? "-"} msgs/s`,
  );
  if (c.direct) {
    add(
      "Chat",
      "without wrangler dev's proxy: delivered, p50 / p99",
      `${pctOf(c.direct.delivered)}, ${f1(c.direct.p50)} / ${f1(c.direct.p99)} ms`,
      "100 %",
      c.direct.delivered === 1,
    );
    add("Chat", "without wrangler dev's proxy: largest rate with p99 < 250 ms", `${c.direct.best ?? "-"} msgs/s`);
  }
}

console.log(`\nDalil bench — ${new Date().toISOString().slice(0, 10)} — ${machine}`);
console.table(table);
console.log("\n| area | measure | value | target | met |\n|---|---|---|---|---|");
for (const r of table) console.log(`| ${r.area} | ${r.measure} | ${r.value} | ${r.target} | ${r.ok} |`);
process.exit(0);
