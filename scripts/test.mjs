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

try {
  console.log("› build");
  await run("remix", ["vite:build"], { quiet: true });
  console.log("› tests (workerd + browser)");
  await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
} catch (e) {
  exitCode = 1;
  if (!existsSync(report)) {
    console.error(String(e.message ?? e));
    failed++;
  }
}

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0);
  if ((r.numTotalTests ?? 0) === 0) {
    console.error("no tests ran");
    exitCode = 1;
  }
  if (r.success === false) exitCode = 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : exitCode);
