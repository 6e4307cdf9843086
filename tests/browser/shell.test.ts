import { describe, expect, it } from "vitest";
import kuPrivacy from "../../i18n/locales/ku/privacy.json";
import { hydrated, useBrowser } from "./browser";

const b = useBrowser();

describe("the trilingual shell", () => {
  for (const lang of ["en", "ar", "ku"] as const) {
    it(`home renders real data in ${lang} with the right direction`, async () => {
      const { context, page } = await b.phone({ lang });
      await page.goto("/");
      await page.getByTestId("category-tile").first().waitFor();
      const html = page.locator("html");
      expect(await html.getAttribute("lang")).toBe({ en: "en", ar: "ar", ku: "ckb" }[lang]);
      expect(await html.getAttribute("dir")).toBe(lang === "en" ? "ltr" : "rtl");
      expect(await page.getByTestId("category-tile").count()).toBeGreaterThanOrEqual(6);
      expect(await page.getByTestId("provider-card").count()).toBe(3);
      const heading = await page.locator("h1").first().innerText();
      expect(heading).toBe(
        {
          en: "Find the right person for the job, near you",
          ar: "اعثر على الشخص المناسب للعمل، بالقرب منك",
          ku: "کەسی گونجاو بۆ کارەکەت لە نزیک خۆت بدۆزەرەوە",
        }[lang],
      );
      // the bottom bar must not cover the footer's last line
      const bar = await page.locator("nav.fixed").boundingBox();
      expect(bar?.height).toBeGreaterThan(40);
      await b.noSidewaysScroll(page);
      await b.screenshot(page, `home-${lang}`);
      await context.close();
    });
  }

  it(
    "the language choice names each language in itself, goes en → ar → ku → en, switches every word of the page " +
      "(tiles, the city picker, cards), and the choice survives a reload",
    async () => {
      const { context, page } = await b.phone();
      await page.goto("/");
      const html = page.locator("html");
      expect(await html.getAttribute("lang")).toBe("en");
      const toggle = page.getByTestId("language-toggle");
      /** What the page shows that comes from data, not from the catalog: tile names, city options, card cities. */
      const dataWords = () =>
        page.evaluate(() => [
          ...[...document.querySelectorAll('a[href^="/search?category="]')].map((a) =>
            (a as HTMLElement).innerText.trim(),
          ),
          ...[...document.querySelectorAll("select option")]
            .slice(1, 30)
            .map((o) => (o as HTMLOptionElement).text.trim()),
        ]);
      // (a sponsor's name in an ad, such as "Baghdad Learning Hub", is the sponsor's own, not ours to translate)
      const seen = () =>
        page.evaluate(() => {
          const body = document.body.cloneNode(true) as HTMLElement;
          for (const el of body.querySelectorAll("aside bdi, script, template, style")) el.remove();
          return body.innerText + [...document.querySelectorAll("select option")].map((o) => o.textContent).join(" ");
        });
      let before = await dataWords();
      expect(before.length).toBeGreaterThan(20);

      // one tap, and no word of the previous language is left
      for (const [lang, htmlLang, dir] of [
        ["ar", "ar", "rtl"],
        ["ku", "ckb", "rtl"],
        ["en", "en", "ltr"],
      ] as const) {
        await toggle.click();
        // the three languages, each named in itself, the current one marked
        expect(await page.getByTestId("language-menu").locator("a").allInnerTexts()).toEqual([
          expect.stringContaining("English"),
          expect.stringContaining("العربية"),
          expect.stringContaining("کوردی"),
        ]);
        // the open choice fits a 360 px phone in either direction
        await b.noSidewaysScroll(page);
        await page.locator(`[data-testid=language-menu] a[lang=${htmlLang}]`).click();
        await expect.poll(() => html.getAttribute("lang")).toBe(htmlLang);
        expect(await html.getAttribute("dir")).toBe(dir);
        await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe(lang);
        const text = await seen();
        const left = before.filter((w) => text.includes(w) && !/^[\d\s]+$/.test(w));
        expect(left, `${lang}: words of the previous language still shown`).toEqual([]);
        before = await dataWords();
        if (lang === "ar") {
          await page.reload();
          expect(await html.getAttribute("lang")).toBe("ar");
          expect(await page.locator("h1").first().innerText()).toContain("اعثر");
        }
      }
      await context.close();
    },
  );

  it(
    "one tap on /search and on a profile leaves no English " + "word of ours (cards, cities, specialties, filters)",
    async () => {
      const { context, page } = await b.phone();
      /**
       * Latin words the page shows that are ours, not a person's: names, descriptions and ads (bdi, dir=auto) left out.
       */
      const latinWords = () =>
        page.evaluate(() => {
          const body = document.body.cloneNode(true) as HTMLElement;
          // (the language switch names the next language in that language, lang="en": "English" is its own word)
          for (const el of body.querySelectorAll(
            "bdi, [dir=auto], [dir=ltr], [lang], aside, script, template, style, [aria-hidden=true]",
          ))
            el.remove();
          // (and a person's words isolated inside our sentences, FSI…PDI: a name in "Start a chat with …")
          const text = (
            body.innerText +
            " " +
            [...document.querySelectorAll("select option")].map((o) => o.textContent).join(" ")
          ).replace(/\u2068[^\u2069]*\u2069/g, " ");
          return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])];
        });
      for (const path of ["/search?category=1", "/provider/1"]) {
        await page.goto(path);
        await hydrated(page);
        expect((await latinWords()).length, `${path} in English`).toBeGreaterThan(5);
        await page.getByTestId("language-toggle").click();
        await page.locator("[data-testid=language-menu] a[lang=ar]").click();
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("ar");
        const where = await page.evaluate(() => {
          const out: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode())
            if (/English/.test(n.textContent ?? "")) out.push((n.parentElement?.outerHTML ?? "").slice(0, 300));
          return out;
        });
        expect(await latinWords(), `${path}: English words left after one tap ${where.join(" | ")}`).toEqual([]);
        await page.getByTestId("language-toggle").click();
        await page.locator("[data-testid=language-menu] a[lang=ckb]").click();
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("ckb");
        expect(await latinWords(), `${path}: English words in Kurdish`).toEqual([]);
        await page.getByTestId("language-toggle").click();
        await page.locator("[data-testid=language-menu] a[lang=en]").click();
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
      }
      await context.close();
    },
  );

  it("an unknown path shows the 404 screen with a 404 status", async () => {
    const { context, page } = await b.phone({ lang: "ar" });
    const res = await page.goto("/nope");
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("٤٠٤ الصفحة غير موجودة");
    await context.close();
  });

  it(
    "a page-only part of the catalog arrives when a person navigates there (the privacy policy from the footer, " +
      "ku)",
    async () => {
      const { context, page } = await b.phone({ lang: "ku" });
      await page.goto("/");
      await hydrated(page);
      const title = kuPrivacy.privacy.title;
      await page.locator('footer a[href="/privacy-policy"]').click();
      await page.waitForURL((u) => u.pathname === "/privacy-policy");
      await expect.poll(() => page.locator("h1").innerText()).toBe(title);
      expect(await page.locator("main").innerText()).not.toContain("privacy.");
      await context.close();
    },
  );
});
