import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
// @ts-ignore — plain ESM, the same measure `npm run bench:js` prints
import { firstLoad, HTML_BUDGET_KB, htmlKb } from "../../bench/js.mjs";
import { signInByApi, useBrowser } from "./browser";

const b = useBrowser();

/**
 * First-load JavaScript, gzip -9, as a phone downloads it before the page responds (issue 11). The budgets
 * are ratchets: lower them as the pages get lighter, never raise them to make a test pass.
 */
export const JS_BUDGET_KB = { public: 120, signedIn: 120 };

async function measure(paths: string[], budget: number, opts: { signedIn?: boolean; langs: ("en" | "ar")[] }) {
  const rows: string[] = [];
  const over: string[] = [];
  // the scripts are the same in every language (the catalog is inline JSON in the HTML), so one language per page set
  for (const lang of opts.langs) {
    // no service worker: its cache would hide what a first visit downloads
    const context = await b.browser.newContext({
      viewport: { width: 360, height: 800 },
      baseURL: b.baseURL,
      serviceWorkers: "block",
    });
    await context.addCookies([{ name: "language", value: lang, url: b.baseURL }]);
    if (opts.signedIn) {
      const page = await context.newPage();
      await signInByApi(page, "07700000002", "dalil-customer-demo");
      await page.close();
    }
    for (const path of paths) {
      const { kb, files } = (await firstLoad(context, path)) as { kb: number; files: number };
      rows.push(`  ${lang} ${path.padEnd(28)} ${kb.toFixed(1).padStart(6)} KB in ${files} files (budget ${budget} KB)`);
      if (kb > budget) over.push(`${lang} ${path}: ${kb.toFixed(1)} KB`);
    }
    await context.close();
  }
  console.log(`first-load JS, gzip -9:\n${rows.join("\n")}`);
  return over;
}

describe("the JavaScript budget", () => {
  it(`public pages ship at most ${JS_BUDGET_KB.public} KB of first-load JS`, async () => {
    expect(
      await measure(["/", "/search?search=electrician", "/provider/2", "/login"], JS_BUDGET_KB.public, {
        langs: ["en"],
      }),
    ).toEqual([]);
  }, 90_000);

  it(`signed-in pages ship at most ${JS_BUDGET_KB.signedIn} KB`, async () => {
    expect(
      await measure(["/bookings", "/profile", "/messages"], JS_BUDGET_KB.signedIn, { signedIn: true, langs: ["ar"] }),
    ).toEqual([]);
  }, 90_000);
});

describe("the database layer stays on the server", () => {
  // drizzle and the tables (about 10 KB gzip) reached /bookings, /dashboard and /requests/new through a page importing
  // a pure helper or a constant from a module that also builds queries (2026-11-27: /bookings 125.0 → 114.5 KB)
  it("no script the browser can load carries drizzle or the schema's tables", () => {
    const dir = join(process.cwd(), "build", "client", "assets");
    const carrying = readdirSync(dir).filter(
      (f) => f.endsWith(".js") && readFileSync(join(dir, f), "utf8").includes("drizzle:entityKind"),
    );
    expect(carrying).toEqual([]);
  });
});

describe("the HTML budget (ADR 031)", () => {
  it(
    "a page carries only the strings it shows: /login, / " + "and /search within their gzip budgets in every language",
    async () => {
      const rows: string[] = [];
      const over: string[] = [];
      for (const [path, budget] of Object.entries(HTML_BUDGET_KB as Record<string, number>)) {
        for (const lang of ["en", "ar", "ku"]) {
          const kb = (await htmlKb(b.baseURL, path, lang)) as number;
          rows.push(`  ${lang} ${path.padEnd(28)} ${kb.toFixed(1).padStart(5)} KB (budget ${budget} KB)`);
          if (kb > budget) over.push(`${lang} ${path}: ${kb.toFixed(1)} KB`);
        }
      }
      console.log(`HTML, gzip -9:\n${rows.join("\n")}`);
      expect(over).toEqual([]);
    },
  );

  it("the login page's strings are the login page's: no dashboard, admin or booking-form text in it", async () => {
    const html = await (await fetch(new URL("/login", b.baseURL), { headers: { Cookie: "language=en" } })).text();
    const strings = html.match(/<script id="dalil-catalog" type="application\/json">(.*?)<\/script>/s)?.[1] ?? "";
    const parts = Object.keys(JSON.parse(strings) as Record<string, unknown>);
    expect(parts).toContain("auth");
    for (const notHere of ["admin", "dashboard", "listingForm", "privacy", "contact", "messages"])
      expect(parts).not.toContain(notHere);
  });
});
