import axe from "axe-core";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { hydrated, signIn, useBrowser } from "./browser";

/**
 * axe-core on every route a person reaches, in en and ar (and ku for the key public pages), signed out and
 * signed in as customer, provider and admin, including the states reached by using the page (menus and
 * panels open, forms with errors). Fails on any serious or critical violation, and on the structure rules
 * the issue names (heading order, one h1, landmarks), printing rule, impact, target and page.
 *
 * One browser context per language and role, reused across its routes: the whole file stays fast.
 */
const b = useBrowser();

type Lang = "en" | "ar" | "ku";
interface Found {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Structure rules that axe rates "moderate" but the issue asks for. */
const ALSO_FAIL = new Set(["heading-order", "page-has-heading-one", "landmark-unique", "landmark-complementary-is-top-level", "landmark-one-main", "landmark-no-duplicate-main", "region"]);

const found: Found[] = [];
let audited = 0;

async function audit(page: Page, label: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof import("axe-core") };
    const res = await w.axe.run(document, { resultTypes: ["violations"] });
    return res.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? "",
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
      summary: v.nodes[0]?.failureSummary?.split("\n").slice(0, 2).join(" ") ?? v.help,
    }));
  });
  audited++;
  for (const v of violations) {
    if (v.impact === "serious" || v.impact === "critical" || ALSO_FAIL.has(v.rule)) found.push({ page: label, ...v });
  }
}

/** Loads a path, waits for React, audits it; returns the page for further states. */
async function visit(page: Page, scope: string, path: string, ready?: string) {
  await page.goto(path);
  await hydrated(page);
  if (ready) await page.locator(ready).first().waitFor();
  await audit(page, `${scope} ${path}`);
}

/** A 360 px phone in one language; the page's CSP is bypassed only so the test can inject axe. */
async function context(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await b.browser.newContext({ viewport: { width: 360, height: 800 }, baseURL: b.baseURL, bypassCSP: true });
  await ctx.addCookies([{ name: "language", value: lang, url: b.baseURL }]);
  return { context: ctx, page: await ctx.newPage() };
}

function report(scope: string) {
  const mine = found.filter((f) => f.page.startsWith(scope));
  const lines = mine.map((f) => `${f.page}  ${f.rule} (${f.impact})  ${f.targets.join(" | ")}  — ${f.summary}`);
  expect(lines, `axe violations:\n${lines.join("\n")}`).toEqual([]);
}

afterAll(() => {
  console.log(`axe: ${audited} page states audited, ${found.length} violations`);
});

const PUBLIC = ["/", "/search?search=electrician", "/search", "/provider/1", "/contact", "/privacy-policy", "/register?type=provider"];

describe("accessibility (axe)", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`signed out, ${lang}: public pages, forms with errors, 404`, async () => {
      const { context: ctx, page } = await context(lang);
      const scope = `${lang} guest`;
      for (const path of PUBLIC) await visit(page, scope, path);
      // the login and register forms, empty and then with their errors shown
      await visit(page, scope, "/login");
      await page.click("button[type=submit]");
      await page.locator("[role=alert], [aria-invalid=true]").first().waitFor();
      await audit(page, `${scope} /login (errors)`);
      await visit(page, scope, "/register");
      await page.click("button[type=submit]");
      await page.locator("[role=alert], [aria-invalid=true]").first().waitFor();
      await audit(page, `${scope} /register (errors)`);
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await audit(page, `${scope} /no-such-page (404)`);
      await ctx.close();
      report(scope);
    });

    it(`customer, ${lang}: menus, bookings, booking form errors, chat, messages, requests, 403`, async () => {
      const { context: ctx, page } = await context(lang);
      await signIn(page, "07700000002", "dalil-customer-demo");
      await visit(page, `${lang} customer`, "/");
      await page.getByTestId("user-menu").click();
      await audit(page, `${lang} customer / (user menu open)`);
      await page.keyboard.press("Escape");
      await page.getByTestId("notification-bell").click();
      await page.getByTestId("notification-panel").waitFor();
      await audit(page, `${lang} customer / (notifications open)`);
      await page.keyboard.press("Escape");
      for (const path of ["/bookings", "/profile", "/requests", "/messages", "/provider/1"]) await visit(page, `${lang} customer`, path);
      await visit(page, `${lang} customer`, "/book/1", "form");
      await page.locator("form button[type=submit]").click();
      await page.locator("[role=alert]").first().waitFor();
      await audit(page, `${lang} customer /book/1 (errors)`);
      await visit(page, `${lang} customer`, "/requests/new", "form");
      await page.locator("main form button[type=submit]").click();
      await page.locator("[role=alert]").first().waitFor();
      await audit(page, `${lang} customer /requests/new (errors)`);
      await visit(page, `${lang} customer`, "/chat/1", "textarea, [data-testid=chat-panel]");
      // a conversation and a request of the customer's own, when the shared demo data has one
      await page.goto("/messages");
      const thread = await page.locator("main a[href^='/messages/']").first().getAttribute("href").catch(() => null);
      if (thread) await visit(page, `${lang} customer`, thread);
      await page.goto("/requests");
      const request = await page.locator("main a[href^='/requests/']:not([href='/requests/new'])").first().getAttribute("href", { timeout: 1000 }).catch(() => null);
      if (request) await visit(page, `${lang} customer`, request);
      const res = await page.goto("/admin");
      expect(res?.status()).toBe(403);
      await hydrated(page);
      await audit(page, `${lang} customer /admin (403)`);
      await ctx.close();
      report(`${lang} customer`);
    });

    it(`provider, ${lang}: dashboard, listing, bookings, messages`, async () => {
      const { context: ctx, page } = await context(lang);
      await signIn(page, "07700000003", "dalil-provider-demo");
      await page.getByTestId("user-menu").click();
      await audit(page, `${lang} provider / (user menu open)`);
      for (const path of ["/dashboard", "/dashboard/listing", "/bookings", "/messages", "/requests", "/profile"]) await visit(page, `${lang} provider`, path);
      await ctx.close();
      report(`${lang} provider`);
    });

    it(`admin, ${lang}: every admin tab`, async () => {
      const { context: ctx, page } = await context(lang);
      await signIn(page, "07700000001", "dalil-admin-demo");
      await page.getByTestId("user-menu").click();
      await audit(page, `${lang} admin / (user menu open)`);
      for (const tab of ["applications", "providers", "ads", "contact", "outbox"]) await visit(page, `${lang} admin`, `/admin?tab=${tab}`);
      await ctx.close();
      report(`${lang} admin`);
    });
  }

  it("signed out, ku: the key public pages", async () => {
    const { context: ctx, page } = await context("ku");
    for (const path of ["/", "/search?search=" + encodeURIComponent("کارەباچی"), "/provider/1", "/login", "/register"]) await visit(page, "ku guest", path);
    await ctx.close();
    report("ku guest");
  });
});
