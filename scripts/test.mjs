// npm test: typecheck beside the build, then every test: the workerd suite, then the browser suite, as two vitest runs.
// They ran side by side for a while; on CI's two cores the browser journeys then shared the CPU with the workerd suite
// for minutes and slow-phone timings flaked (a form typed before hydration, a voice note's length), so no journey runs
// beside the workerd suite: only the browser run's set-up does (migrations, demo data, its servers starting), and its
// first test waits for the workerd suite's end (ADR 066). Each run writes its own report; the two are summed below.
// Ends with the line `N passed, N failed` (CI reads that line, not vitest's own summary).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

// the typecheck runs beside the build and the tests (each is one core's work); its result counts at the end, as before
console.log("› typecheck (beside the build)");
const typecheck = run("tsc", ["--noEmit"]).then(
  () => true,
  (e) => {
    console.error(String(e.message ?? e));
    return false;
  },
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
try {
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  // the browser suite's set-up (about 40 s of migrations, demo data and two wrangler processes starting) runs beside
  // the workerd suite; its first test starts when the workerd suite has ended, so no journey shares the cores with it
  const browser = heldRun(vitestArgs("browser"), { ...OFFLINE_ENV, DALIL_BROWSER_AFTER: WORKERD_DONE });
  const browserDone = browser.done.catch((e) => e);
  console.log("› tests (workerd)");
  try {
    await run("vitest", vitestArgs("workers"));
  } catch (e) {
    console.error(String(e.message ?? e));
    vitestFailed = true;
    exitCode = 1;
  } finally {
    writeFileSync(WORKERD_DONE, "");
  }
  console.log("› tests (browser; its set-up ran beside the workerd suite)");
  browser.live();
  const e = await browserDone;
  if (e) {
    console.error(String(e.message ?? e));
    vitestFailed = true;
    exitCode = 1;
  }
} catch (e) {
  console.error(String(e.message ?? e));
  vitestFailed = true;
  exitCode = 1;
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
if (ran === 0) {
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
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : exitCode);
