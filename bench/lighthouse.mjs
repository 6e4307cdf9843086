// npm run bench:lighthouse — Lighthouse (mobile: a mid-range phone on a throttled 4G link) on the public
// pages in en and ar, median of 3 runs each, on the production build served by `wrangler dev` with the demo
// seed. Chromium is Debian's, found through CHROME_PATH (default /usr/bin/chromium).
//   npm run bench:lighthouse [-- --runs 3 --base http://127.0.0.1:8787]
// With --base it audits an app that is already running; otherwise it builds and starts one of its own.
// Lighthouse lives in bench/package.json (installed on first use), not in the app's dependencies.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../scripts/lib.mjs";
import { flag, median, withDemoApp } from "./lib.mjs";

export const LIGHTHOUSE_PAGES = ["/", "/search?search=electrician", "/provider/2"];
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 98 };

async function lighthouse() {
  const entry = join(ROOT, "bench", "node_modules", "lighthouse", "core", "index.js");
  if (!existsSync(entry))
    throw new Error("Lighthouse is not installed: run `npm ci --prefix bench` (npm run bench does it)");
  const launcher = join(ROOT, "bench", "node_modules", "chrome-launcher", "dist", "index.js");
  return {
    run: (await import(pathToFileURL(entry).href)).default,
    launch: (await import(pathToFileURL(launcher).href)).launch,
  };
}

/**
 * Audits each page in en and ar `runs` times; returns one row per page and language with median scores
 * (0–100) and median LCP / TBT / CLS.
 */
export async function lighthouseBench({ base, runs = 3 } = {}) {
  const { run, launch } = await lighthouse();
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const rows = [];
  for (const lang of ["en", "ar"]) {
    for (const path of LIGHTHOUSE_PAGES) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        // a fresh browser per run: no cache, no service worker from the previous run
        const chrome = await launch({
          chromePath,
          chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        });
        try {
          const url = `${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}`;
          const result = await run(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
          });
          const { categories, audits } = result.lhr;
          samples.push({
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round(categories.accessibility.score * 100),
            lcp: audits["largest-contentful-paint"].numericValue,
            tbt: audits["total-blocking-time"].numericValue,
            cls: audits["cumulative-layout-shift"].numericValue,
            failing: categories.accessibility.auditRefs
              .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)
              .map((r) => r.id),
          });
        } finally {
          await chrome.kill();
        }
      }
      rows.push({
        page: `${lang} ${path}`,
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        "LCP ms": Math.round(median(samples.map((s) => s.lcp))),
        "TBT ms": Math.round(median(samples.map((s) => s.tbt))),
        CLS: median(samples.map((s) => s.cls)).toFixed(3),
        "a11y audits below 1": [...new Set(samples.flatMap((s) => s.failing))].join(", ") || "-",
      });
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(flag("runs", "3"));
  await withDemoApp(async (base) => {
    console.log(
      `› Lighthouse (mobile), ${runs} runs per page, median; targets: performance ` +
        `≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility}`,
    );
    console.table(await lighthouseBench({ base, runs }));
  });
}
