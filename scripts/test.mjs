// npm test: typecheck, build, then every test (workerd suite and browser suite) in one vitest run.
// Ends with the line `N passed, N failed` (CI reads that line, not vitest's own summary).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "./lib.mjs";

const results = join(ROOT, "test-results");
const report = join(results, "vitest.json");
mkdirSync(results, { recursive: true });
rmSync(report, { force: true });

let passed = 0;
let failed = 0;
let exitCode = 0;

try {
  console.log("› typecheck");
  await run("tsc", ["--noEmit"]);
  passed++;
} catch (e) {
  console.error(String(e.message ?? e));
  failed++;
  exitCode = 1;
}

let vitestFailed = false;
try {
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  console.log("› tests (workerd + browser)");
  await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
} catch (e) {
  console.error(String(e.message ?? e));
  vitestFailed = true;
  exitCode = 1;
}

// A run in which nothing executed, or that failed outside any test (a global setup, a build), is a failure
// in the summary line too: CI reads only that line.
const r = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
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

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : exitCode);
