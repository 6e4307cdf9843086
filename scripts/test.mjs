// npm test: typecheck beside the build, then every test: the workerd suite, then the browser suite, as two vitest runs.
// They ran side by side for a while (issue #41); on CI's two cores the browser journeys then shared the CPU with the
// workerd suite for minutes and slow-phone timings flaked (a form typed before hydration, a voice note's length), so
// the browser suite has the machine to itself again. Each run writes its own report; the two are summed below.
// Ends with the line `N passed, N failed` (CI reads that line, not vitest's own summary).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "./lib.mjs";

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

let vitestFailed = false;
try {
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  for (const p of PROJECTS) {
    console.log(`› tests (${p === "workers" ? "workerd" : p})`);
    try {
      await run("vitest", ["run", "--project", p, "--reporter=default", "--reporter=json", `--outputFile.json=${reportOf(p)}`]);
    } catch (e) {
      console.error(String(e.message ?? e));
      vitestFailed = true;
      exitCode = 1;
    }
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
    const why = String(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
    console.log(`✗ ${f.name.replace(ROOT + "/", "")} › ${a.fullName}\n    ${why}`);
  }
  if (f.status === "failed" && failing.length === 0) {
    console.log(`✗ ${f.name.replace(ROOT + "/", "")} (outside any test)\n    ${String(f.message ?? "").split("\n")[0].slice(0, 300)}`);
  }
}
if (!(await typecheck)) console.log("✗ typecheck (tsc --noEmit)");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : exitCode);
