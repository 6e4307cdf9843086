import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInAt, useBrowser } from "./browser";
import { normalizeDigits } from "../../domain/text/normalize";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startChannelStandins } from "../../scripts/channel-standins.mjs";

const b = useBrowser();

/** Types a message into one of the console's phones and waits until the bot's answer to it shows. */
async function say(page: Page, phone: "customer" | "provider", text: string, expectInReply: string | RegExp) {
  const log = page.getByTestId(`${phone}-log`);
  const before = await log.locator(".bot").count();
  await page.getByTestId(`${phone}-input`).fill(text);
  await page.getByTestId(`${phone}-send`).click();
  try {
    // an answer is a webhook, a bot turn and an outbox delivery to the stand-in: 20 s on a loaded two-core machine
    // (a clean-clone run at load ~3 missed one at 10 s, a day's booking summary)
    await expect.poll(async () => (await log.locator(".bot").count()) > before, { timeout: 20_000 }).toBe(true);
  } catch (e) {
    await b.screenshot(page, `bot-console-stuck-${phone}`);
    throw new Error(`no answer to "${text}"; the ${phone} phone shows:\n${await log.innerText()}`);
  }
  const last = log.locator(".bot").last();
  await expect.poll(() => last.innerText(), { timeout: 10_000 }).toMatch(expectInReply);
  return last.innerText();
}

/** Taps a Telegram inline button (by its callback data) on one of the console's phones and waits for the answer. */
async function tap(page: Page, phone: "customer" | "provider", action: string, expectInReply: string | RegExp) {
  const log = page.getByTestId(`${phone}-log`);
  const before = await log.locator(".bot").count();
  await log.locator(`button[data-action="${action}"]`).last().click();
  await expect.poll(async () => (await log.locator(".bot").count()) > before, { timeout: 20_000 }).toBe(true);
  const last = log.locator(".bot").last();
  await expect.poll(() => last.innerText(), { timeout: 10_000 }).toMatch(expectInReply);
  return last.innerText();
}

/** The number of the choice whose line contains `label` in a numbered WhatsApp reply. */
const choice = (reply: string, label: string) =>
  reply
    .split("\n")
    .find((l) => l.includes(label))!
    .match(/^([\d\u0660-\u0669]+)\./)![1];

describe("the local bot console", () => {
  it(
    "in Arabic: a customer books through WhatsApp, the provider accepts on Telegram, and the customer's web page " +
      "shows it accepted",
    async () => {
      const { page } = await b.phone();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await page.goto("/dev/bot");
      await page.waitForFunction(() => document.body.dataset.ready === "1");
      // this run's stand-ins answer (on free ports, passed to the Worker): no warning
      await expect.poll(() => page.getByTestId("standins-down").isHidden()).toBe(true);

      // the provider's phone is on Telegram: it starts the bot, chooses
      // Arabic, and shares its own contact (the demo provider's number)
      await page.locator('[data-phone="provider"] [data-field="channel"]').selectOption("telegram");
      await page.locator('[data-phone="provider"] [data-field="id"]').fill("880001");
      await page.locator('[data-phone="provider"] [data-field="id"]').dispatchEvent("change");
      await say(page, "provider", "/start", /العربية/);
      await tap(page, "provider", "l:ar", /ماذا تريد/);
      await page.locator('[data-phone="provider"] [data-tool="contact"]').click();
      await expect
        .poll(() => page.getByTestId("provider-log").innerText(), { timeout: 10_000 })
        .toMatch(/تم ربط حسابك/);
      // linked to a provider's account: the provider's own menu (requests, busy today), in the account's language
      await expect
        .poll(() => page.getByTestId("provider-log").locator("button[data-action='pb']").count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await tap(page, "provider", "L", /العربية/);
      await tap(page, "provider", "l:ar", /ماذا تريد/);

      // the customer is the demo customer's WhatsApp number, in Arabic
      await page.locator('[data-phone="customer"] [data-field="id"]').fill("+9647700000002");
      await page.locator('[data-phone="customer"] [data-field="id"]').dispatchEvent("change");
      const menu = await say(page, "customer", "0", /[1١]\. /);
      // (the menu is in the demo customer's account language, whichever it is now: the globe picks the language button)
      const languages = await say(page, "customer", choice(menu, "🌐"), /العربية/);
      await say(page, "customer", choice(languages, "العربية"), /ماذا تريد/);
      // the demo listing is named in Arabic script for an Arabic reader
      const results = await say(page, "customer", "فني شبكات العمارة", /علي للخدمات/);
      expect(results).not.toContain("Ali Provider");
      const details = await say(page, "customer", choice(results, "علي للخدمات"), /احجز/);
      await say(page, "customer", choice(details, "احجز"), /صف الخدمة/);
      await say(page, "customer", "الراوتر ما يشتغل ويحتاج إعداد من جديد", /مقدّ?م الخدمة/);
      const day = await say(page, "customer", "حي الحسين، زقاق 12", /أي يوم/);
      // one tap names the day and the time of day; urgency is normal unless raised on the summary
      const summary = await say(page, "customer", choice(day, "غداً"), /راجع حجزك/);
      expect(summary).toContain("الراوتر ما يشتغل");
      const booked = await say(page, "customer", choice(summary, "تأكيد"), /أُرسل الحجز/);
      // the booking number is in the reader's digits (Arabic-Indic, ADR 013)
      const id = normalizeDigits(booked).match(/(\d+)/)![1];
      await b.noSidewaysScroll(page);

      // the alert reaches the provider's Telegram through the outbox:
      // number, first name, area, and answers that name the booking
      const log = page.getByTestId("provider-log");
      await expect.poll(() => log.innerText(), { timeout: 30_000 }).toMatch(/طلب حجز جديد رقم/);
      const alert = normalizeDigits(await log.locator(".bot").last().innerText());
      expect(alert).toContain(`#${id}`);
      expect(alert).toContain("حي الحسين، زقاق 12");
      await b.screenshot(page, "bot-console-ar-alert");
      await tap(page, "provider", `booking:accept:${id}`, /مقبول/);
      await b.screenshot(page, "bot-console-ar-accepted");

      // a photo from the console's customer phone reaches the bot through the stand-in's media store; outside a
      // conversation the bot says where photos go, in Arabic, rather than nothing
      const customerLog = page.getByTestId("customer-log");
      const answers = await customerLog.locator(".bot").count();
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      );
      await page
        .getByTestId("customer-photo-file")
        .setInputFiles({ name: "sink.png", mimeType: "image/png", buffer: png });
      await expect
        .poll(async () => (await customerLog.locator(".bot").count()) > answers, { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => customerLog.innerText(), { timeout: 10_000 }).toContain("الصور تُرسل داخل محادثة");

      const customer = await b.phone();
      await signedInAt(customer.page, "07700000002", "dalil-customer-demo", "/bookings");
      const card = customer.page.getByTestId("booking-card").filter({ hasText: "الراوتر ما يشتغل" }).first();
      expect(await card.getByTestId("booking-status").innerText()).toBe("Accepted");
    },
    90_000,
  );

  it("the console's API refuses cross-site posts (same-origin rule) and serves only in development", async () => {
    const { page } = await b.phone();
    const res = await page.request.post("/dev/bot/send", {
      headers: { Origin: "https://evil.example" },
      data: { as: "whatsapp", id: "+9647501234567", kind: "text", text: "hi" },
    });
    expect(res.status()).toBe(403);
  });
});

describe("the WhatsApp content script", () => {
  it(
    "creates the ten choice templates and the fourteen approved ones on a Content API, asks approval for the " +
      "latter, and prints a wrangler line per SID",
    async () => {
      const standins = await startChannelStandins({ telegramPort: 0, twilioPort: 0, quiet: true });
      try {
        const { stdout } = await promisify(execFile)(
          "node",
          ["scripts/whatsapp-content.mjs", "--submit", "--base", `http://127.0.0.1:${standins.twilioPort}`],
          {
            env: { ...process.env, TWILIO_ACCOUNT_SID: "ACtest", TWILIO_AUTH_TOKEN: "token" },
          },
        );
        const lines = stdout.trim().split("\n");
        expect(lines).toHaveLength(24);
        for (const name of ["QUICK_1", "QUICK_3", "LIST_4", "LIST_10"])
          expect(
            lines.some(
              (l) => /^echo HX\w{32} \| npx wrangler secret put /.test(l) && l.endsWith(`TWILIO_CONTENT_${name}`),
            ),
          ).toBe(true);
        // the reminders and the review's ask (ADR 043) among them
        for (const name of [
          "CODE_AR",
          "BOOKING_EN",
          "CHAT_AR",
          "UPDATE_EN",
          "REMINDER_CUSTOMER_AR",
          "REMINDER_PROVIDER_EN",
          "REVIEW_AR",
        ])
          expect(lines.some((l) => l.endsWith(`TWILIO_TEMPLATE_${name}`))).toBe(true);
        const sent = (await (await fetch(`http://127.0.0.1:${standins.twilioPort}/__sent?since=0`)).json()) as {
          method: string;
          payload: Record<string, unknown>;
        }[];
        const created = sent
          .filter((s) => s.method === "Content")
          .map(
            (s) =>
              s.payload as { friendly_name: string; types: Record<string, { actions?: unknown[]; items?: unknown[] }> },
          );
        // a list of seven has seven rows whose titles and ids are variables
        const list7 = created.find((c) => c.friendly_name === "dalil_list_7")!;
        expect(list7.types["twilio/list-picker"].items).toHaveLength(7);
        expect(created.find((c) => c.friendly_name === "dalil_quick_2")!.types["twilio/quick-reply"].actions).toEqual([
          { title: "{{2}}", id: "{{3}}" },
          { title: "{{4}}", id: "{{5}}" },
        ]);
        // only the templates for outside the window are submitted to WhatsApp
        expect(sent.filter((s) => s.method === "ApprovalRequests")).toHaveLength(14);
      } finally {
        await standins.close();
      }
    },
  );
});
