import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clip } from "./clip";

describe("clip (card previews of a person's text)", () => {
  it("keeps short text whole and cuts long text at a word, with an ellipsis", () => {
    expect(clip("AC not cooling", 60)).toBe("AC not cooling");
    expect(clip("My Lenovo laptop screen is cracked and flickers when I open it", 30)).toBe(
      "My Lenovo laptop screen is…",
    );
    expect(clip("المكيف لا يبرد منذ يومين، أحتاج فني اليوم", 20)).toBe("المكيف لا يبرد منذ…");
  });

  it("never exceeds the limit plus the ellipsis, and never ends inside a word when there is a space to cut at", () => {
    const word = fc.stringMatching(/^[a-zء-ي]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 20, max: 80 }), (words, max) => {
        const text = words.join(" ");
        const out = clip(text, max);
        expect(out.length).toBeLessThanOrEqual(max + 1);
        if (text.length <= max) {
          expect(out).toBe(text);
          return;
        }
        expect(out.endsWith("…")).toBe(true);
        const kept = out.slice(0, -1).split(" ");
        // every kept word is a whole word of the text (the last one may be cut only when no space was near)
        if (out.slice(0, -1).includes(" ")) for (const w of kept.slice(0, -1)) expect(words).toContain(w);
      }),
    );
  });
});
