import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, signedInAt, useBrowser } from "./browser";

const b = useBrowser();

/** Signed in through the API on `landing` (the form is driven in accounts.test.ts; here it is only the way in). */
async function signInTo(page: Page, who: "provider" | "customer", landing: string) {
  const accounts = {
    customer: ["07700000002", "dalil-customer-demo"],
    provider: ["07700000003", "dalil-provider-demo"],
  } as const;
  await signedInAt(page, accounts[who][0], accounts[who][1], landing);
}

/** Arabic-Indic digits of a number as the page writes it ("٧٬٥٠٠"). */
const arabic = (n: number) =>
  n
    .toLocaleString("en-US")
    .replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)))
    .replace(/,/g, "\u066c");

describe("money the way Iraqis pay", () => {
  it(
    "in Arabic at 390 px: a provider pays a month with ZainCash (PIN, OTP), a customer pays a deposit with Qi " +
      "Card (3-D Secure), the provider declines and both see it returned",
    async () => {
      const provider = await b.phone({ lang: "ar" });
      await provider.page.setViewportSize({ width: 390, height: 844 });
      await signInTo(provider.page, "provider", "/dashboard/billing");
      await expect.poll(() => provider.page.getByTestId("plan-state").textContent()).toContain("ليس لديك اشتراك");
      await b.noSidewaysScroll(provider.page);
      await b.screenshot(provider.page, "payments-billing-ar");
      // the month on ZainCash's own page: wallet, PIN, then the code its SMS carries
      // on a loaded machine the gateway's page may take a while: the click and the wait are one step
      await Promise.all([
        provider.page.waitForURL(/\/pay\//, { timeout: 60_000 }),
        provider.page.locator("[data-testid=plan] [data-testid=pay-zaincash]").click(),
      ]);
      await provider.page.fill("input[name=phone]", "07801234567");
      await provider.page.fill("input[name=pin]", "1234");
      await provider.page.locator("form.card button").click();
      await provider.page.fill("input[name=otp]", "1111");
      await provider.page.locator("form.card button").click();
      await provider.page.waitForURL(/\/payments\/\d+/);
      await hydrated(provider.page);
      await expect
        .poll(() => provider.page.getByTestId("payment-status").textContent(), { timeout: 15_000 })
        .toBe("تم الدفع");
      await b.screenshot(provider.page, "payments-paid-ar");
      // with the month running, the provider asks a deposit
      await provider.page.goto("/dashboard/billing");
      await hydrated(provider.page);
      await expect.poll(() => provider.page.getByTestId("plan-state").textContent()).toContain("سارٍ حتى");
      await provider.page.fill("[data-testid=deposit-form] input[name=amount]", "7500");
      await provider.page.locator("[data-testid=deposit-form] button[type=submit]").click();
      await expect
        .poll(() => provider.page.locator("[data-testid=deposit-form] input[name=amount]").inputValue())
        .toBe("7500");

      // the customer books it and sees the deposit said before
      // booking, then pays it with a card and its 3-D Secure code
      const customer = await b.phone({ lang: "ar" });
      await customer.page.setViewportSize({ width: 390, height: 844 });
      await signInTo(customer.page, "customer", "/book/1");
      await expect.poll(() => customer.page.getByTestId("deposit-terms").textContent()).toContain(arabic(7_500));
      const tomorrow = new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
      const made = await customer.page.request.post("/api/bookings", {
        data: {
          providerId: 1,
          serviceDescription: "المكيف يطلع هوا حار",
          customerLocation: "الكرادة، شارع ٦٢",
          customerPhone: "+9647700000002",
          preferredDate: tomorrow,
          preferredTime: "evening",
          urgency: "normal",
        },
        headers: { Origin: b.baseURL },
      });
      expect(made.status()).toBe(201);
      const { id } = (await made.json()) as { id: number };
      await customer.page.goto("/bookings");
      await hydrated(customer.page);
      // the demo customer may hold other bookings from other journeys: this booking's own card
      const card = customer.page.locator(`#booking-${id}`).getByTestId("deposit-pay");
      await expect.poll(() => card.textContent()).toContain(arabic(7_500));
      await b.noSidewaysScroll(customer.page);
      await b.screenshot(customer.page, "payments-deposit-ar");
      await Promise.all([
        customer.page.waitForURL(/\/pay/, { timeout: 60_000 }),
        card.getByTestId("pay-qicard").click(),
      ]);
      await customer.page.fill("input[name=card]", "4111111111111111");
      await customer.page.fill("input[name=expiry]", "12/29");
      await customer.page.fill("input[name=cvv]", "123");
      await customer.page.locator("form.card button").click();
      await customer.page.fill("input[name=otp]", "123456");
      await customer.page.locator("form.card button").click();
      await customer.page.waitForURL(/\/payments\/\d+/);
      await hydrated(customer.page);
      await expect
        .poll(() => customer.page.getByTestId("payment-status").textContent(), { timeout: 15_000 })
        .toBe("تم الدفع");

      // the provider declines; the sweep gives the deposit back by itself, and both sides see it
      expect(
        (await provider.page.request.post(`/api/bookings/${id}/decline`, { headers: { Origin: b.baseURL } })).status(),
      ).toBe(200);
      expect((await provider.page.request.post("/dev/scheduler", { headers: { Origin: b.baseURL } })).status()).toBe(
        200,
      );
      await customer.page.goto("/bookings");
      await hydrated(customer.page);
      await expect
        .poll(() => customer.page.locator(`#booking-${id}`).getByTestId("deposit-state").textContent())
        .toContain("أُعيد العربون");
      await provider.page.goto("/notifications");
      await hydrated(provider.page);
      await expect.poll(() => provider.page.locator("body").textContent()).toContain("أُعيد العربون");
      await b.screenshot(customer.page, "payments-returned-ar");
    },
  );
});
