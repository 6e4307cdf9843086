import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TINY_PNG_BASE64 } from "../images";
import { focusSeen, lastCodeFromOutbox, useBrowser, registerInBrowser, signedInAt } from "./browser";

const b = useBrowser();
let n = 4000;
const phone = () => `0791${String(n++).padStart(7, "0")}`;
const png = () => ({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(TINY_PNG_BASE64, "base64") });

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/**
 * The admin's and the customer's sign-ins are the way to what is tested here (the form is driven in accounts.test.ts).
 */
const signIn = (page: Page, phoneNumber: string, password: string, redirectTo = "/") =>
  signedInAt(page, phoneNumber, password, redirectTo);

const BUSINESS = `Karwan Electric ${Date.now() % 100000}`;
let categoryId = "";

describe("provider onboarding and the admin console", () => {
  it("a visitor is asked to sign in or create a provider account", async () => {
    const { context, page } = await b.phone({ lang: "ku" });
    await page.goto("/provider-application");
    await page.getByTestId("application-signin").waitFor();
    expect(await page.locator('a[href="/login?redirectTo=/provider-application"]').count()).toBe(1);
    expect(await page.locator('a[href="/register?type=provider"]').count()).toBeGreaterThan(0);
    await b.screenshot(page, "provider-application-signin-ku");
    await context.close();
  });

  it("a provider registers and applies (en), with a prefilled form, a photo and per-field errors", async () => {
    const { context, page } = await b.phone({ lang: "en" });
    const local = phone();
    await registerInBrowser(page, {
      name: BUSINESS,
      phone: local,
      password: "zagros-mountain-3",
      provider: { jobTitle: "Electrician", location: "Ankawa, Erbil" },
    });
    await hydrated(page);

    // prefilled from the registration
    expect(await page.inputValue("#field-businessName")).toBe(BUSINESS);
    expect(await page.inputValue("#field-specialty")).toBe("Electrician");
    expect(await page.inputValue("#field-location")).toBe("Ankawa, Erbil");
    expect(await page.inputValue("#field-phone")).toMatch(/^\+964 791 /);

    // submit with the selects empty and a short location: every message next to its field
    await page.fill("#field-location", "Ank");
    await page.click("button[type=submit]");
    await page.getByTestId("error-categoryId").waitFor();
    expect(await page.getByTestId("error-categoryId").innerText()).toBe("Please select a category");
    expect(await page.getByTestId("error-city").innerText()).toBe("Please select a city");
    expect(await page.getByTestId("error-location").innerText()).toBe("Please provide detailed location");
    // the first field in error has the focus and is on screen, not 600 px above the button
    await expect.poll(() => focusSeen(page)).toEqual({ focus: "field-categoryId", onScreen: true });
    await b.screenshot(page, "provider-application-errors-en");

    await page.selectOption("#field-categoryId", { index: 1 });
    categoryId = await page.inputValue("#field-categoryId");
    await page.selectOption("#field-city", "Erbil");
    await page.fill("#field-location", "Ankawa, 100 m street, near the church");
    await page.fill("#field-whatsapp", "0791 555 0001");
    await page.getByTestId("file-profileImage").setInputFiles(png());
    await page.getByTestId("preview-profileImage").waitFor();
    await page.getByText("Image uploaded successfully").first().waitFor();
    await page.fill("#field-experience", "10 years of home wiring");
    await page.getByTestId("check-whatsappAlerts").check();
    await b.screenshot(page, "provider-application-en");
    await page.click("button[type=submit]");
    // a new account proves its phone at this moment: the code is asked for in the form, nothing typed is lost
    await page.getByTestId("phone-code-step").waitFor();
    expect(await page.inputValue("#field-experience")).toBe("10 years of home wiring");
    await page.fill("#field-verificationCode", await lastCodeFromOutbox("+964" + local.slice(1)));
    await b.screenshot(page, "provider-application-code-en");
    await page.click("button[type=submit]");
    await page.waitForURL((u) => u.pathname === "/application-submitted");
    const text = await page.getByTestId("application-submitted").innerText();
    expect(text).toContain("2-3 business days");
    expect(text).toContain("arrives as a notification");
    expect(text).not.toContain("e-mail");
    await b.screenshot(page, "application-submitted-en");

    // the application page now shows the status, not a second form
    await page.goto("/provider-application");
    expect(await page.getByTestId("application-status").getAttribute("data-status")).toBe("pending");
    expect(await page.getByTestId("application-form").count()).toBe(0);
    await context.close();
  });

  for (const lang of ["ar", "ku"] as const) {
    it(`the application form reads right-to-left in ${lang}`, async () => {
      const { context, page } = await b.phone({ lang });
      await registerInBrowser(page, {
        name: lang === "ar" ? "علي الكهربائي" : "کاروان کارەباچی",
        phone: phone(),
        password: "zagros-mountain-3",
        provider: {
          jobTitle: lang === "ar" ? "كهربائي" : "کارەباچی",
          location: lang === "ar" ? "الكرادة، بغداد" : "عەنکاوە، هەولێر",
        },
      });
      await hydrated(page);
      await page.fill("#field-phone", "07");
      await page.click("button[type=submit]");
      await page.getByTestId("error-phone").waitFor();
      expect(await page.getByTestId("error-phone").innerText()).toBe(
        lang === "ar" ? "يرجى إدخال رقم هاتف صحيح" : "تکایە ژمارەی تەلەفۆنێکی دروست بنووسە",
      );
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      await b.screenshot(page, `provider-application-${lang}`);
      await context.close();
    });
  }

  it("the admin approves the application (ar) and the new provider appears in search", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await signIn(page, "07700000001", "dalil-admin-demo", "/admin");
    const card = page.locator(`[data-testid=application-card][data-business="${BUSINESS}"]`);
    await card.waitFor();
    expect(await card.getAttribute("data-status")).toBe("pending");
    await b.screenshot(page, "admin-applications-ar");
    await card.getByTestId("approve").click();
    await page.getByText("تمت الموافقة على الطلب").first().waitFor();
    await expect.poll(() => card.getAttribute("data-status")).toBe("approved");

    // the listing is public now
    let found = false;
    for (let p = 1; p <= 10 && !found; p++) {
      await page.goto(`/search?category=${categoryId}&page=${p}`);
      found = (await page.getByText(BUSINESS).count()) > 0;
      if ((await page.getByTestId("provider-card").count()) === 0) break;
    }
    expect(found).toBe(true);
    await context.close();
  });

  it("the admin adds a provider with an image, edits it, and sees each tab (ar)", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await signIn(page, "07700000001", "dalil-admin-demo", "/admin");
    await page.getByTestId("tab-providers").click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "providers");
    await hydrated(page);
    const form = page.getByTestId("provider-form");
    // the category is required
    await form.locator("#field-name").fill("حسن للسباكة");
    await form.locator("#field-specialty").fill("سباك");
    await page.getByTestId("save-provider").click();
    await form.getByTestId("error-categoryId").waitFor();
    expect(await form.getByTestId("error-categoryId").innerText()).toBe("يرجى اختيار الفئة");

    await form.locator("#field-categoryId").selectOption({ index: 2 });
    await form.locator("#field-city").selectOption("Basra");
    await form.locator("#field-location").fill("العشار، قرب الكورنيش");
    await form.locator("#field-phone").fill("0780 123 4567");
    await form.getByTestId("file-profileImage").setInputFiles(png());
    await form.getByTestId("preview-profileImage").waitFor();
    await b.screenshot(page, "admin-providers-form-ar");
    await page.getByTestId("save-provider").click();
    await page.getByText("تم إنشاء مقدّم الخدمة بنجاح").first().waitFor();

    await page.getByTestId("provider-search").fill("حسن للسباكة");
    await page.getByTestId("provider-search").press("Enter");
    const row = page.locator('[data-testid=admin-provider-row][data-name="حسن للسباكة"]');
    await row.waitFor();
    expect(await row.locator("img").getAttribute("src")).toMatch(/^\/images\/img\//);
    await b.screenshot(page, "admin-providers-ar");

    await row.getByTestId("edit-provider").click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    await hydrated(page);
    await page.getByTestId("cancel-edit").waitFor();
    await form.locator("#field-name").fill("حسن وأولاده للسباكة");
    await form.getByTestId("check-isVerified").check();
    await page.getByTestId("save-provider").click();
    await page.getByText("تم تحديث مقدّم الخدمة بنجاح").first().waitFor();
    await page.waitForURL((u) => !u.searchParams.has("edit"));

    await page.goto("/admin?tab=providers&q=" + encodeURIComponent("حسن وأولاده"));
    await page.locator('[data-testid=admin-provider-row][data-name="حسن وأولاده للسباكة"]').waitFor();

    for (const tab of ["ads", "contact"] as const) {
      await page.goto(`/admin?tab=${tab}`);
      await hydrated(page);
      await b.screenshot(page, `admin-${tab}-ar`);
    }
    await context.close();
  });

  it("the admin console in English and Kurdish", async () => {
    for (const lang of ["en", "ku"] as const) {
      const { context, page } = await b.phone({ lang });
      await signIn(page, "07700000001", "dalil-admin-demo", "/admin");
      await b.screenshot(page, `admin-applications-${lang}`);
      await page.goto("/admin?tab=providers");
      await b.screenshot(page, `admin-providers-${lang}`);
      await page.goto("/admin?tab=ads");
      await hydrated(page);
      await page.getByTestId("new-ad").click();
      await page.getByTestId("ad-form").waitFor();
      await b.screenshot(page, `admin-ads-form-${lang}`);
      await context.close();
    }
  });

  it("a customer opening /admin sees a 403 page, not the console; the home button shows only to admins", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    await signIn(page, "07700000002", "dalil-customer-demo", "/");
    expect(await page.getByTestId("admin-fab").count()).toBe(0);
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await page.getByTestId("admin-forbidden").waitFor();
    expect(await page.getByTestId("admin-console").count()).toBe(0);
    await b.screenshot(page, "admin-forbidden-ar");
    await context.close();

    const admin = await b.phone();
    await signIn(admin.page, "07700000001", "dalil-admin-demo", "/");
    await admin.page.getByTestId("admin-fab").waitFor();
    await b.screenshot(admin.page, "home-admin-en");
    await admin.context.close();
  });

  for (const lang of ["en", "ar", "ku"] as const) {
    it(`the contact form stores a message (${lang}) and the privacy policy reads in ${lang}`, async () => {
      const { context, page } = await b.phone({ lang });
      await page.goto("/contact");
      await hydrated(page);
      await b.screenshot(page, `contact-${lang}`);
      await page.fill("#field-name", "Layla");
      await page.fill("#field-email", `layla-${lang}@example.com`);
      await page.fill("#field-subject", "Duhok");
      await page.fill("#field-message", "Do you cover Duhok?");
      await page.selectOption("#field-type", "global");
      await page.click("form[method=post] button[type=submit]");
      await page.getByTestId("contact-sent").waitFor();
      // the thank-you takes the focus and is on screen, not above an emptied form
      await expect.poll(() => focusSeen(page)).toEqual({ focus: "contact-sent", onScreen: true });
      await page.goto("/privacy-policy");
      expect(await page.locator("h1").innerText()).toBe(
        { en: "Privacy policy", ar: "سياسة الخصوصية", ku: "سیاسەتی تایبەتمەندی" }[lang],
      );
      // seven sections and, since #30, how long each kind of data is kept
      expect(await page.locator("article section").count()).toBe(8);
      await b.screenshot(page, `privacy-policy-${lang}`);
      await context.close();
    });
  }

  it("the admin reads the contact inbox and marks a message handled (ku)", async () => {
    const { context, page } = await b.phone({ lang: "ku" });
    await signIn(page, "07700000001", "dalil-admin-demo", "/admin");
    await page.goto("/admin?tab=contact");
    await hydrated(page);
    const open = page.locator('[data-testid=contact-message][data-handled="false"]');
    await open.first().waitFor();
    const before = await open.count();
    expect(before).toBeGreaterThanOrEqual(3);
    await open.first().getByTestId("mark-handled").click();
    await page.getByText("وەک چارەسەرکراو نیشان کرا").first().waitFor();
    await expect.poll(() => open.count()).toBe(before - 1);
    await b.screenshot(page, "admin-contact-ku");
    await context.close();
  });
});
