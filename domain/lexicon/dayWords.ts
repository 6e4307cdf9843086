/**
 * Days and times of day as people say them in a chat, in English, Iraqi Arabic and Sorani: data of the lexicon (ADR
 * 057), read by domain/text/dayPhrases.ts through the lexicon's one phrase index, so article and preposition prefixes
 * («بالعصر», «يوم الجمعة») don't matter.
 */
import type { Lang } from "../text/lang";
import { LEXICON } from "./phraseIndex";

import type { DaySlot, DayWord, WhenWord } from "./shelfTypes";

export type { DaySlot, DayWord, WhenWord };

/** Every day and time-of-day phrase, in order: [form, meaning, language]. */
export const DAY_PHRASES: [string, WhenWord, Lang][] = [];
const add = (lang: Lang, value: WhenWord, ...forms: string[]) => forms.forEach((f) => DAY_PHRASES.push([f, value, lang]));

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

LEXICON.register("day", DAY_PHRASES);
