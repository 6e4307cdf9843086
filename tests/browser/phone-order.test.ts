// A phone typed in Arabic-Indic digits reads in the order it was typed, in Arabic and Kurdish. «٠٧٨٠ ١١١ ٢٢٣٣» in the
// register form showed as «٢٢٣٣ ١١١ ٠٧٨٠»: dir="ltr" alone lets the spaces between Arabic numbers run right to left.
// The field is overridden left to right (web/tailwind.css), as is every phone shown.
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";

const b = useBrowser();

describe("a phone reads in the order it was typed", () => {
  it.each(["ar", "ku"] as const)(
    "the register form in %s keeps «٠٧٨٠ ١١١ ٢٢٣٣» left to right as typed, at 390 px",
    async (lang) => {
      const { context, page } = await b.phone({ lang });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(`/register?lng=${lang}`);
      await hydrated(page);
      const field = page.locator('input[name="phone"]');
      await field.fill("٠٧٨٠ ١١١ ٢٢٣٣");
      // what the bidi algorithm does with the field's text: overridden left to right, so typed order is shown order
      const style = await field.evaluate((el) => ({
        direction: getComputedStyle(el).direction,
        bidi: getComputedStyle(el).unicodeBidi,
      }));
      expect(style).toEqual({ direction: "ltr", bidi: "bidi-override" });
      // the same text laid out with the field's own bidi style: the first group typed is the leftmost on screen
      // (with dir="ltr" alone, the last group came first)
      const order = await field.evaluate((el) => {
        const span = document.createElement("span");
        const cs = getComputedStyle(el);
        span.style.direction = cs.direction;
        span.style.unicodeBidi = cs.unicodeBidi;
        span.textContent = "٠٧٨٠ ١١١ ٢٢٣٣";
        el.parentElement!.appendChild(span);
        const x = (from: number) => {
          const r = document.createRange();
          r.setStart(span.firstChild!, from);
          r.setEnd(span.firstChild!, from + 1);
          return r.getBoundingClientRect().left;
        };
        const out = [x(0), x(5), x(9)];
        span.remove();
        return out;
      });
      expect(order[0]).toBeLessThan(order[1]!);
      expect(order[1]).toBeLessThan(order[2]!);
      await field.blur();
      await b.screenshot(page, `register-phone-typed-order-${lang}`);
      await context.close();
    },
  );
});
