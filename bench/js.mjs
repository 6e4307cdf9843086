// npm run bench:js — first-load JavaScript per page (gzip -9 of every script a first visit downloads before the
// page is interactive), signed out and signed in, in Debian's chromium. The same measure as the budget test
// (tests/browser/budget.test.ts), printed as figures for the bench table.
//   npm run bench:js [-- --base http://127.0.0.1:8787]
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { flag, withDemoApp } from "./lib.mjs";

export const PUBLIC_PAGES = ["/", "/search?search=electrician", "/provider/2", "/login"];

/** HTML budgets, gzip -9 KB (ADR 031): a page carries only the strings it shows. */
export const HTML_BUDGET_KB = { "/login": 8, "/": 15, "/search?search=electrician": 20 };

/** gzip -9 KB of a page's HTML as the server sends it in a language (signed out). */
export async function htmlKb(base, path, lang) {
  const res = await fetch(new URL(path, base), { headers: { Cookie: `language=${lang}` } });
  const body = Buffer.from(await res.arrayBuffer());
  return gzipSync(body, { level: 9 }).length / 1024;
}
export const SIGNED_IN_PAGES = ["/bookings", "/profile", "/messages"];

/**
 * gzip -9 KB of every script a first visit to `path` downloads until the page is hydrated (and 300 ms after).
 * The language's catalog chunk is fetched later, when the phone is idle (ADR 031): never counted here.
 */
export async function firstLoad(context, path) {
  const page = await context.newPage();
  const sizes = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script" || /\/catalog-(en|ar|ku|merge)-[\w-]+\.js$/.test(res.url())) return;
    sizes.push(
      res.body().then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  try {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 360, height: 800 },
        serviceWorkers: "block",
      });
      if (signedIn) {
        const res = await context.request.post("/api/auth/login", {
          data: { phone: "07700000002", password: "dalil-customer-demo" },
          headers: { Origin: base },
        });
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

/** One row per page and language: KB of gzip -9 HTML against its budget. */
export async function htmlBench({ base }) {
  const rows = [];
  for (const [path, budget] of Object.entries(HTML_BUDGET_KB)) {
    for (const lang of ["en", "ar", "ku"])
      rows.push({ page: `${lang} ${path}`, "HTML KB (gzip -9)": (await htmlKb(base, path, lang)).toFixed(1), budget });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await withDemoApp(async (base) => {
    console.table(await jsBench({ base }));
    console.table(await htmlBench({ base }));
  });
}
