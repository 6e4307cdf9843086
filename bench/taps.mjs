// Taps on a slow phone before the page is ready: a cold visit to `/` under Chromium's throttling (1.6 Mbps down, 150 ms
// RTT, CPU 4× slower), a tap on a header control the moment the page has painted, and the time until the person sees it
// answered. Used by `npm run bench:taps` (20 taps per control) and by tests/browser/taps.test.ts (a few, as a check).
//   npm run bench:taps [-- --runs 20 --base http://127.0.0.1:8787]
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { flag, withDemoApp } from "./lib.mjs";

export const SLOW_PHONE = {
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (750e3 / 8) | 0,
  cpu: 4,
};

/** Each control: who must be signed in, what to tap, and what the person sees when the tap was taken. */
export const CONTROLS = {
  // the language choice opens (a native <details>): the tap is answered when the three languages show
  language: {
    signedIn: false,
    tap: '[data-testid="language-toggle"]',
    answered: (page) =>
      page.evaluate(() => Boolean(document.querySelector('[data-testid="language-menu"]')?.hasAttribute("open"))),
  },
  menu: {
    signedIn: true,
    tap: "header details > summary",
    answered: (page) => page.evaluate(() => Boolean(document.querySelector("header details[open]"))),
  },
  bell: {
    signedIn: true,
    tap: '[data-testid="notification-bell"]',
    answered: (page) =>
      page.evaluate(
        () =>
          location.pathname === "/notifications" ||
          Boolean(document.querySelector('[data-testid="notification-panel"]')),
      ),
  },
  search: {
    signedIn: false,
    tap: '[data-testid="hero-search-submit"]',
    answered: (page) => page.evaluate(() => location.pathname === "/search"),
  },
  category: {
    signedIn: false,
    tap: 'a[href^="/search?category="]',
    answered: (page) => page.evaluate(() => location.pathname === "/search"),
  },
};

/**
 * One cold visit and one early tap. Returns whether it was answered, whether the page had hydrated when it was
 * tapped, and the milliseconds from the tap to the answer on screen.
 */
export async function earlyTap(browser, base, name, { lang = "en", timeout = 20_000 } = {}) {
  const control = CONTROLS[name];
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    serviceWorkers: "block",
  });
  try {
    await context.addCookies([{ name: "language", value: lang, url: base }]);
    if (control.signedIn) {
      const res = await context.request.post("/api/auth/login", {
        data: { phone: "07700000002", password: "dalil-customer-demo" },
        headers: { Origin: base },
      });
      if (!res.ok()) throw new Error(`demo customer sign-in failed: ${res.status()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latency,
      downloadThroughput: SLOW_PHONE.downloadThroughput,
      uploadThroughput: SLOW_PHONE.uploadThroughput,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpu });
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
      polling: 16,
      timeout,
    });
    const before = await page.evaluate(() => ({ lang: document.documentElement.lang }));
    const hydratedAtTap = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
    const t0 = Date.now();
    await page.locator(control.tap).first().click({ timeout });
    let answered = false;
    while (Date.now() - t0 < timeout) {
      if (await control.answered(page, before).catch(() => false)) {
        answered = true;
        break;
      }
      await page.waitForTimeout(25);
    }
    return { control: name, answered, hydratedAtTap, ms: answered ? Date.now() - t0 : null };
  } finally {
    await context.close();
  }
}

/** `runs` early taps per control; one row per control. */
export async function tapsBench({ base, runs = 20, controls = Object.keys(CONTROLS) }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  try {
    for (const name of controls) {
      const taps = [];
      for (let i = 0; i < runs; i++) taps.push(await earlyTap(browser, base, name));
      const ms = taps
        .filter((t) => t.answered)
        .map((t) => t.ms)
        .sort((a, b) => a - b);
      rows.push({
        control: name,
        answered: `${ms.length}/${runs}`,
        "before hydration": taps.filter((t) => !t.hydratedAtTap).length,
        "tap → seen p50 ms": ms.length ? ms[Math.floor(ms.length / 2)] : "",
        "p90 ms": ms.length ? ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.9))] : "",
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await withDemoApp(async (base) => {
    console.log(
      `early taps on a throttled phone (${((SLOW_PHONE.downloadThroughput * 8) / 1e6).toFixed(1)} ` +
        `Mbps, ${SLOW_PHONE.latency} ms RTT, CPU ${SLOW_PHONE.cpu}× slower), cold cache, tapped at first paint:`,
    );
    console.table(await tapsBench({ base, runs: Number(flag("runs", "20")) }));
  });
}
