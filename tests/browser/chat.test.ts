import { describe, expect, it } from "vitest";
import { hydrated, signIn, useBrowser } from "./browser";
import { TINY_PNG_BASE64 } from "../images";

const b = useBrowser();

/** A fresh customer registered through the real API (so the demo customer's inbox stays as other tests expect). */
async function registeredCustomer(name: string) {
  const phone = `0750${String(Date.now()).slice(-7)}`;
  const password = "basra-palm-2026";
  const res = await fetch(`${b.baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: b.baseURL },
    body: JSON.stringify({ name, phone, password, confirmPassword: password, userType: "customer" }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return { phone, password };
}

describe("live chat between a customer (en) and a provider (ar)", () => {
  it("text and image arrive live, the provider answers from Messages, the bell counts one conversation, and going offline loses nothing", { timeout: 120_000 }, async () => {
    const provider = await b.phone({ lang: "ar" });
    await signIn(provider.page, "07700000003", "dalil-provider-demo");
    if (process.env.CHAT_STEPS) console.log("step 1", Date.now());
    await provider.page.goto("/messages");
    if (process.env.CHAT_STEPS) console.log("step 2", Date.now());
    await hydrated(provider.page);
    if (process.env.CHAT_STEPS) console.log("step 3", Date.now());
    const bell = provider.page.getByTestId("notification-bell");

    const customer = await b.phone({ lang: "en" });
    const page = customer.page;
    const me = await registeredCustomer("Layla Customer");
    // signed out: asked to sign in, and brought back to the same chat
    await page.goto("/search?search=Ali%20Provider");
    if (process.env.CHAT_STEPS) console.log("step 4", Date.now());
    await hydrated(page);
    if (process.env.CHAT_STEPS) console.log("step 5", Date.now());
    await page.getByTestId("provider-card").filter({ hasText: "Ali Provider" }).first().getByTestId("provider-link").click();
    if (process.env.CHAT_STEPS) console.log("step 6", Date.now());
    await page.waitForURL((u) => u.pathname.startsWith("/provider/"));
    if (process.env.CHAT_STEPS) console.log("step 7", Date.now());
    const providerPath = new URL(page.url()).pathname;
    await page.getByTestId("chat-signin").getByRole("link").click();
    await page.waitForURL((u) => u.pathname === "/login");
    if (process.env.CHAT_STEPS) console.log("step 8", Date.now());
    await signIn(page, me.phone, me.password, providerPath);
    if (process.env.CHAT_STEPS) console.log("step 9", Date.now());
    await hydrated(page);
    if (process.env.CHAT_STEPS) console.log("step 10", Date.now());
    // the profile embeds the same chat panel; the full chat page has the tips
    await page.getByTestId("profile-chat").click();
    if (process.env.CHAT_STEPS) console.log("step 11", Date.now());
    await page.waitForURL((u) => u.pathname.startsWith("/chat/"));
    if (process.env.CHAT_STEPS) console.log("step 12", Date.now());
    await hydrated(page);
    if (process.env.CHAT_STEPS) console.log("step 13", Date.now());
    // a client-side navigation keeps the hydrated flag: wait for the chat page itself to show its tips
    await page.getByTestId("chat-tips").waitFor();
    expect(await page.getByTestId("chat-provider-name").innerText()).toBe("Ali Provider");

    const input = page.getByTestId("chat-input");
    expect(await page.getByTestId("chat-send").isDisabled()).toBe(true);
    const text = `Can you fix a leaking tap today? ${Date.now()}`;
    await input.fill(text);
    if (process.env.CHAT_STEPS) console.log("step 14", Date.now());
    await input.press("Shift+Enter");
    if (process.env.CHAT_STEPS) console.log("step 15", Date.now());
    await input.type("Second line");
    if (process.env.CHAT_STEPS) console.log("step 16", Date.now());
    await input.press("Enter");
    if (process.env.CHAT_STEPS) console.log("step 17", Date.now());
    const mine = page.getByTestId("chat-message").filter({ hasText: text });
    await expect.poll(() => mine.getAttribute("data-status")).toBe("sent");
    if (process.env.CHAT_STEPS) console.log("step 18", Date.now());
    expect(await input.inputValue()).toBe("");
    await b.noSidewaysScroll(page);
    if (process.env.CHAT_STEPS) console.log("step 19", Date.now());
    await b.screenshot(page, "chat-en");
    if (process.env.CHAT_STEPS) console.log("step 20", Date.now());

    // the provider's inbox shows the new conversation live, and the bell counts one conversation
    const row = provider.page.getByTestId("inbox-item").filter({ hasText: "Layla Customer" });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    if (process.env.CHAT_STEPS) console.log("step 21", Date.now());
    await expect.poll(() => bell.getByTestId("notification-badge").innerText()).toBe("1");
    if (process.env.CHAT_STEPS) console.log("step 22", Date.now());
    await b.noSidewaysScroll(provider.page);
    if (process.env.CHAT_STEPS) console.log("step 23", Date.now());
    await b.screenshot(provider.page, "messages-ar");
    if (process.env.CHAT_STEPS) console.log("step 24", Date.now());
    await row.click();
    if (process.env.CHAT_STEPS) console.log("step 25", Date.now());
    await provider.page.waitForURL((u) => u.pathname.startsWith("/messages/"));
    if (process.env.CHAT_STEPS) console.log("step 26", Date.now());
    await hydrated(provider.page);
    if (process.env.CHAT_STEPS) console.log("step 27", Date.now());
    // opening the conversation clears the bell
    await expect.poll(() => bell.getByTestId("notification-badge").count()).toBe(0);
    if (process.env.CHAT_STEPS) console.log("step 28", Date.now());

    // the customer sends a photo: the provider sees it without reloading
    await page.getByTestId("chat-file").setInputFiles({ name: "tap.png", mimeType: "image/png", buffer: Buffer.from(TINY_PNG_BASE64, "base64") });
    if (process.env.CHAT_STEPS) console.log("step 29", Date.now());
    await expect.poll(() => page.getByTestId("chat-image").count()).toBe(1);
    if (process.env.CHAT_STEPS) console.log("step 30", Date.now());
    await expect.poll(() => provider.page.getByTestId("chat-image").count()).toBe(1);
    if (process.env.CHAT_STEPS) console.log("step 31", Date.now());
    expect(await provider.page.getByTestId("chat-image").getAttribute("href")).toMatch(/^\/images\/img\//);

    // the provider answers; the customer sees it live
    const theirInput = provider.page.getByTestId("chat-input");
    await theirInput.fill("نعم، أستطيع القدوم الساعة الخامسة");
    if (process.env.CHAT_STEPS) console.log("step 32", Date.now());
    await theirInput.press("Enter");
    if (process.env.CHAT_STEPS) console.log("step 33", Date.now());
    await expect.poll(() => page.getByTestId("chat-message").filter({ hasText: "الساعة الخامسة" }).count()).toBe(1);
    if (process.env.CHAT_STEPS) console.log("step 34", Date.now());
    await b.noSidewaysScroll(provider.page);
    if (process.env.CHAT_STEPS) console.log("step 35", Date.now());
    await b.screenshot(provider.page, "chat-provider-ar");
    if (process.env.CHAT_STEPS) console.log("step 36", Date.now());

    // the customer's socket dies (offline); what is said meanwhile arrives once when it is back
    await customer.context.setOffline(true);
    if (process.env.CHAT_STEPS) console.log("step 37", Date.now());
    await expect.poll(() => page.getByTestId("chat").getAttribute("data-online")).toBe("no");
    if (process.env.CHAT_STEPS) console.log("step 38", Date.now());
    await theirInput.fill("هل ما زلت هنا؟");
    if (process.env.CHAT_STEPS) console.log("step 39", Date.now());
    await theirInput.press("Enter");
    if (process.env.CHAT_STEPS) console.log("step 40", Date.now());
    await expect.poll(() => provider.page.getByTestId("chat-message").filter({ hasText: "هل ما زلت هنا؟" }).getAttribute("data-status")).toBe("sent");
    if (process.env.CHAT_STEPS) console.log("step 41", Date.now());
    await customer.context.setOffline(false);
    if (process.env.CHAT_STEPS) console.log("step 42", Date.now());
    await expect.poll(() => page.getByTestId("chat-message").filter({ hasText: "هل ما زلت هنا؟" }).count(), { timeout: 15_000 }).toBe(1);
    if (process.env.CHAT_STEPS) console.log("step 43", Date.now());
    expect(await page.getByTestId("chat-message").count()).toBe(4);
    await b.screenshot(page, "chat-after-offline-en");
    if (process.env.CHAT_STEPS) console.log("step 44", Date.now());

    await customer.context.close();
    if (process.env.CHAT_STEPS) console.log("step 45", Date.now());
    await provider.context.close();
    if (process.env.CHAT_STEPS) console.log("step 46", Date.now());
  });

  it("shows a conversation in Kurdish without sideways scroll, and 'Provider Not Found' for a listing that does not exist", async () => {
    const { page, context } = await b.phone({ lang: "ku" });
    await signIn(page, "07700000003", "dalil-provider-demo");
    if (process.env.CHAT_STEPS) console.log("step 47", Date.now());
    await page.goto("/chat/999999");
    if (process.env.CHAT_STEPS) console.log("ku not found");
    if (process.env.CHAT_STEPS) console.log("step 48", Date.now());
    expect(await page.getByTestId("chat-not-found").innerText()).toContain("نەتوانرا گفتوگۆ لەگەڵ ئەم دابینکەرە بار بکرێت.");
    await page.goto("/messages");
    if (process.env.CHAT_STEPS) console.log("step 49", Date.now());
    await hydrated(page);
    if (process.env.CHAT_STEPS) console.log("step 50", Date.now());
    const item = page.getByTestId("inbox-item").first();
    await item.click();
    if (process.env.CHAT_STEPS) console.log("step 51", Date.now());
    await page.waitForURL((u) => u.pathname.startsWith("/messages/"));
    if (process.env.CHAT_STEPS) console.log("step 52", Date.now());
    await hydrated(page);
    if (process.env.CHAT_STEPS) console.log("step 53", Date.now());
    await b.noSidewaysScroll(page);
    if (process.env.CHAT_STEPS) console.log("step 54", Date.now());
    await b.screenshot(page, "chat-ku");
    if (process.env.CHAT_STEPS) console.log("step 55", Date.now());
    await context.close();
    if (process.env.CHAT_STEPS) console.log("step 56", Date.now());
  });
});
