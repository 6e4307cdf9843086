import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import {
  codeFromStandin,
  hydrated,
  landsOn,
  registerInBrowser,
  signIn,
  signInByApi,
  standinSeq,
  useBrowser,
  verifyPhoneOf,
} from "./browser";

const b = useBrowser();
let n = 3000;
const phone = () => `0790${String(n++).padStart(7, "0")}`;

describe("accounts in the browser", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`a customer registers (${lang}), lands on home, sees their name in the menu, and signs out`, async () => {
      const { context, page } = await b.phone({ lang });
      await page.goto("/register");
      await hydrated(page);
      await page.fill("#field-name", lang === "ar" ? "زينب علي" : "Zainab Ali");
      await page.fill("#field-phone", phone());
      await page.fill("#field-password", "river-tigris-9");
      await page.fill("#field-confirmPassword", "river-tigris-9");
      await b.noSidewaysScroll(page);
      if (lang === "ar") await b.screenshot(page, "register-ar");
      await page.click("button[type=submit]");
      await page.waitForURL((u) => u.pathname === "/");
      const menu = page.getByTestId("user-menu");
      await expect.poll(() => menu.innerText()).toContain(lang === "ar" ? "زينب علي" : "Zainab Ali");
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")?.userType)).toBe("customer");
      await hydrated(page);
      await menu.click();
      // a customer sees no admin entry
      expect(await page.getByTestId("admin-link").count()).toBe(0);
      await page.getByTestId("menu-logout").click();
      await expect.poll(() => page.getByTestId("user-menu").count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
      await context.close();
    });
  }

  it("shows every field's error next to the field, in Arabic", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await page.goto("/register");
    await hydrated(page);
    await page.fill("#field-name", "ز");
    await page.fill("#field-phone", "0790");
    await page.fill("#field-password", "123");
    await page.fill("#field-confirmPassword", "1234");
    await page.click("button[type=submit]");
    await page.getByTestId("error-name").waitFor();
    expect(await page.getByTestId("error-name").innerText()).toBe("يجب أن يتكون الاسم من حرفين على الأقل");
    expect(await page.getByTestId("error-phone").innerText()).toBe("يرجى إدخال رقم هاتف صحيح");
    expect(await page.getByTestId("error-password").innerText()).toBe("يجب أن تتكون كلمة المرور من ٦ أحرف على الأقل");
    await b.screenshot(page, "register-errors-ar");
    await context.close();
  });

  it("a wrong password shows the alert and keeps the user signed out", async () => {
    const { context, page } = await b.phone();
    await page.goto("/login");
    await hydrated(page);
    expect(await page.getAttribute("#field-phone", "placeholder")).toBe("+964 XXX XXX XXXX");
    await page.fill("#field-phone", "+964 770 000 0002");
    await page.fill("#field-password", "not-the-password");
    await page.click("button[type=submit]");
    const alert = page.getByTestId("form-alert");
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Login failed/);
    expect(await page.getByTestId("user-menu").count()).toBe(0);
    await context.close();
  });

  it("the demo customer signs in and sees the profile with the real verification state", async () => {
    const { context, page } = await b.phone({ lang: "ku" });
    await signIn(page, "07700000002", "dalil-customer-demo");
    await page.goto("/profile");
    expect(await page.getByTestId("profile-name").innerText()).toBe("Sara Customer");
    expect(await page.getByTestId("phone-state").innerText()).toBe("مۆبایل پشتڕاستکراوەتەوە");
    await b.noSidewaysScroll(page);
    await b.screenshot(page, "profile-ku");
    await context.close();
  });

  it("Messages asks a signed-out visitor to sign in, then comes back to the (empty) inbox", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await page.goto("/messages");
    await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("redirectTo") === "/messages");
    await signIn(page, "٠٧٧٠٠٠٠٠٠٠٢", "dalil-customer-demo", "/messages");
    expect(await page.getByTestId("inbox-empty").innerText()).toContain("لا توجد محادثات بعد");
    await context.close();
  });

  it("/profile without a session goes to /register", async () => {
    const { context, page } = await b.phone();
    await page.goto("/profile");
    await page.waitForURL((u) => u.pathname === "/register");
    await context.close();
  });
});

describe("the notification bell", () => {
  it("a signed-in user opens the panel, sees the empty state and closes it", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    // a brand-new account: the demo customer's bell fills up as other files book with it
    await registerInBrowser(page, {
      name: "Bell Tester",
      phone: `0790${String(Date.now()).slice(-7)}`,
      password: "tigris-river-21",
    });
    await hydrated(page);
    const bell = page.getByTestId("notification-bell");
    await bell.click();
    const panel = page.getByTestId("notification-panel");
    await expect.poll(() => panel.innerText()).toContain("لا توجد إشعارات بعد");
    await b.screenshot(page, "notifications-ar");
    await page.getByRole("button", { name: "إغلاق الإشعارات" }).click();
    expect(await panel.count()).toBe(0);
    await context.close();
  });
});

describe("toasts", () => {
  it("saving the name shows one toast at a time, which closes by itself after about five seconds", async () => {
    const { context, page } = await b.phone();
    await registerInBrowser(page, { name: "Toast Tester", phone: phone(), password: "river-tigris-9" });
    // the page's timers on a clock the test moves: five seconds pass when it says so, not on the wall
    await page.clock.install();
    await page.goto("/profile");
    await hydrated(page);
    const nameForm = page.locator("form", { has: page.locator("input[name=intent][value=name]") });
    await nameForm.locator("#field-name").fill("Toast Tester Two");
    await nameForm.locator("button[type=submit]").click();
    const toasts = page.getByTestId("toast");
    await expect.poll(() => toasts.count()).toBe(1);
    expect(await toasts.innerText()).toContain("Your name was saved");
    // a second save replaces the first toast instead of stacking another
    await nameForm.locator("#field-name").fill("Toast Tester Three");
    await nameForm.locator("button[type=submit]").click();
    await expect.poll(() => page.getByTestId("profile-name").innerText()).toBe("Toast Tester Three");
    expect(await toasts.count()).toBe(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(5_100);
    await expect.poll(() => toasts.count()).toBe(0);
    await context.close();
  });
});

describe("identity you can trust, in Arabic", () => {
  it(
    "a web-only user registers, gets the code on WhatsApp (the stand-in), books; forgets the password, resets " +
      "it, and the other device is signed out",
    async () => {
      const local = phone();
      const e164 = "+964" + local.slice(1);
      const first = await b.phone({ lang: "ar" });
      await registerInBrowser(first.page, { name: "سارا كريم", phone: local, password: "river-tigris-9" });
      // booking asks for the code in place; the code arrives where a phone would get it
      const before = await standinSeq();
      await first.page.goto("/book/2");
      await hydrated(first.page);
      await first.page.fill("#field-serviceDescription", "المكيف لا يبرد منذ يومين ويحتاج فحص");
      await first.page.fill("#field-customerLocation", "المنصور، شارع ١٤ رمضان");
      await first.page.getByText("مساءً (٥ م - ٨ م)").click();
      await first.page.click("button[type=submit]");
      await first.page.getByTestId("phone-code-step").waitFor();
      const code = await codeFromStandin(e164, before);
      await first.page.fill("#field-verificationCode", code);
      await first.page.click("button[type=submit]");
      await landsOn(first.page, "/booking-confirmation");

      // later, on a second device too
      const second = await b.phone({ lang: "ar" });
      await signIn(second.page, local, "river-tigris-9");
      expect((await second.page.request.get("/api/auth/me")).status()).toBe(200);

      // on a third device the password is forgotten: /login → "نسيت كلمة المرور؟"
      const third = await b.phone({ lang: "ar" });
      await third.page.goto("/login");
      await hydrated(third.page);
      await third.page.getByTestId("forgot-password").click();
      await third.page.waitForURL((u) => u.pathname === "/reset-password");
      await hydrated(third.page);
      const beforeReset = await standinSeq();
      await third.page.fill("#field-phone", local);
      await third.page.click("button[type=submit]");
      await third.page.getByTestId("reset-finish").waitFor();
      expect(await third.page.getByRole("status").first().innerText()).toContain("إن كان لهذا الرقم حساب");
      const resetCode = await codeFromStandin(e164, beforeReset);
      expect(resetCode).toMatch(/^[0-9A-Z]{15}$/);
      // one character off: refused, with the same sentence as an expired code
      await third.page.fill("#field-verificationCode", (resetCode[0] === "0" ? "1" : "0") + resetCode.slice(1));
      await third.page.fill("#field-newPassword", "euphrates-77-new");
      await third.page.fill("#field-confirmPassword", "euphrates-77-new");
      await third.page.click("button[type=submit]");
      await expect.poll(() => third.page.getByTestId("error-verificationCode").innerText()).toContain("غير صحيح");
      await b.noSidewaysScroll(third.page);
      await b.screenshot(third.page, "reset-password-ar");
      await third.page.fill("#field-verificationCode", resetCode);
      await third.page.fill("#field-newPassword", "euphrates-77-new");
      await third.page.fill("#field-confirmPassword", "euphrates-77-new");
      await third.page.click("button[type=submit]");
      await third.page.waitForURL((u) => u.pathname === "/profile");
      expect(await third.page.getByTestId("reset-done").innerText()).toContain("تم تغيير كلمة المرور");

      // every other session ended: the first and second devices are signed out
      expect((await second.page.request.get("/api/auth/me")).status()).toBe(401);
      expect((await first.page.request.get("/api/auth/me")).status()).toBe(401);
      await second.page.goto("/profile");
      await second.page.waitForURL((u) => u.pathname !== "/profile");
      for (const c of [first, second]) await c.context.close();

      // someone who holds the session links their own Telegram; the owner signs
      // out everywhere and the sign-in page names the chat that was removed
      const profile = third.page;
      await profile.goto("/profile");
      await hydrated(profile);
      await profile.getByTestId("linked-chats").getByRole("button", { name: "ربط تيليجرام" }).click();
      const link = await profile.getByTestId("telegram-link").getAttribute("href");
      const linkCode = link?.match(/start=([A-Za-z0-9]+)/)?.[1];
      expect(linkCode).toBeTruthy();
      const origin = new URL(profile.url()).origin;
      const sent = await profile.request.post("/dev/bot/send", {
        headers: { Origin: origin },
        data: { as: "telegram", id: "826901", name: "مالوري", kind: "text", text: `/start ${linkCode}` },
      });
      expect(sent.status()).toBe(200);
      await profile.goto("/profile");
      await expect.poll(() => profile.getByTestId("linked-chats").innerText()).toContain("Telegram · مالوري");
      await hydrated(profile);
      await profile.getByRole("button", { name: "تسجيل الخروج من كل الأجهزة" }).click();
      await landsOn(profile, "/login");
      await expect.poll(() => profile.getByTestId("removed-chats").innerText()).toContain("مالوري");
      await b.noSidewaysScroll(profile);
      await b.screenshot(profile, "removed-chats-ar");
      expect((await profile.request.get("/api/auth/me")).status()).toBe(401);
      // said once: the next visit to the sign-in page has no notice
      await profile.reload();
      await hydrated(profile);
      expect(await profile.getByTestId("removed-chats").count()).toBe(0);
      await third.context.close();
    },
  );
});

describe("leaving Dalil, in Kurdish", () => {
  it(
    "a customer downloads their data and deletes their account; the provider's open conversation shows the placeholder",
    { timeout: 120_000 },
    async () => {
      const local = phone();
      const password = "zagros-snow-30";
      const base = b.baseURL;
      const registered = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({
          name: "شڤان کەریم",
          phone: local,
          password,
          confirmPassword: password,
          userType: "customer",
        }),
      });
      expect(registered.status).toBe(201);
      const listing = (
        (await (await fetch(`${base}/api/providers?search=${encodeURIComponent("Ali Provider")}`)).json()) as {
          items: { id: number }[];
        }
      ).items[0]!.id;

      // the customer writes to the provider
      const customer = await b.phone({ lang: "ku" });
      const page = customer.page;
      await signIn(page, local, password);
      await verifyPhoneOf(page, local);
      await page.goto(`/chat/${listing}`);
      await hydrated(page);
      const text = `سڵاو، ئەمڕۆ دێیت؟ ${Date.now()}`;
      await page.getByTestId("chat-input").fill(text);
      await page.getByTestId("chat-input").press("Enter");
      await expect
        .poll(() => page.getByTestId("chat-message").filter({ hasText: text }).getAttribute("data-status"))
        .toBe("sent");

      // the provider has the conversation open
      const provider = await b.phone({ lang: "ku" });
      await signInByApi(provider.page, "07700000003", "dalil-provider-demo");
      const { items } = (await (await provider.page.request.get("/api/conversations")).json()) as {
        items: { id: number; otherName: string }[];
      };
      const conversation = items.find((c) => c.otherName === "شڤان کەریم")!;
      await provider.page.goto(`/messages/${conversation.id}`);
      await hydrated(provider.page);
      await expect.poll(() => provider.page.getByTestId("chat-message").filter({ hasText: text }).count()).toBe(1);

      // the customer downloads one file with their data
      await page.goto("/profile");
      await hydrated(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-data").click()]);
      expect(download.suggestedFilename()).toMatch(/^dalil-data-\d{4}-\d\d-\d\d\.json$/);
      const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
        account: { name: string };
        conversations: { messages: { text: string }[] }[];
      };
      expect(file.account.name).toBe("شڤان کەریم");
      expect(file.conversations.flatMap((c) => c.messages.map((m) => m.text))).toContain(text);

      // …then deletes the account: what happens is said in Sorani, the password is asked again
      const section = page.getByTestId("delete-account");
      expect(await section.innerText()).toContain("نامە سڕدرایەوە");
      await b.screenshot(page, "delete-account-ku");
      await section.locator("#field-password").fill(password);
      await page.getByTestId("delete-account-submit").click();
      await landsOn(page, "/account-deleted");
      expect(await page.getByTestId("account-deleted").innerText()).toContain("هەژمارەکەت سڕایەوە");
      expect((await page.request.get("/api/auth/me")).status()).toBe(401);

      // the provider's open conversation shows the placeholder in place of the message, without reloading
      await expect.poll(() => provider.page.getByTestId("chat-deleted").count(), { timeout: 10_000 }).toBe(1);
      expect(await provider.page.getByTestId("chat-deleted").innerText()).toBe("نامە سڕدرایەوە");
      expect(await provider.page.getByTestId("chat-message").filter({ hasText: text }).count()).toBe(0);
      await b.noSidewaysScroll(provider.page);
      await b.screenshot(provider.page, "message-deleted-ku");
      // and after a reload the other side is named "Former customer", in Sorani
      await provider.page.reload();
      await hydrated(provider.page);
      expect(await provider.page.getByTestId("chat-other-name").innerText()).toContain("کڕیاری پێشوو");
      // nobody writes into the void, on a 390 px phone in Sorani and Arabic:
      // the conversation says the person left, and there is no box to type in
      await provider.page.setViewportSize({ width: 390, height: 844 });
      for (const [lang, left] of [
        ["ku", "هەژماری لایەنەکەی تر لە دەلیل سڕایەوە"],
        ["ar", "حُذف حساب الطرف الآخر على دليل"],
      ] as const) {
        if (lang === "ar") {
          await provider.context.addCookies([{ name: "language", value: "ar", url: b.baseURL }]);
          await provider.page.reload();
          await hydrated(provider.page);
        }
        expect(await provider.page.getByTestId("chat-other-left").innerText()).toContain(left);
        expect(await provider.page.getByTestId("chat-input").count()).toBe(0);
        expect(await provider.page.getByTestId("chat-mic").count()).toBe(0);
        await b.noSidewaysScroll(provider.page);
        await b.screenshot(provider.page, `chat-other-left-${lang}-390`);
      }
      for (const c of [customer, provider]) await c.context.close();
    },
  );
});
