import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, signIn, useBrowser } from "./browser";
import { normalizeDigits } from "../../domain/text/normalize";

const b = useBrowser();

/** Types a message into one of the console's phones and waits until the bot's answer to it shows. */
async function say(page: Page, phone: "customer" | "provider", text: string, expectInReply: string | RegExp) {
  const log = page.getByTestId(`${phone}-log`);
  const before = await log.locator(".bot").count();
  await page.getByTestId(`${phone}-input`).fill(text);
  await page.getByTestId(`${phone}-send`).click();
  try {
    await expect.poll(async () => (await log.locator(".bot").count()) > before, { timeout: 10_000 }).toBe(true);
  } catch (e) {
    await b.screenshot(page, `bot-console-stuck-${phone}`);
    throw new Error(`no answer to "${text}"; the ${phone} phone shows:\n${await log.innerText()}`);
  }
  const last = log.locator(".bot").last();
  await expect.poll(() => last.innerText(), { timeout: 10_000 }).toMatch(expectInReply);
  return last.innerText();
}

/** The number of the choice whose line contains `label` in a numbered WhatsApp reply. */
const choice = (reply: string, label: string) => reply.split("\n").find((l) => l.includes(label))!.match(/^(\d+)\./)![1];

describe("the local bot console", () => {
  it("a WhatsApp user searches in Kurdish and books; the provider's phone accepts; the web /bookings page shows it accepted", async () => {
    const { page } = await b.phone();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await page.goto("/dev/bot");
    await page.waitForFunction(() => document.body.dataset.ready === "1");
    // this run's stand-ins answer (on free ports, passed to the Worker): no warning
    await expect.poll(() => page.getByTestId("standins-down").isHidden()).toBe(true);
    // the provider writes to the bot first: opted in to alerts, inside WhatsApp's 24-hour window
    await say(page, "provider", "hi", /1\. /);
    // (the demo provider's account may read another language after earlier tests: the bot speaks the account's
    // language, ADR 025; this provider asks for English, as a person may type it)
    await say(page, "provider", "English", /What would you like to do/);

    // the customer is the demo customer's WhatsApp number
    await page.locator('[data-phone="customer"] [data-field="id"]').fill("+9647700000002");
    await page.locator('[data-phone="customer"] [data-field="id"]').dispatchEvent("change");
    const menu = await say(page, "customer", "0", /1\. /);
    // (the menu is in the demo customer's account language, whichever it is now: the globe picks the language button)
    const languages = await say(page, "customer", choice(menu, "🌐"), /کوردی/);
    await say(page, "customer", choice(languages, "کوردی"), /دەتەوێت چی بکەیت/);
    const results = await say(page, "customer", "تەکنیکاری تۆڕ عەمارە", /Ali Provider/);
    const details = await say(page, "customer", choice(results, "Ali Provider"), /کاتگرتن/);
    await say(page, "customer", choice(details, "کاتگرتن"), /باس بکە/);
    await say(page, "customer", "ڕاوتەری ئینتەرنێتەکە کار ناکات و پێویستی بە ڕێکخستنە", /ناونیشان/);
    const day = await say(page, "customer", "گەڕەکی ئازادی، کۆڵانی 12", /چ ڕۆژێک/);
    // one tap names the day and the time of day; urgency is normal unless raised on the summary (issue #20 item 2)
    const summary = await say(page, "customer", choice(day, "سبەینێ"), /بپشکنە/);
    expect(summary).toContain("ڕاوتەری ئینتەرنێتەکە");
    const booked = await say(page, "customer", choice(summary, "پشتڕاستکردنەوە"), /نێردرا/);
    // the booking number is in the reader's digits (Arabic-Indic in Sorani, ADR 013)
    const id = normalizeDigits(booked).match(/(\d+)/)![1];
    await b.noSidewaysScroll(page);
    await b.screenshot(page, "bot-console-ku");

    // the alert reaches the provider's phone through the outbox and the Twilio stand-in
    const log = page.getByTestId("provider-log");
    await expect.poll(() => log.innerText(), { timeout: 15_000 }).toContain("New booking request");
    const alert = await log.locator(".bot").last().innerText();
    expect(alert).toMatch(/1\. Accept/);
    await say(page, "provider", "1", new RegExp(`#${id}: Accepted`));
    await b.screenshot(page, "bot-console-accepted");

    const customer = await b.phone();
    await signIn(customer.page, "07700000002", "dalil-customer-demo");
    await customer.page.goto("/bookings");
    await hydrated(customer.page);
    const card = customer.page.getByTestId("booking-card").filter({ hasText: "ڕاوتەری ئینتەرنێتەکە" }).first();
    expect(await card.getByTestId("booking-status").innerText()).toBe("Accepted");
  }, 90_000);

  it("the console's API refuses cross-site posts (same-origin rule) and serves only in development", async () => {
    const { page } = await b.phone();
    const res = await page.request.post("/dev/bot/send", { headers: { Origin: "https://evil.example" }, data: { as: "whatsapp", id: "+9647501234567", kind: "text", text: "hi" } });
    expect(res.status()).toBe(403);
  });
});
