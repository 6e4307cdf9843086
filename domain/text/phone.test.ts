import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay, normalizeIraqiPhone, whatsappDigits, whatsappLinkDigits } from "./phone";

describe("normalizeIraqiPhone: accepted forms", () => {
  it.each([
    ["07701234567", "+9647701234567"],
    ["7701234567", "+9647701234567"],
    ["+9647701234567", "+9647701234567"],
    ["009647701234567", "+9647701234567"],
    ["9647701234567", "+9647701234567"],
    ["0770 123 4567", "+9647701234567"],
    ["0770-123-4567", "+9647701234567"],
    ["(0770) 123-4567", "+9647701234567"],
    ["+964 (0) 770 123 4567", "+9647701234567"],
    ["+964 770 123 4567", "+9647701234567"],
    ["  +964-750-123-4567  ", "+9647501234567"],
    ["٠٧٧٠١٢٣٤٥٦٧", "+9647701234567"],
    ["۰۷۵۰ ۱۲۳ ۴۵۶۷", "+9647501234567"],
    ["+٩٦٤ ٧٨٠ ١٢٣ ٤٥٦٧", "+9647801234567"],
    ["\u200E+964 781 123 4567\u200E", "+9647811234567"],
    ["0790.123.4567", "+9647901234567"],
    ["07601234567", "+9647601234567"], // Alkafeel Omnnea
    ["07991234567", "+9647991234567"], // Zain
    ["07591234567", "+9647591234567"], // Korek
  ])("%j → %s", (input, expected) => {
    expect(normalizeIraqiPhone(input)).toBe(expected);
  });
});

describe("normalizeIraqiPhone: rejected", () => {
  it.each([
    [""],
    ["   "],
    ["abc"],
    ["0770123456"], // one digit short
    ["077012345678"], // one digit long
    ["07201234567"], // 72x is not a mobile range
    ["07301234567"], // 73x: no mobile operator (ADR 013)
    ["07401234567"], // 74x: fixed-wireless, not mobile (ADR 013)
    ["+9647101234567"],
    ["07001234567"],
    ["0801234567"],
    ["0117701234"], // Baghdad landline
    ["+9657701234567"], // Kuwait
    ["+4915112345678"], // Germany
    ["+964 1 123 4567"], // landline
    ["0770 123 456a"],
    ["0770+1234567"],
    ["++9647701234567"],
    ["000964 770 123 4567"],
    ["0077701234567"],
    ["+964 00 770 123 4567"],
    ["0770/123/4567"],
  ])("%j → null", (input) => {
    expect(normalizeIraqiPhone(input)).toBeNull();
  });

  it("never throws and only ever returns E.164 Iraqi mobiles", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (s) => {
        const r = normalizeIraqiPhone(s);
        expect(r === null || /^\+9647[5-9]\d{8}$/.test(r)).toBe(true);
      }),
      { numRuns: 500 },
    );
    // 500 runs take ~1 s alone, over 5 s on a loaded shared machine
  }, 30_000);

  it("is a fixed point on its own output", () => {
    fc.assert(
      fc.property(fc.constantFrom("5", "6", "7", "8", "9"), fc.stringMatching(/^\d{8}$/), (d, rest) => {
        const e164 = `+9647${d}${rest}`;
        expect(normalizeIraqiPhone(e164)).toBe(e164);
        expect(normalizeIraqiPhone(formatPhoneForDisplay(e164))).toBe(e164);
        expect(normalizeIraqiPhone(`07${d}${rest}`)).toBe(e164);
      }),
      { numRuns: 200 },
    );
  });
});

describe("formatPhoneForDisplay", () => {
  it.each([
    ["+9647701234567", "+964 770 123 4567"],
    ["+9647501112222", "+964 750 111 2222"],
    ["07801234567", "+964 780 123 4567"], // any accepted form
    ["+4915112345678", "+4915112345678"], // not Iraqi: unchanged
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(formatPhoneForDisplay(input)).toBe(expected);
  });
});

describe("whatsappDigits", () => {
  it.each([
    ["+964 770 123 4567", "9647701234567"],
    ["+٩٦٤ ٧٧٠ ١٢٣ ٤٥٦٧", "9647701234567"],
    ["0770-123-4567", "07701234567"],
    ["(۰۷۵۰) ۱۲۳", "0750123"],
    ["none", ""],
  ])("%j → %j", (input, expected) => {
    expect(whatsappDigits(input)).toBe(expected);
  });

  it("whatsappLinkDigits gives international digits for Iraqi mobiles", () => {
    expect(whatsappLinkDigits("0770 123 4567")).toBe("9647701234567");
    expect(whatsappLinkDigits("٠٧٧٠١٢٣٤٥٦٧")).toBe("9647701234567");
    expect(whatsappLinkDigits("+49 151 1234 5678")).toBe("4915112345678");
  });
});
