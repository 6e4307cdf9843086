/**
 * Days and times of day as people say them in a chat (issue #20 item 2), in English, Iraqi Arabic and
 * Sorani: "tomorrow evening", «باچر العصر», «عكب باچر», «بعد يومين», «سبەینێ ئێوارە», «دوو سبەی», "on Friday",
 * "in 3 days". The words are matched on normalised text (normalize.ts) through the same phrase index as the
 * service words, so article and preposition prefixes («بالعصر», «يوم الجمعة») don't matter.
 */
import type { Lang } from "./lang";
import { normalizeDigits, normalizeText } from "./normalize";
import { findPhrases, PhraseIndex } from "./phrases";

export type DaySlot = "morning" | "afternoon" | "evening";
/** A day relative to today (0 today, 1 tomorrow…) or a weekday (0 Sunday … 6 Saturday, the next one). */
export type DayWord = { offset: number } | { weekday: number };
export type WhenWord = { day: DayWord } | { slot: DaySlot };

const index = new PhraseIndex<WhenWord>();
const add = (lang: Lang, value: WhenWord, ...forms: string[]) => forms.forEach((f) => index.add(f, value, lang));

add("en", { day: { offset: 0 } }, "today", "tonight", "now", "asap", "right now");
add("en", { day: { offset: 1 } }, "tomorrow", "tmrw", "tmr", "tomorow", "tommorow");
add("en", { day: { offset: 2 } }, "day after tomorrow", "the day after tomorrow", "after tomorrow", "the day after", "overmorrow");
add("ar", { day: { offset: 0 } }, "اليوم", "هسه", "هسة", "هلحين", "الان", "الآن", "حالا", "هاليوم", "الليلة", "هالليلة");
add("ar", { day: { offset: 1 } }, "باجر", "باچر", "بكرة", "بكره", "بكرا", "غدا", "غداً", "الغد", "باكر");
add("ar", { day: { offset: 2 } }, "عكب باجر", "عگب باچر", "عكب باچر", "عقب باجر", "بعد باجر", "بعد باچر", "بعد بكرة", "بعد غد", "بعد الغد", "بعد بكره");
add("ku", { day: { offset: 0 } }, "ئەمڕۆ", "ئەمرۆ", "ئیمڕۆ", "ئێستا", "ئەمشەو");
add("ku", { day: { offset: 1 } }, "سبەینێ", "سبەی", "سبەینی");
add("ku", { day: { offset: 2 } }, "دوو سبەی", "دووسبەی", "دوو سبەینێ", "دووسبەینێ");
// Latin-script Kurdish, as typed on phones without a Sorani keyboard
add("ku", { day: { offset: 0 } }, "emro", "emrro", "emrô", "esta", "êsta");
add("ku", { day: { offset: 1 } }, "sbeyne", "sbeyni", "sibeyni", "sibeyne", "sbey", "sbeynê", "sibeynê");
add("ku", { day: { offset: 2 } }, "du sbey", "dusbey", "du sibey", "du sbeyne");

const WEEKDAYS: [number, string[], string[], string[]][] = [
  [0, ["sunday"], ["الاحد", "الأحد"], ["یەکشەممە", "یەک شەممە"]],
  [1, ["monday"], ["الاثنين", "الإثنين", "الثنين"], ["دووشەممە", "دوو شەممە"]],
  [2, ["tuesday", "tues"], ["الثلاثاء", "ثلاثاء", "الثلاثا"], ["سێشەممە", "سێ شەممە"]],
  [3, ["wednesday"], ["الاربعاء", "الأربعاء", "اربعاء", "الاربعا"], ["چوارشەممە", "چوار شەممە"]],
  [4, ["thursday", "thurs"], ["الخميس", "خميس"], ["پێنجشەممە", "پێنج شەممە"]],
  [5, ["friday"], ["الجمعة", "جمعة", "الجمعه"], ["هەینی", "جومعە"]],
  [6, ["saturday"], ["السبت", "سبت"], ["شەممە"]],
];
for (const [weekday, en, ar, ku] of WEEKDAYS) {
  add("en", { day: { weekday } }, ...en);
  add("ar", { day: { weekday } }, ...ar);
  add("ku", { day: { weekday } }, ...ku);
}

add("en", { slot: "morning" }, "morning", "in the morning");
add("en", { slot: "afternoon" }, "afternoon", "noon", "midday", "lunchtime");
add("en", { slot: "evening" }, "evening", "night", "in the evening");
// bare forms too, as Baghdad and Basra write them after a day («باجر عصر», «باچر صبح», «العصرية»); not «ظهر»,
// which is also "back" («وجع ظهر» is a doctor's search)
add("ar", { slot: "morning" }, "الصبح", "صباحا", "صباحاً", "الصباح", "الصبحية", "الضحى", "صبح");
add("ar", { slot: "afternoon" }, "الظهر", "ظهرا", "ظهراً", "العصر", "عصرا", "عصراً", "بعد الظهر", "الظهرية", "عصر", "العصرية", "عصرية");
add("ar", { slot: "evening" }, "المسا", "المساء", "مساء", "مساءً", "مسا", "بالليل", "الليل", "ليلا", "ليلاً", "العشا", "المغرب");
add("ku", { slot: "morning" }, "بەیانی", "بەیانیان", "سبەینان");
add("ku", { slot: "afternoon" }, "نیوەڕۆ", "دوای نیوەڕۆ", "پاشنیوەڕۆ", "عەسر");
add("ku", { slot: "evening" }, "ئێوارە", "ئێواران", "شەو", "بە شەو", "ewara", "ewware", "êware");
add("ku", { slot: "morning" }, "beyani", "bayani");

/** "in 3 days", «بعد ٣ ايام», «بعد يومين», «دوای ٣ ڕۆژ», «٣ ڕۆژی تر». */
const IN_DAYS = [
  /\b(?:in|after)\s+(\d{1,3})\s+days?\b/,
  /\b(\d{1,3})\s+days?\s+from\s+now\b/,
  /(?:^|\s)بعد\s+(\d{1,3})\s+(?:يوم|ايام|أيام|ایام|یوم)/,
  /(?:^|\s)(?:دوای|پاش)\s+(\d{1,3})\s+(?:ڕۆژ|روژ|رۆژ)/,
  /(?:^|\s)(\d{1,3})\s+(?:ڕۆژ|روژ|رۆژ)(?:ی)?\s+(?:تر|دیکە)/,
];
/** «بعد يومين» (after two days, Arabic dual), «پاش دوو ڕۆژ», "in two days", and «بعد اسبوع» / "in a week". */
const IN_TWO_DAYS = /(?:^|\s)بعد\s+(?:يومين|یومین)(?:\s|$)|(?:^|\s)(?:دوای|پاش)\s+دوو\s+(?:ڕۆژ|روژ|رۆژ)|\b(?:in|after)\s+two\s+days\b/;
const IN_A_WEEK = /\b(?:in|after)\s+(?:a|one)\s+week\b|(?:^|\s)بعد\s+(?:اسبوع|أسبوع|اسبوعین|اسبوع)(?:\s|$)|(?:دوای|پاش)\s+هەفتەیەک/;

export interface WhenInText {
  day?: DayWord;
  slot?: DaySlot;
  /** the offsets in the raw text that said it (so a caller can take them out of the rest), and what each said */
  spans: [number, number][];
  kinds: ("day" | "slot")[];
}

/** The day and time of day a message names, if any. */
export function whenInText(raw: string): WhenInText {
  const out: WhenInText = { spans: [], kinds: [] };
  for (const m of findPhrases(raw, index)) {
    const v = m.hit.value;
    if ("day" in v && !out.day) out.day = v.day;
    else if ("slot" in v && !out.slot) out.slot = v.slot;
    else continue;
    out.spans.push([m.start, m.end]);
    out.kinds.push("day" in v ? "day" : "slot");
    // "tonight" is a day and a time of day at once
    if (/tonight|الليلة|هالليلة|ئەمشەو/.test(normalizeText(raw.slice(m.start, m.end))) && !out.slot) out.slot = "evening";
  }
  // (normalizeDigits keeps every offset: one digit for one digit)
  const text = normalizeDigits(raw).toLowerCase();
  const counted = (re: RegExp, offset: (m: RegExpMatchArray) => number) => {
    const m = out.day ? null : text.match(re);
    if (!m || m.index === undefined) return;
    out.day = { offset: offset(m) };
    out.spans.push([m.index, m.index + m[0].length]);
    out.kinds.push("day");
  };
  for (const re of IN_DAYS) counted(re, (m) => Number(m[1]));
  counted(IN_TWO_DAYS, () => 2);
  counted(IN_A_WEEK, () => 7);
  return out;
}

/** The calendar day (YYYY-MM-DD) a day word means, counted from `today` (a YYYY-MM-DD in Iraq). */
export function dayOf(word: DayWord, today: string): string {
  const base = Date.parse(`${today}T00:00:00Z`);
  let offset: number;
  if ("offset" in word) offset = word.offset;
  else {
    const now = new Date(base).getUTCDay();
    // "Friday" said on a Friday means the next one
    offset = (word.weekday - now + 7) % 7 || 7;
  }
  return new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
}
