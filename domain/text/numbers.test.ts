import { describe, expect, it } from "vitest";
import { isolateLtr } from "./bidi";
import { arabicIndic, formatDuration, formatNumber, usesArabicIndicDigits } from "./numbers";

describe("numbers in the reader's digits (one rule, ADR 013)", () => {
  it("writes Western digits for English and Arabic-Indic ones for Arabic and Sorani", () => {
    expect(formatNumber(12345.6, "en")).toBe("12,345.6");
    expect(formatNumber(12345.6, "en-IQ")).toBe("12,345.6");
    expect(formatNumber(12345.6, "ar")).toBe("١٢٬٣٤٥٫٦");
    expect(formatNumber(12345.6, "ar-IQ")).toBe("١٢٬٣٤٥٫٦");
    expect(formatNumber(12345.6, "ku")).toBe("١٢٬٣٤٥٫٦");
    expect(formatNumber(12345.6, "ckb-IQ")).toBe("١٢٬٣٤٥٫٦");
  });

  it("takes Intl's options: a rating with one decimal, whole dinars, no grouping for a reference", () => {
    expect(formatNumber(4, "ku", { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("٤٫٠");
    expect(formatNumber(25000.4, "ar", { maximumFractionDigits: 0 })).toBe("٢٥٬٠٠٠");
    expect(formatNumber(1234, "ku", { useGrouping: false })).toBe("١٢٣٤");
    expect(formatNumber(Number.NaN, "ku")).toBe("");
  });

  it("is the same as workerd's ICU for ar-IQ and ckb (so server and browser agree with CLDR)", () => {
    for (const [locale, n] of [
      ["ar-IQ", 1234567.25],
      ["ckb-IQ", 98.5],
      ["ar-IQ", 0],
    ] as const) {
      const icu = new Intl.NumberFormat(locale).format(n).replace(/[\u061C\u200E\u200F]/g, "");
      // where a runtime lacks the locale (Chromium has no ckb) ICU falls back to Western digits: nothing to compare
      if (/[0-9]/.test(icu)) continue;
      expect(formatNumber(n, locale)).toBe(icu);
    }
  });

  it("knows which languages write Arabic-Indic digits", () => {
    expect(["en", "en-IQ", "ar", "ar-IQ", "ku", "ckb", "ckb-IQ", "kur"].map(usesArabicIndicDigits)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(arabicIndic("2-4")).toBe("٢-٤");
  });

  it("leaves a phone number alone: Western digits, left to right, isolated", () => {
    const phone = "0750 123 4567";
    expect(isolateLtr(phone)).toBe("\u2066\u202D0750 123 4567\u202C\u2069");
    expect(isolateLtr(phone)).not.toMatch(/[\u0660-\u0669]/);
  });

  it("writes a voice note's length as a player does, m:ss in the reader's digits", () => {
    expect(formatDuration(65_400, "en")).toBe("1:05");
    expect(formatDuration(65_400, "ar")).toBe("١:٠٥");
    expect(formatDuration(120_000, "ku")).toBe("٢:٠٠");
    expect(formatDuration(999, "en")).toBe("0:00");
    expect(formatDuration(-5, "en")).toBe("0:00");
  });
});
