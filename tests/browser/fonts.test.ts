import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";

const b = useBrowser();
const KB = 1024;

/**
 * Fonts on a phone (issue 11, ADR 018): a page downloads only the Vazirmatn files its language draws, preloads
 * the one it needs first, and the swap from the size-adjusted local fallback moves nothing. The font
 * responses are held back (a slow network) so the page paints with the fallback first and then swaps.
 */
type Lang = "en" | "ar" | "ku";

async function visit(lang: Lang, path: string, fontDelayMs: number) {
  const context = await b.browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 1,
    baseURL: b.baseURL,
    serviceWorkers: "block",
  });
  await context.addCookies([{ name: "language", value: lang, url: b.baseURL }]);
  const page = await context.newPage();
  await page.route(/\.woff2?(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, fontDelayMs));
    await route.continue();
  });
  const fonts: Promise<{ file: string; bytes: number }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "font") return;
    const file = new URL(res.url()).pathname.split("/").pop() ?? "";
    fonts.push(
      res.body().then(
        (buf) => ({ file, bytes: buf.length }),
        () => ({ file, bytes: 0 }),
      ),
    );
  });
  await page.goto(path, { waitUntil: "load" });
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(fontDelayMs + 300);
  const cls = await layoutShift(page);
  const preloads = await page.$$eval('link[rel="preload"][as="font"]', (links) =>
    links.map((l) => new URL((l as HTMLLinkElement).href).pathname.split("/").pop() ?? ""),
  );
  const files = await Promise.all(fonts);
  await context.close();
  return { cls, files, bytes: files.reduce((a, f) => a + f.bytes, 0), preloads };
}

/** The page's cumulative layout shift so far (Chromium's layout-shift entries, input-driven ones left out). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) total += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}

describe("fonts", () => {
  it(
    "each language downloads only its subsets, preloads one file, and the swap on /search in Arabic shifts " +
      "nothing",
    async () => {
      const rows: string[] = [];
      const seen: Record<string, Awaited<ReturnType<typeof visit>>> = {};
      // the six visits side by side: each spends most of its time waiting for its held-back fonts
      const visits = (["en", "ar", "ku"] as const).flatMap((lang) =>
        ["/", "/search?search=electrician"].map((path) => ({ lang, path })),
      );
      const results = await Promise.all(visits.map(({ lang, path }) => visit(lang, path, 800)));
      for (const [i, { lang, path }] of visits.entries()) {
        const r = results[i];
        seen[`${lang} ${path}`] = r;
        rows.push(
          `  ${lang} ${path.padEnd(28)} ${(r.bytes / KB).toFixed(1).padStart(6)} KB in ${r.files.length} fonts, ` +
            `CLS ${r.cls.toFixed(3)}; ` +
            `preload ${r.preloads.join(", ") || "none"}\n      ${r.files.map((f) => f.file).join(" ")}`,
        );
      }
      console.log(`fonts (woff2 as sent), font responses held 800 ms:\n${rows.join("\n")}`);

      for (const [key, r] of Object.entries(seen)) {
        const arabicScript = !key.startsWith("en");
        // the language's own subset is preloaded, and it is one file
        expect(r.preloads, key).toEqual([
          expect.stringMatching(
            arabicScript ? /^vazirmatn-arabic-400-normal-.*\.woff2$/ : /^vazirmatn-latin-400-normal-.*\.woff2$/,
          ),
        ]);
        // only woff2, never latin-ext, never a weight the pages do not use
        for (const f of r.files) expect(f.file, key).toMatch(/^vazirmatn-(arabic|latin)-(400|600)-normal-.*\.woff2$/);
        expect(r.bytes / KB, key).toBeLessThan(80);
      }
      expect(seen["ar /search?search=electrician"].cls).toBeLessThan(0.02);
    },
    120_000,
  );
});
