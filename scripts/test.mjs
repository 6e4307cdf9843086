// npm test: every test, as two vitest runs (the workerd suite, then the browser suite), and three checks (typecheck,
// layout, build). The build first, then the workerd suite with the browser run's set-up beside it (migrations, demo
// data, its servers starting); no journey runs beside the workerd suite (on CI's two cores the journeys then shared the
// CPU for minutes and slow-phone timings flaked): the browser run's first test waits for the workerd suite's end
// (ADR 066). The typecheck and the layout check run at the lowest priority, in the cores' idle
// moments, and count at the end (ADR 095). Each vitest run writes its own report; the two are summed below.
// Ends with the phases' times, then the line `N passed, N failed` (CI reads that line, not vitest's own summary).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { OFFLINE_ENV, ROOT, run } from "./lib.mjs";

const results = join(ROOT, "test-results");
const PROJECTS = ["workers", "browser"];
const reportOf = (project) => join(results, `vitest-${project}.json`);
mkdirSync(results, { recursive: true });
for (const p of PROJECTS) rmSync(reportOf(p), { force: true });

let passed = 0;
let failed = 0;
let exitCode = 0;

/** When each phase began and ended, seconds from the start, with the one-minute load average at its end. */
const t0 = Date.now();
const phases = [];
const timed = (name, promise) => {
  const start = (Date.now() - t0) / 1000;
  const end = () => phases.push({ name, start, end: (Date.now() - t0) / 1000, load: loadavg()[0] });
  promise.then(end, end);
  return promise;
};
const passes = (promise) =>
  promise.then(
    () => true,
    (e) => {
      console.error(String(e.message ?? e));
      return false;
    },
  );

// one core's work each, wanted only at the end: at nice 19 they take what the suite leaves idle (ADR 095)
console.log("› typecheck and layout check (beside everything, at low priority)");
const typecheck = passes(timed("typecheck", run("tsc", ["--noEmit"], { nice: 19, quiet: true })));
// Prettier's layout, no line over 120 outside data tables, no "issue #N" in the code (scripts/format.mjs --check)
const formatCheck = passes(
  timed(
    "layout check",
    run(process.execPath, [join(ROOT, "scripts", "format.mjs"), "--check"], { nice: 19, quiet: true }),
  ),
);

/**
 * A vitest run whose output is held back until `live()`: the browser run starts beside the workerd suite (its global
 * setup migrates, seeds and starts its servers meanwhile) and its tests wait for `WORKERD_DONE` (global-setup.ts); its
 * lines are printed after the workerd suite's, in one piece.
 */
function heldRun(args, env) {
  const child = spawn(join(ROOT, "node_modules", ".bin", "vitest"), args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const held = [];
  let isLive = false;
  const out = (stream) => (d) => (isLive ? stream.write(d) : held.push([stream, d]));
  child.stdout.on("data", out(process.stdout));
  child.stderr.on("data", out(process.stderr));
  const done = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vitest ${args.join(" ")} exited with ${code}`)),
    );
  });
  return {
    done,
    live() {
      for (const [stream, d] of held.splice(0)) stream.write(d);
      isLive = true;
    },
  };
}

const vitestArgs = (p) => [
  "run",
  "--project",
  p,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reportOf(p)}`,
];
const WORKERD_DONE = join(results, ".workerd-suite-done");
rmSync(WORKERD_DONE, { force: true });

let vitestFailed = false;
const vitestFailure = (e) => {
  console.error(String(e.message ?? e));
  vitestFailed = true;
  exitCode = 1;
};
// the build first: the workerd suite's Worker imports its server half (workers/app.ts) and the pool wants its assets;
// then the browser run, whose set-up (about 40 s of migrations, demo data and its wrangler processes starting) runs
// beside the workerd suite: its first test starts when the workerd suite has ended, so no journey shares the cores
console.log("› build");
const built = await timed("build", run("remix", ["vite:build"], { quiet: true })).then(
  () => true,
  (e) => {
    // counted once, below, as a failed check: nothing else can run without it
    console.error(String(e.message ?? e));
    exitCode = 1;
    return false;
  },
);
if (built) {
  const browser = heldRun(vitestArgs("browser"), { ...OFFLINE_ENV, DALIL_BROWSER_AFTER: WORKERD_DONE });
  const browserDone = timed("browser run (its set-up from the workerd suite's start)", browser.done).catch((e) => e);
  console.log("› tests (workerd)");
  try {
    await timed("workerd suite", run("vitest", vitestArgs("workers")));
  } catch (e) {
    vitestFailure(e);
  } finally {
    writeFileSync(WORKERD_DONE, "");
  }
  console.log("› tests (browser; its set-up ran beside the workerd suite)");
  const journeys = Date.now();
  browser.live();
  const e = await browserDone;
  phases.push({
    name: "browser tests",
    start: (journeys - t0) / 1000,
    end: (Date.now() - t0) / 1000,
    load: loadavg()[0],
  });
  if (e) vitestFailure(e);
}

if (await typecheck) passed++;
else {
  failed++;
  exitCode = 1;
}

// A run in which nothing executed, or that failed outside any test (a global setup, a build), is a failure
// in the summary line too: CI reads only that line.
// both reports as one: a project whose report is missing counts as a run that failed outside any test
const reports = PROJECTS.map((p) => (existsSync(reportOf(p)) ? JSON.parse(readFileSync(reportOf(p), "utf8")) : null));
const r = {
  numTotalTests: reports.reduce((n, x) => n + (x?.numTotalTests ?? 0), 0),
  numPassedTests: reports.reduce((n, x) => n + (x?.numPassedTests ?? 0), 0),
  numFailedTests: reports.reduce((n, x) => n + (x?.numFailedTests ?? 0), 0),
  testResults: reports.flatMap((x) => x?.testResults ?? []),
  success: reports.every((x) => x?.success === true),
};
const ran = r?.numTotalTests ?? 0;
passed += r?.numPassedTests ?? 0;
// a file that failed without a failing test (an import error, a hook) counts once; a failing test is not counted twice
const brokenFiles = (r?.testResults ?? []).filter(
  (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
).length;
const counted = (r?.numFailedTests ?? 0) + brokenFiles;
failed += counted;
if (ran === 0 && built) {
  console.error("no tests ran");
  failed++;
  exitCode = 1;
} else if (counted === 0 && (vitestFailed || r?.success === false)) {
  console.error("vitest failed outside any test (global setup or teardown)");
  failed++;
  exitCode = 1;
}

// CI shows only the run's tail: name what failed just above the summary line, with the first line of its reason
for (const f of r.testResults) {
  const failing = (f.assertionResults ?? []).filter((a) => a.status === "failed");
  for (const a of failing) {
    const why = String(a.failureMessages?.[0] ?? "")
      .split("\n")[0]
      .slice(0, 300);
    console.log(`✗ ${f.name.replace(ROOT + "/", "")} › ${a.fullName}\n    ${why}`);
  }
  if (f.status === "failed" && failing.length === 0) {
    console.log(
      `✗ ${f.name.replace(ROOT + "/", "")} (outside any test)\n    ${String(f.message ?? "")
        .split("\n")[0]
        .slice(0, 300)}`,
    );
  }
}
if (!(await typecheck)) console.log("✗ typecheck (tsc --noEmit)");
// the layout and the build count as checks, as the typecheck does
if (await formatCheck) passed++;
else {
  failed++;
  exitCode = 1;
  console.log("✗ layout check (node scripts/format.mjs --check; npm run format fixes the layout)");
}
if (!built) {
  failed++;
  console.log("✗ build (remix vite:build): no suite ran");
}
console.log("› phases (seconds from the start; load: the one-minute load average at the phase's end)");
for (const p of phases.sort((a, b) => a.start - b.start)) {
  const span = `${p.start.toFixed(0)}–${p.end.toFixed(0)} s`;
  console.log(`    ${p.name}: ${span} (${(p.end - p.start).toFixed(1)} s), load ${p.load.toFixed(1)}`);
}
console.log(`    all: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : exitCode);
