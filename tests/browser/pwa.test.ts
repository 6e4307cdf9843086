import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";

const b = useBrowser();

const TITLE = { en: "Install Dalil Helper App", ar: "ثبّت تطبيق دليل المساعد", ku: "ئەپی یاریدەدەری دەلیل دابمەزرێنە" };
const OFFLINE = { en: "You're offline", ar: "أنت غير متصل بالإنترنت", ku: "پەیوەندیت بە ئینتەرنێتەوە نییە" };

/** A browser-made install prompt whose answer the test chooses; records whether prompt() ran. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed") {
  await page.evaluate((outcome) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
    (window as unknown as Record<string, unknown>).__prompted = false;
    event.prompt = async () => {
      (window as unknown as Record<string, unknown>).__prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome, platform: "web" });
    window.dispatchEvent(event);
  }, outcome);
}

/** Waits until the service worker has installed and cached the offline page. */
const offlinePageCached = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      for (const k of await caches.keys()) if (await (await caches.open(k)).match("/offline")) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("offline page never cached");
  });
const dismissedFlag = (page: Page) => page.evaluate(() => localStorage.getItem("pwa-install-dismissed"));

describe("installable: manifest, service worker, offline page", () => {
  it("the manifest and /sw.js are served with the right types, in the reader's language", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await page.request.get(href!);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "دليل",
      lang: "ar",
      dir: "rtl",
      display: "standalone",
      start_url: "/?source=pwa",
      theme_color: "#17663d",
    });
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);

    const sw = await page.request.get("/sw.js");
    expect(sw.headers()["content-type"]).toContain("text/javascript");
    expect(sw.headers()["cache-control"]).toContain("no-cache");
    const script = await sw.text();
    expect(script).toContain('const OFFLINE = "/offline"');
    // the shell it precaches is the build's hashed files, never an API or a page with someone's data
    const shell = JSON.parse(script.match(/const SHELL = (\[.*\]);/)![1]) as string[];
    expect(shell.length).toBeGreaterThan(2);
    expect(shell.every((f) => f.startsWith("/assets/"))).toBe(true);
    await context.close();
  });

  for (const lang of ["en", "ar"] as const) {
    it(`after one visit, with the network gone, reloading shows the offline page in ${lang}`, async () => {
      const { context, page } = await b.phone({ lang });
      const offlineFetches: string[] = [];
      context.on("request", (r) => {
        if (r.serviceWorker() && new URL(r.url()).pathname === "/offline")
          offlineFetches.push(r.headers()["cookie"] ?? "");
      });
      await page.goto("/");
      await hydrated(page);
      // the worker installs after load and caches the shell and the offline page
      await offlinePageCached(page);
      // once on a first visit: the install cached it in the page's
      // language (a second fetch was a page more on a weak network)
      await page.waitForTimeout(500);
      expect(offlineFetches).toHaveLength(1);
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.locator("h1").innerText()).toBe(OFFLINE[lang]);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await b.noSidewaysScroll(page);
      await b.screenshot(page, `offline-${lang}`);
      // back online, "try again" goes back to the page that was asked for
      await context.setOffline(false);
      await page.getByRole("link", { name: lang === "ar" ? "حاول مجدداً" : "Try again" }).click();
      await page.getByTestId("category-tile").first().waitFor();
      // a change of language asks the worker for the offline page again, now in the new language
      await context.addCookies([{ name: "language", value: lang === "en" ? "ar" : "en", url: b.baseURL }]);
      await page.reload();
      await hydrated(page);
      await expect.poll(() => offlineFetches.length).toBe(2);
      await context.close();
    });
  }
});

describe("offline after an in-app tap", () => {
  for (const lang of ["ar", "en"] as const) {
    it(
      `a category tile tapped offline shows the offline page at the tile's address; "Try again" back online ` +
        `opens that category (${lang})`,
      async () => {
        const { context, page } = await b.phone({ lang });
        await page.goto("/");
        await hydrated(page);
        await offlinePageCached(page);
        await context.setOffline(true);
        const tile = page.getByTestId("category-tile").first();
        const href = (await tile.getAttribute("href"))!;
        await tile.click();
        await expect.poll(() => page.locator("h1").innerText()).toBe(OFFLINE[lang]);
        // the address is the tapped page, not the one left
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
        await context.setOffline(false);
        await page.getByRole("link", { name: lang === "ar" ? "حاول مجدداً" : "Try again" }).click();
        await page.getByTestId("search-results").waitFor();
        expect(new URL(page.url()).search).toContain("category=");
        await context.close();
      },
    );
  }
});

describe("the install banner (SPEC section 4)", () => {
  it("is hidden by default and appears when the browser offers to install; Later hides it for good", async () => {
    const { context, page } = await b.phone({ lang: "ku" });
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByTestId("install-banner");
    expect(await banner.count()).toBe(0);
    await offerInstall(page, "accepted");
    await banner.waitFor();
    expect(await banner.getByRole("heading").innerText()).toBe(TITLE.ku);
    await b.noSidewaysScroll(page);
    await b.screenshot(page, "install-banner-ku");
    await banner.getByRole("button", { name: "دواتر" }).click();
    expect(await banner.count()).toBe(0);
    expect(await dismissedFlag(page)).toBe("true");
    await page.reload();
    await hydrated(page);
    await offerInstall(page, "accepted");
    await page.waitForTimeout(200);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it(
    "Install runs the browser's prompt; an accepted prompt " + "stores no flag, a dismissed one does; close stores it",
    async () => {
      const { context, page } = await b.phone({ lang: "en" });
      await page.goto("/");
      await hydrated(page);
      const banner = page.getByTestId("install-banner");

      await offerInstall(page, "accepted");
      await banner.getByRole("button", { name: "Install" }).click();
      expect(await banner.count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__prompted)).toBe(true);
      expect(await dismissedFlag(page)).toBeNull();

      await offerInstall(page, "dismissed");
      await banner.getByRole("button", { name: "Install" }).click();
      await expect.poll(() => dismissedFlag(page)).toBe("true");
      expect(await banner.count()).toBe(0);

      await page.evaluate(() => localStorage.removeItem("pwa-install-dismissed"));
      await page.reload();
      await hydrated(page);
      await offerInstall(page, "accepted");
      await banner.getByRole("button", { name: "Close" }).click();
      expect(await banner.count()).toBe(0);
      expect(await dismissedFlag(page)).toBe("true");
      await context.close();
    },
  );

  it("is not shown when the app already runs standalone", async () => {
    const { context, page } = await b.phone();
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes("display-mode: standalone") ? ({ matches: true, media: q } as MediaQueryList) : real(q);
    });
    await page.goto("/");
    await hydrated(page);
    await offerInstall(page, "accepted");
    await page.waitForTimeout(200);
    expect(await page.getByTestId("install-banner").count()).toBe(0);
    await context.close();
  });

  it("on iOS it appears 3 seconds after load with the share → 'Add to Home Screen' text (ar)", async () => {
    const context = await b.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
        "Version/18.0 Mobile/15E148 Safari/604.1",
      baseURL: b.baseURL,
    });
    await context.addCookies([{ name: "language", value: "ar", url: b.baseURL }]);
    const page = await context.newPage();
    // time stands still from before the page loads: only runFor moves it
    await page.clock.install({ time: new Date("2026-11-23T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-11-23T09:00:01Z"));
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByTestId("install-banner");
    await page.clock.runFor(2_900);
    expect(await banner.count()).toBe(0);
    await page.clock.runFor(200);
    await banner.waitFor();
    expect(await banner.getByRole("heading").innerText()).toBe(TITLE.ar);
    expect(await banner.innerText()).toContain("«إضافة إلى الشاشة الرئيسية»");
    // iOS has no install prompt to run: only Later and close
    expect(await banner.getByRole("button", { name: "تثبيت" }).count()).toBe(0);
    await b.screenshot(page, "install-banner-ios-ar");
    await banner.getByRole("button", { name: "إغلاق" }).click();
    expect(await dismissedFlag(page)).toBe("true");
    await context.close();
  });
});
