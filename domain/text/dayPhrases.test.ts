import { describe, expect, it } from "vitest";
import { dayOf, whenInText } from "./dayPhrases";
import { toArabicIndicDigits } from "./numbers";

// a Tuesday
const today = "2026-11-24";
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayIn = (text: string, from = today) => {
  const w = whenInText(text).day;
  return w ? dayOf(w, from) : undefined;
};

describe("days as people say them (whenInText + dayOf)", () => {
  it.each([
    ["today", 0],
    ["tomorrow evening", 1],
    ["the day after", 2],
    ["day after tomorrow morning", 2],
    ["in 3 days", 3],
    ["اليوم", 0],
    ["باچر", 1],
    ["باجر الصبح", 1],
    ["بكرة", 1],
    ["عكب باچر", 2],
    ["بعد باچر", 2],
    ["بعد يومين", 2],
    ["بعد ٣ أيام", 3],
    ["ئەمڕۆ", 0],
    ["سبەینێ ئێوارە", 1],
    ["دوو سبەی", 2],
    ["پاش ٣ ڕۆژ", 3],
    ["پاش دوو ڕۆژ", 2],
    ["sibeyni", 1],
    ["sbeyne ewara", 1],
  ])("%s is today + %i", (text, offset) => {
    expect(dayIn(text)).toBe(addDays(today, offset));
  });

  it("reads the time of day apart from the day, in each language", () => {
    expect(whenInText("tomorrow evening")).toMatchObject({ day: { offset: 1 }, slot: "evening" });
    expect(whenInText("باچر مساءً")).toMatchObject({ day: { offset: 1 }, slot: "evening" });
    expect(whenInText("الخميس العصر")).toMatchObject({ day: { weekday: 4 }, slot: "afternoon" });
    // bare, as typed after a day; «ظهر» alone stays "back" (a doctor's search), not noon
    expect(whenInText("باجر عصر")).toMatchObject({ day: { offset: 1 }, slot: "afternoon" });
    expect(whenInText("باچر العصرية")).toMatchObject({ day: { offset: 1 }, slot: "afternoon" });
    expect(whenInText("باجر صبح")).toMatchObject({ day: { offset: 1 }, slot: "morning" });
    expect(whenInText("دكتور وجع ظهر").slot).toBeUndefined();
    expect(whenInText("سبەینێ بەیانی")).toMatchObject({ day: { offset: 1 }, slot: "morning" });
    expect(whenInText("tonight")).toMatchObject({ day: { offset: 0 }, slot: "evening" });
    const morning = whenInText("morning");
    expect(morning.slot).toBe("morning");
    expect(morning.day).toBeUndefined();
  });

  it("names no day in ordinary words", () => {
    for (const text of ["electrician in Erbil", "👍", "كهربجي بالكرادة", "سڵاو", "my bookings", "4", ""]) {
      const w = whenInText(text);
      expect(w.day, text).toBeUndefined();
      expect(w.slot, text).toBeUndefined();
    }
  });

  it("any weekday name, in any language, is the next such day, one to seven days ahead", () => {
    const names = [
      ["Sunday", "الأحد", "یەکشەممە"],
      ["Monday", "الاثنين", "دووشەممە"],
      ["Tuesday", "الثلاثاء", "سێشەممە"],
      ["Wednesday", "الأربعاء", "چوارشەممە"],
      ["Thursday", "الخميس", "پێنجشەممە"],
      ["Friday", "الجمعة", "هەینی"],
      ["Saturday", "السبت", "شەممە"],
    ];
    for (let start = 0; start < 21; start++) {
      const from = addDays("2026-01-01", start * 17);
      names.forEach((forms, weekday) => {
        for (const name of forms) {
          const day = dayIn(`on ${name}`, from)!;
          expect(new Date(`${day}T00:00:00Z`).getUTCDay(), `${name} from ${from}`).toBe(weekday);
          const ahead = (Date.parse(day) - Date.parse(from)) / 86_400_000;
          expect(ahead).toBeGreaterThanOrEqual(1);
          expect(ahead).toBeLessThanOrEqual(7);
        }
      });
    }
  });

  it(
    '"in N days" is today + N for every N up to a month, in all three languages and both digit sets, across ' +
      "month and year ends",
    () => {
      for (let k = 0; k < 12; k++) {
        const from = addDays("2026-12-20", k * 29);
        for (let days = 1; days <= 31; days++) {
          const want = addDays(from, days);
          expect(dayIn(`in ${days} days`, from)).toBe(want);
          expect(dayIn(`بعد ${toArabicIndicDigits(days)} ايام`, from)).toBe(want);
          expect(dayIn(`پاش ${days} ڕۆژ`, from)).toBe(want);
          expect(dayIn(`${toArabicIndicDigits(days)} ڕۆژی تر`, from)).toBe(want);
        }
      }
    },
  );
});
