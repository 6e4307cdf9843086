import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

/**
 * This file's app: the browser suite runs files side by side, each worker against its own server and data
 * (global-setup.ts), chosen by vitest's pool id.
 */
export function server(): { baseURL: string; twilioStandin: string } {
  const all = inject("servers");
  return all[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % all.length];
}

/** Waits until React has hydrated the page (root sets data-hydrated). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/**
 * Waits until the app's router has nothing in flight (a submission and its reload came back); true at once without it.
 */
export const routerIdle = (page: Page) =>
  page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } })
      .__remixRouter;
    return !router || router.state.navigation.state === "idle";
  });

/** Signs in through the real login form and waits to land on `landing`. */
export async function signIn(page: Page, phone: string, password: string, landing = "/") {
  if (!page.url().includes("/login")) await page.goto("/login");
  await hydrated(page);
  await page.fill("#field-phone", phone);
  await page.fill("#field-password", password);
  await page.click("button[type=submit]");
  await page.waitForURL((u) => u.pathname === landing);
}

/**
 * Signs the page's context in through the API, as the login form's action does: for journeys whose subject comes
 * after the sign-in. `signIn` drives the form itself where it is the journey (a redirect back, a wrong password, a
 * second device); this saves the login page's load, its hydration and the typing.
 */
export async function signInByApi(page: Page, phone: string, password: string) {
  const res = await page.request.post("/api/auth/login", {
    data: { phone, password },
    headers: { Origin: server().baseURL },
  });
  if (res.status() !== 200) throw new Error(`sign-in as ${phone} failed: ${res.status()} ${await res.text()}`);
}

/** Signed in through the API (`signInByApi`), on `landing`, hydrated. */
export async function signedInAt(page: Page, phone: string, password: string, landing = "/") {
  await signInByApi(page, phone, password);
  await page.goto(landing);
  await hydrated(page);
}

/** Fills the real registration form (provider fields when given) and submits it; waits for the landing page. */
export async function registerInBrowser(
  page: Page,
  user: { name: string; phone: string; password: string; provider?: { jobTitle: string; location: string } },
) {
  await page.goto(user.provider ? "/register?type=provider" : "/register");
  await hydrated(page);
  // the provider's door comes with its account type already chosen
  if (user.provider) expect(await page.getByTestId("usertype-provider").isChecked()).toBe(true);
  await page.fill("#field-name", user.name);
  await page.fill("#field-phone", user.phone);
  await page.fill("#field-password", user.password);
  await page.fill("#field-confirmPassword", user.password);
  if (user.provider) {
    await page.fill("#field-jobTitle", user.provider.jobTitle);
    await page.fill("#field-location", user.provider.location);
  }
  await page.click("button[type=submit]");
  await page.waitForURL((u) => u.pathname === (user.provider ? "/provider-application" : "/"));
  // the URL changes before the new page renders, and the register form has fields with the same ids
  if (user.provider) await page.getByTestId("application-form").waitFor();
  else await page.locator("#field-confirmPassword").waitFor({ state: "detached" });
}

/** What has the focus (its id, else its data-testid) and whether it is on screen. */
/**
 * Waits for a submitted form to land on `pathname`; when it does not, the failure says what the page
 * showed instead (its alerts, the fields in error, a code prompt) and keeps a screenshot, so a failure in
 * CI can be read without running it again.
 */
export async function landsOn(page: Page, pathname: string, timeout = 20_000) {
  try {
    await page.waitForURL((u) => u.pathname === pathname, { timeout });
  } catch (e) {
    const shown = await page
      .evaluate(() =>
        Array.from(document.querySelectorAll("[role=alert], [data-testid^=error-], [data-testid*=code]"))
          .map(
            (el) =>
              `${el.getAttribute("data-testid") ?? el.getAttribute("role")}: ${(el as HTMLElement).innerText.trim()}`,
          )
          .filter((line) => !line.endsWith(": ")),
      )
      .catch(() => [] as string[]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page
      .screenshot({ path: join(SCREENSHOTS, `did-not-land-${pathname.replace(/\W+/g, "-")}.png`), fullPage: true })
      .catch(() => {});
    throw new Error(
      `expected to land on ${pathname}, still on ${page.url()}; the page ` +
        `shows: ${shown.join(" | ") || "no alert or field error"}`,
      { cause: e },
    );
  }
}

export const focusSeen = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { focus: "body", onScreen: false };
    const r = el.getBoundingClientRect();
    return { focus: el.id || el.dataset.testid || el.tagName, onScreen: r.bottom > 0 && r.top < innerHeight };
  });

export const SCREENSHOTS = join(process.cwd(), "test-results", "screenshots");

/**
 * The screens' pictures are for a person to look at (a page in ar and ku at 360 px, ADR 004); no test reads them, and a
 * full-page picture of a tall page costs the renderer about a second (30 of them were a fifth of the onboarding file).
 * So they are taken when a developer runs browser files (`npx vitest run --project browser tests/browser/<file>`), not
 * under `CI` (`npm test` sets it for its runs, scripts/lib.mjs, as CI machines do): `SCREENSHOTS=1` takes them
 * anywhere, `SCREENSHOTS=0` nowhere (ADR 066). The picture of a page that failed to land is always taken (`landsOn`).
 */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== "0" : !process.env.CI;

/** The flags every chromium of the suite starts with. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * One chromium for all the files a browser worker runs (the project runs its files in one process, vitest.config.ts:
 * `isolate: false`): a launch cost about a second of two busy cores per file. Relaunched if a file left it dead.
 */
let shared: Promise<Browser> | null = null;
const launchChromium = (extra: string[]) =>
  chromium.launch({ executablePath: inject("chromiumPath"), args: [...CHROMIUM_FLAGS, ...extra] });

/**
 * A headless Debian chromium for the test file, with a phone-sized context per test. `args` adds launch flags, made
 * when the browser starts (the voice test's fake microphone names a WAV it writes then): such a file gets a chromium
 * of its own. Otherwise the worker's chromium is shared, and every context the file opened is closed after it, so
 * no page of one file (a socket, a timer) runs on into the next.
 */
export function useBrowser(launch: { args?: () => string[] } = {}) {
  let browser: Browser;
  const state = {
    get browser() {
      return browser;
    },
    baseURL: server().baseURL,
    async phone(
      opts: { lang?: "en" | "ar" | "ku"; javaScriptEnabled?: boolean; permissions?: string[] } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({
        viewport: { width: 360, height: 800 },
        deviceScaleFactor: 1,
        baseURL: server().baseURL,
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
        ...(opts.permissions ? { permissions: opts.permissions } : {}),
      });
      // every context states its language (English unless asked): a signed-in request that states none is
      // answered in the account's language, which other tests may have changed (ADR 025)
      await context.addCookies([{ name: "language", value: opts.lang ?? "en", url: server().baseURL }]);
      const page = await context.newPage();
      return { context, page };
    },
    /** Nothing may stick out sideways on a 360 px phone (a common RTL breakage). */
    async noSidewaysScroll(page: Page) {
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      if (scroll > width) throw new Error(`page is ${scroll}px wide on a ${width}px screen: ${page.url()}`);
    },
    /** The whole page as a 360 px phone lays it out (its top is the first screen), or the screen only. */
    async screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
      if (!TAKE_SCREENSHOTS) return;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
    },
  };
  beforeAll(async () => {
    if (launch.args) {
      browser = await launchChromium(launch.args());
      return;
    }
    shared ??= launchChromium([]);
    browser = await shared;
    if (!browser.isConnected()) browser = await (shared = launchChromium([]));
  });
  afterAll(async () => {
    if (launch.args) await browser?.close();
    else await Promise.all((browser?.contexts() ?? []).map((c) => c.close().catch(() => {})));
  });
  return state;
}

/**
 * The newest verification code queued for a phone (E.164), read from the outbox table of the running
 * app's local D1 (what the person would read in WhatsApp, Telegram or the server log).
 */
export async function lastCodeFromOutbox(phone: string): Promise<string> {
  // the local-only console route reads the outbox row (a wrangler d1 process per code cost ~2 s)
  const res = await fetch(`${server().baseURL}/dev/bot/code?to=${encodeURIComponent(phone)}`);
  if (res.status !== 200)
    throw new Error(`no verification code was queued for ${phone}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** Proves the signed-in page's phone (local form, e.g. 0770…) through the real code flow, as a person would. */
export async function verifyPhoneOf(page: Page, localPhone: string) {
  const sent = await page.request.post("/api/auth/send-code", {
    data: {},
    headers: { Origin: new URL(page.url()).origin },
  });
  if (sent.status() !== 200) throw new Error(`send-code failed: ${sent.status()} ${await sent.text()}`);
  const code = await lastCodeFromOutbox("+964" + localPhone.replace(/\D/g, "").replace(/^0/, ""));
  const res = await page.request.post("/api/auth/verify-phone", {
    data: { verificationCode: code },
    headers: { Origin: new URL(page.url()).origin },
  });
  if (res.status() !== 200) throw new Error(`verify-phone failed: ${res.status()} ${await res.text()}`);
}

const TWILIO_STANDIN = () => server().twilioStandin;
type StandinCall = { seq: number; payload: Record<string, string> };

/** The Twilio stand-in's newest sequence number: codes sent after it are new. */
export async function standinSeq(): Promise<number> {
  const sent = (await (await fetch(`${TWILIO_STANDIN()}/__sent`)).json()) as StandinCall[];
  return sent.reduce((max, s) => Math.max(max, s.seq), 0);
}

/**
 * The newest code a phone received through the Twilio stand-in after `since`: the WhatsApp authentication template's
 * variable, or a 12-digit code (or a 15-character reset code) in a WhatsApp text or SMS — what the person would read
 * (ADR 022).
 */
export async function codeFromStandin(phone: string, since: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const sent = (await (await fetch(`${TWILIO_STANDIN()}/__sent?since=${since}`)).json()) as StandinCall[];
    const mine = sent.filter((s) => s.payload.To === `whatsapp:${phone}` || s.payload.To === phone).at(-1);
    const code = mine?.payload.ContentVariables
      ? (JSON.parse(mine.payload.ContentVariables) as Record<string, string>)["1"]
      : mine?.payload.Body?.match(/\d{4} \d{4} \d{4}|\b[0-9A-Z]{15}\b/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code reached ${phone} through the Twilio stand-in`);
}
