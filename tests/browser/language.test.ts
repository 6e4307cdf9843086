import { describe, expect, it } from "vitest";
import { SORANI_MONTHS } from "../../domain/text/dates";
import { arabicIndic } from "../../domain/text/numbers";
import { hydrated, registerInBrowser, signIn, signInByApi, useBrowser, verifyPhoneOf } from "./browser";

const b = useBrowser();
const unique = () => String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
const PASSWORD = "tigris-river-21";

describe("names in both scripts, Sorani dates, isolated user text (issue 13)", () => {
  it(
    "a Latin provider name ending in digits inside an Arabic notification keeps its place; a ku booking date " +
      "names a Sorani month",
    async () => {
      const origin = { Origin: b.baseURL };
      // a provider applies as "Studio 21" (with an Arabic-script name too) and the admin approves
      const owner = await b.phone();
      const ownerPhone = `0781${unique()}`;
      await registerInBrowser(owner.page, { name: "Rebin Studio", phone: ownerPhone, password: PASSWORD });
      await verifyPhoneOf(owner.page, ownerPhone);
      const categories = (await (await owner.page.request.get("/api/categories")).json()) as {
        id: number;
        slug: string;
      }[];
      const applied = await owner.page.request.post("/api/provider-applications", {
        headers: origin,
        data: {
          businessName: "Studio 21",
          nameOther: "ستوديو ٢١",
          specialty: "Photographer",
          categoryId: categories.find((c) => c.slug === "photographers")?.id ?? categories[0]!.id,
          city: "Erbil",
          location: "Ankawa, main street",
          phone: ownerPhone,
        },
      });
      expect(applied.status(), await applied.text()).toBe(201);
      const application = (await applied.json()) as { id: number };
      const admin = await b.phone();
      await signInByApi(admin.page, "07700000001", "dalil-admin-demo");
      const approved = await admin.page.request.post(`/api/admin/applications/${application.id}/approve`, {
        headers: origin,
      });
      expect(approved.status(), await approved.text()).toBe(200);
      const { providerId } = (await approved.json()) as { providerId: number };

      // an Arabic-speaking customer books it; the provider accepts
      const customer = await b.phone({ lang: "ar" });
      const page = customer.page;
      const customerPhone = `0770${unique()}`;
      await registerInBrowser(page, { name: "هاوري عزيز", phone: customerPhone, password: PASSWORD });
      await verifyPhoneOf(page, customerPhone);
      const day = new Date(Date.now() + 20 * 86_400_000);
      const preferredDate = day.toISOString().slice(0, 10);
      const booked = await page.request.post("/api/bookings", {
        headers: origin,
        data: {
          providerId,
          serviceDescription: "تصوير حفلة تخرج في أربيل",
          customerLocation: "عنكاوا، الشارع الرئيسي",
          customerPhone: "0770 123 4567",
          preferredDate,
          preferredTime: "evening",
          urgency: "normal",
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const booking = (await booked.json()) as { id: number };
      const accepted = await owner.page.request.post(`/api/bookings/${booking.id}/accept`, { headers: origin });
      expect(accepted.status(), await accepted.text()).toBe(200);

      await page.goto("/");
      await hydrated(page);
      await page.getByTestId("notification-bell").click();
      const item = page.getByTestId("notification-item").filter({ hasText: "Studio 21" }).first();
      const text = await item.evaluate((el) => el.textContent ?? "");
      // the name travels inside isolates (FSI … PDI): the Arabic sentence around it keeps its order
      expect(text).toContain("\u2068Studio 21\u2069");
      // and the booking number is in the reader's digits (ADR 013)
      expect(text.replace(/[\u2066-\u2069]/g, "")).toContain(
        `قبل Studio 21 حجزك رقم ${arabicIndic(String(booking.id))}.`,
      );
      // what is drawn: "Studio 21" is one left-to-right run, wholly to the left of "قبل" (its right neighbour in RTL)
      const order = await item.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const s = n.textContent ?? "";
          const at = s.indexOf("Studio 21");
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at);
          range.setEnd(n, at + "Studio 21".length);
          const name = range.getBoundingClientRect();
          const verb = document.createRange();
          const v = s.indexOf("قبل");
          verb.setStart(n, v);
          verb.setEnd(n, v + 3);
          return {
            nameRight: name.right,
            verbLeft: verb.getBoundingClientRect().left,
            lines: range.getClientRects().length,
          };
        }
        return null;
      });
      expect(order).not.toBeNull();
      expect(order!.lines).toBe(1);
      expect(order!.nameRight).toBeLessThanOrEqual(order!.verbLeft + 1);
      await b.noSidewaysScroll(page);
      await b.screenshot(page, "notification-latin-name-ar");

      // the same booking in Sorani: the date names a Sorani month (Chromium has no ckb data: our formatter)
      await page.goto("/bookings?lng=ku");
      await hydrated(page);
      const card = page.getByTestId("booking-card").first();
      const cardText = await card.innerText();
      expect(cardText).toContain(SORANI_MONTHS[day.getUTCMonth()]!);
      expect(cardText).not.toMatch(
        new RegExp(
          "January|February|March|April|May|June|July|August|September|October|November|December|" +
            "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec",
        ),
      );
      // the card names the provider in the reader's script, the Latin name beneath (name_other, ADR 013)
      expect(await card.getByTestId("provider-name").innerText()).toBe("ستوديو ٢١");
      expect(await card.getByTestId("provider-name-other").innerText()).toBe("Studio 21");
      await b.noSidewaysScroll(page);
      await b.screenshot(page, "bookings-date-ku");

      // the listing in Arabic shows its Arabic-script name first, the Latin one beneath
      await page.goto(`/provider/${providerId}?lng=ar`);
      expect(await page.getByTestId("provider-name").innerText()).toBe("ستوديو ٢١");
      expect(await page.getByTestId("provider-name-other").innerText()).toBe("Studio 21");
      await b.noSidewaysScroll(page);
      await b.screenshot(page, "provider-names-ar");
      // a Sorani reader searching in Arabic script finds it, the name in their script first
      await page.goto(`/search?search=${encodeURIComponent("ستوديو")}&lng=ku`);
      expect(await page.getByTestId("provider-card").filter({ hasText: "ستوديو ٢١" }).count()).toBeGreaterThan(0);
      await b.noSidewaysScroll(page);
      await b.screenshot(page, "search-names-ku");
      for (const c of [owner, admin, customer]) await c.context.close();
    },
    90_000,
  );

  it("a person's text keeps its full stop at its own end, in a page of the other direction", async () => {
    const { context, page } = await b.phone({ lang: "en" });
    await signInByApi(page, "07700000002", "dalil-customer-demo");
    const origin = { Origin: b.baseURL };
    const preferredDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const texts = { rtl: `المكيف لا يبرد منذ يومين ${unique()}.`, ltr: `The AC is not cooling at all ${unique()}.` };
    for (const serviceDescription of Object.values(texts)) {
      const booked = await page.request.post("/api/bookings", {
        headers: origin,
        data: {
          providerId: 2,
          serviceDescription,
          customerLocation: "Karrada, street 62",
          customerPhone: "0770 123 4567",
          preferredDate,
          preferredTime: "evening",
          urgency: "normal",
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    }
    /** Where the first letter and the final full stop of `text` are drawn, left to right on screen. */
    const ends = (text: string) =>
      page.evaluate((text) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent !== text) continue;
          const at = (i: number) => {
            const range = document.createRange();
            range.setStart(node!, i);
            range.setEnd(node!, i + 1);
            return range.getBoundingClientRect().left;
          };
          return { first: at(0), stop: at(text.length - 1) };
        }
        return null;
      }, text);
    // an Arabic sentence in an English page: the full stop is drawn at its left end (where Arabic ends)
    await page.goto("/bookings");
    const rtlInEn = await ends(texts.rtl);
    expect(rtlInEn, "the Arabic description is on the English bookings page").not.toBeNull();
    expect(rtlInEn!.stop).toBeLessThan(rtlInEn!.first);
    // an English sentence in an Arabic page: the full stop is drawn at its right end
    await page.goto("/bookings?lng=ar");
    const ltrInAr = await ends(texts.ltr);
    expect(ltrInAr, "the English description is on the Arabic bookings page").not.toBeNull();
    expect(ltrInAr!.stop).toBeGreaterThan(ltrInAr!.first);
    await context.close();
  });
});

describe("the reader's language from the first visit on", () => {
  it(
    "a first visit from a phone whose Accept-Language is ckb is in Sorani, right to left, and stays so on the " +
      "next page",
    async () => {
      // a fresh phone: no language cookie, only the browser's languages
      const context = await b.browser.newContext({
        viewport: { width: 390, height: 844 },
        baseURL: b.baseURL,
        extraHTTPHeaders: { "Accept-Language": "ckb-IQ,ckb;q=0.9,ar;q=0.8,en;q=0.7" },
      });
      const page = await context.newPage();
      await page.goto("/");
      expect(await page.locator("html").getAttribute("lang")).toBe("ckb");
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(await page.locator("body").innerText()).toContain("کەسی گونجاو بۆ کارەکەت");
      await hydrated(page);
      // the choice shows which language the page is in: Sorani tinted, bold and ticked; the others plain
      await page.getByTestId("language-toggle").click();
      const look = (lang: string) =>
        page.locator(`[data-testid=language-menu] a[lang=${lang}]`).evaluate((a) => ({
          weight: getComputedStyle(a).fontWeight,
          background: getComputedStyle(a).backgroundColor,
          tick: getComputedStyle(a, "::after").content,
        }));
      const current = await look("ckb");
      expect(Number(current.weight)).toBeGreaterThanOrEqual(600);
      expect(current.tick).toBe('"✓"');
      expect(current.background).not.toBe("rgba(0, 0, 0, 0)");
      for (const other of ["en", "ar"])
        expect(await look(other)).toEqual({ weight: "400", background: "rgba(0, 0, 0, 0)", tick: "none" });
      await page.goto("/login");
      expect(await page.locator("html").getAttribute("lang")).toBe("ckb");
      await context.close();
    },
  );

  it.each(["en", "ar"] as const)(
    "switching the language mid-form on /book/1 keeps what was typed (%s)",
    async (lang) => {
      const { context, page } = await b.phone({ lang });
      await page.goto("/login?redirectTo=%2Fbook%2F1");
      await signIn(page, "07700000002", "dalil-customer-demo", "/book/1");
      await hydrated(page);
      await page.fill("#field-serviceDescription", "The water heater makes a loud noise — دار ١٢");
      await page.fill("#field-customerLocation", "Karrada, street 62, house 12");
      await page.locator('input[name=preferredTime][value="evening"]').check();
      await page.fill("#field-notes", "Ring the upper bell");
      const before = await page.locator("html").getAttribute("lang");
      await page.getByTestId("language-toggle").click();
      await page.locator(`[data-testid=language-menu] a[lang=${lang === "en" ? "ckb" : "en"}]`).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).not.toBe(before);
      await hydrated(page);
      await expect
        .poll(() => page.inputValue("#field-serviceDescription"))
        .toBe("The water heater makes a loud noise — دار ١٢");
      expect(await page.inputValue("#field-customerLocation")).toBe("Karrada, street 62, house 12");
      expect(await page.locator('input[name=preferredTime][value="evening"]').isChecked()).toBe(true);
      expect(await page.inputValue("#field-notes")).toBe("Ring the upper bell");
      // a reload keeps the form too (the web booking form keeps its fields through a reload)
      await page.reload();
      await hydrated(page);
      expect(await page.inputValue("#field-serviceDescription")).toBe("The water heater makes a loud noise — دار ١٢");
      // back in the reader's language for the next test
      await context.clearCookies();
      await context.close();
    },
  );
});
