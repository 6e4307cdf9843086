import { describe, expect, it } from "vitest";
import { formatDate, formatDay, formatSoraniTime, SORANI_MONTHS, toArabicIndicDigits } from "./dates";

describe("Sorani dates by our own formatter (Chromium has no ckb data)", () => {
  it("names every month in Sorani with Arabic-Indic digits, day month year", () => {
    for (let m = 0; m < 12; m++) {
      const s = formatDate(new Date(Date.UTC(2026, m, 5, 12)), "ckb-IQ", { dateStyle: "medium", timeZone: "UTC" });
      expect(s).toBe(`٥ ${SORANI_MONTHS[m]} ٢٠٢٦`);
      expect(s).not.toMatch(/[A-Za-z0-9]/);
    }
  });

  it("agrees with ICU's ckb month names where the runtime has them (workerd does)", () => {
    const d = new Date(Date.UTC(2026, 10, 23, 12));
    const icu = new Intl.DateTimeFormat("ckb", { month: "long", timeZone: "UTC" }).format(d);
    if (!/[A-Za-z]/.test(icu)) expect(formatDate(d, "ckb", { timeZone: "UTC" })).toContain(icu);
  });

  it("converts to Baghdad time, adds the weekday and a 12-hour time with پ.ن / د.ن", () => {
    // 21:30 UTC on 31 Dec is 00:30 on 1 Jan in Baghdad (UTC+3)
    const d = new Date("2026-12-31T21:30:00Z");
    expect(formatDate(d, "ckb-IQ", { dateStyle: "full", timeStyle: "short", timeZone: "Asia/Baghdad" })).toBe(
      "هەینی، ١ کانوونی دووەم ٢٠٢٧، ١٢:٣٠ پ.ن",
    );
    expect(formatSoraniTime(17, 5)).toBe("٥:٠٥ د.ن");
    expect(formatSoraniTime(0, 0)).toBe("١٢:٠٠ پ.ن");
    expect(formatSoraniTime(12, 0)).toBe("١٢:٠٠ د.ن");
  });

  it("formats a booking's calendar day without shifting it, in all three languages", () => {
    expect(formatDay("2026-11-23", "ckb-IQ")).toBe("٢٣ تشرینی دووەم ٢٠٢٦");
    expect(formatDay("2026-11-23", "ckb-IQ", "full")).toBe("دووشەممە، ٢٣ تشرینی دووەم ٢٠٢٦");
    expect(formatDay("2026-11-23", "en-IQ")).toMatch(/Nov/);
    expect(formatDay("2026-11-23", "ar-IQ")).toMatch(/٢٠٢٦|2026/);
    expect(formatDay("not a day", "ckb")).toBe("not a day");
    expect(formatDate("nonsense", "ckb")).toBe("");
  });

  it(
    "formats a time alone (chat messages) and a day without " + "its year (chart axis) in Sorani, as Intl does for en",
    () => {
      const d = new Date("2026-11-23T14:07:00Z"); // 17:07 in Baghdad
      expect(formatDate(d, "ckb-IQ", { timeStyle: "short", timeZone: "Asia/Baghdad" })).toBe("٥:٠٧ د.ن");
      expect(formatDate(d, "ckb-IQ", { day: "numeric", month: "short", timeZone: "UTC" })).toBe("٢٣ تشرینی دووەم");
      expect(formatDate(d, "en-IQ", { timeStyle: "short", timeZone: "Asia/Baghdad" })).toMatch(/^(5:07\sPM|17:07)$/);
      expect(formatDate(d, "en-US", { day: "numeric", month: "short", timeZone: "UTC" })).toBe("Nov 23");
    },
  );

  it("writes Arabic-Indic digits", () => {
    expect(toArabicIndicDigits("2026-11")).toBe("٢٠٢٦-١١");
  });
});
