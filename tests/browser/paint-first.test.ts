import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";

// The page is painted before its JavaScript is fetched and run, then hydrates as before (ADR 020).

const b = useBrowser();

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** When the first contentful paint happened and when each JS chunk was requested (page clock, ms). */
const timings = (page: Page) =>
  page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => /\/assets\/.+\.js$/.test(r.name))
      .map((r) => ({ name: r.name.replace(/^.*\/assets\//, ""), start: r.startTime })),
    templatesLeft: document.querySelectorAll("template[id^='dalil-boot-']").length,
  }));

describe("paint first, then load the JavaScript", () => {
  for (const lang of ["en", "ar"] as const) {
    for (const path of ["/", "/search?search=electrician", "/provider/2"]) {
      it(
        `${lang} ${path}: no chunk is requested before ` + `the first contentful paint, and the page hydrates`,
        async () => {
          // a first visit, as Lighthouse makes it: no service worker, no cache
          const context = await b.browser.newContext({
            viewport: { width: 360, height: 800 },
            baseURL: b.baseURL,
            serviceWorkers: "block",
          });
          await context.addCookies([{ name: "language", value: lang, url: b.baseURL }]);
          const page = await context.newPage();
          const errors = collectErrors(page);
          await page.goto(path);
          await hydrated(page);
          const t = await timings(page);
          expect(t.fcp).not.toBeNull();
          expect(t.scripts.length, JSON.stringify(t)).toBeGreaterThan(3);
          const early = t.scripts.filter((s) => s.start < t.fcp!);
          expect(early, `requested before the paint at ${t.fcp} ms`).toEqual([]);
          // the DOM is the one Remix rendered (templates gone, their content in place): no hydration error
          expect(t.templatesLeft).toBe(0);
          expect(errors).toEqual([]);
          // and the page answers like a hydrated one: the language toggle is a React button
          await page.getByTestId("language-toggle").click();
          await page.locator(`[data-testid=language-menu] a[lang=${lang === "en" ? "ar" : "en"}]`).click();
          await expect.poll(() => page.locator("html").getAttribute("lang")).not.toBe(lang === "en" ? "en" : "ar");
          await context.close();
        },
      );
    }
  }

  it("hydrates a frame after load in a browser without paint timing", async () => {
    const { context, page } = await b.phone();
    await page.addInitScript(() =>
      Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => [] }),
    );
    const errors = collectErrors(page);
    await page.goto("/");
    await hydrated(page);
    expect((await timings(page)).templatesLeft).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
