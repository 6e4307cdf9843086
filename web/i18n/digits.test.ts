import { describe, expect, it } from "vitest";
import { badgeText } from "../relativeTime";
import { catalogs, translatorFor } from "../../i18n/translator";

type Tree = { [k: string]: string | Tree };
function* strings(tree: Tree, prefix = ""): Generator<[string, string]> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") yield [key, v];
    else yield* strings(v, key);
  }
}

/** Phone examples are phone numbers: Western digits in every language. */
const PHONE_KEYS = new Set(["auth.phoneHint"]);

describe("digits in translated text follow the one rule (ADR 013)", () => {
  for (const lang of ["ar", "ku"] as const) {
    it(`the ${lang} catalog writes its own numbers in Arabic-Indic digits`, () => {
      const western = [...strings(catalogs[lang] as Tree)]
        .filter(([key, text]) => !PHONE_KEYS.has(key) && /[0-9]/.test(text.replace(/\{\{[^}]*\}\}/g, "")))
        .map(([key, text]) => `${key}: ${text}`);
      expect(western).toEqual([]);
    });
  }

  it("numbers put into a sentence get the reader's digits; plurals still follow the number", () => {
    expect(translatorFor("en")("search.results", { count: 1234 })).toContain("1,234");
    const ku = translatorFor("ku")("search.results", { count: 1234 });
    expect(ku).toContain("١٬٢٣٤");
    expect(ku).not.toMatch(/[0-9]/);
    const ar = translatorFor("ar");
    expect(ar("search.results", { count: 2 })).toBe("تم العثور على مقدمَي خدمة");
    expect(ar("search.results", { count: 3 })).toContain("٣");
    expect(translatorFor("ku")("search.pageOf", { page: 2, pages: 12 })).toMatch(/٢.*١٢/);
  });

  it("a booking reference is one token: localised digits, never grouped", () => {
    expect(translatorFor("ku")("booking.reference", { id: 12345 })).toContain("١٢٣٤٥");
    expect(translatorFor("en")("booking.reference", { id: 12345 })).toContain("#12345");
  });

  it("phone numbers and codes (strings) keep Western digits inside Arabic and Sorani sentences", () => {
    const sent = translatorFor("ku")("trust.codeSent", { phone: "0750 123 4567" });
    expect(sent).toContain("0750 123 4567");
    expect(sent).toContain("١٢");
    const sms = translatorFor("ar")("messages.verificationCode", { code: "0123 4567 8901", minutes: 10 });
    expect(sms).toContain("0123 4567 8901");
    expect(sms).toContain("١٠");
  });

  it("unread badges are in the reader's digits", () => {
    expect(badgeText(3, "ckb-IQ")).toBe("٣");
    expect(badgeText(12, "ar-IQ")).toBe("٩+");
    expect(badgeText(12)).toBe("9+");
  });
});
