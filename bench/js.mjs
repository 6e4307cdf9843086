// npm run bench:js — first-load JavaScript per page (gzip -9 of every script a first visit downloads before the
// page is interactive), signed out and signed in, in Debian's chromium. The same measure as the budget test
// (tests/browser/budget.test.ts), printed as figures for the bench table.
//   npm run bench:js [-- --base http://127.0.0.1:8787]
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ROOT } from "../scripts/lib.mjs";
import { flag, startBenchApp } from "./lib.mjs";

export const PUBLIC_PAGES = ["/", "/search?search=electrician", "/provider/2", "/login"];
export const SIGNED_IN_PAGES = ["/bookings", "/profile", "/messages"];

/** gzip -9 KB of every script a first visit to `path` downloads until the page is hydrated (and 300 ms after). */
export async function firstLoad(context, path) {
  const page = await context.newPage();
  const sizes = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") sizes.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForTimeout(300);
  const all = await Promise.all(sizes);
  await page.close();
  return { kb: all.reduce((a, n) => a + n, 0) / 1024, files: all.length };
}

/** One row per page: KB of gzip -9 first-load JS and the number of script files. */
export async function jsBench({ base }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const rows = [];
  try {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 800 }, serviceWorkers: "block" });
      if (signedIn) {
        const res = await context.request.post("/api/auth/login", { data: { phone: "07700000002", password: "dalil-customer-demo" }, headers: { Origin: base } });
        if (!res.ok()) throw new Error(`demo customer sign-in failed: ${res.status()}`);
      }
      for (const path of signedIn ? SIGNED_IN_PAGES : PUBLIC_PAGES) {
        const { kb, files } = await firstLoad(context, path);
        rows.push({ page: `${signedIn ? "signed in" : "public"} ${path}`, "JS KB (gzip -9)": kb.toFixed(1), files });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let base = flag("base", "");
  const app = base ? null : await startBenchApp({ state: join(ROOT, ".bench-lighthouse-state"), demo: true });
  base ||= app.base;
  try {
    console.table(await jsBench({ base }));
  } finally {
    await app?.stop();
  }
}
