/**
 * Days and times of day as people say them in a chat, in English, Iraqi Arabic and Sorani: "tomorrow evening", «باچر
 * العصر», «عكب باچر», «بعد يومين», «سبەینێ ئێوارە», «دوو سبەی», "on Friday", "in 3 days". The words are the lexicon's
 * (domain/lexicon/dayWords.ts), matched on normalised text through its one phrase index, so article and preposition
 * prefixes («بالعصر», «يوم الجمعة») don't matter.
 */
import { normalizeDigits, normalizeText } from "./normalize";
import { findPhrases } from "./phrases";
// (the module registers the day words' shelf of the one index)
import "../lexicon/dayWords";
import type { DaySlot, DayWord, WhenWord } from "../lexicon/dayWords";
import { LEXICON } from "../lexicon/phraseIndex";
import { addDays } from "../baghdadTime";

export type { DaySlot, DayWord, WhenWord };
/** The day words' view of the lexicon's one index (the phrases themselves: domain/lexicon/dayWords.ts). */
const index = LEXICON.view<WhenWord>(["day"], (_shelf, v: WhenWord) => v);

/**
 * Every word of a day or time phrase, normalised: a reader never
 * takes one for Arabic in Latin letters ("after" is not «فيتر»).
 */
export const DAY_VOCAB: ReadonlySet<string> = index.vocab;

/** "in 3 days", «بعد ٣ ايام», «بعد يومين», «دوای ٣ ڕۆژ», «٣ ڕۆژی تر». */
const IN_DAYS = [
  /\b(?:in|after)\s+(\d{1,3})\s+days?\b/,
  /\b(\d{1,3})\s+days?\s+from\s+now\b/,
  /(?:^|\s)بعد\s+(\d{1,3})\s+(?:يوم|ايام|أيام|ایام|یوم)/,
  /(?:^|\s)(?:دوای|پاش)\s+(\d{1,3})\s+(?:ڕۆژ|روژ|رۆژ)/,
  /(?:^|\s)(\d{1,3})\s+(?:ڕۆژ|روژ|رۆژ)(?:ی)?\s+(?:تر|دیکە)/,
];
/** «بعد يومين» (after two days, Arabic dual), «پاش دوو ڕۆژ», "in two days", and «بعد اسبوع» / "in a week". */
const IN_TWO_DAYS =
  /(?:^|\s)بعد\s+(?:يومين|یومین)(?:\s|$)|(?:^|\s)(?:دوای|پاش)\s+دوو\s+(?:ڕۆژ|روژ|رۆژ)|\b(?:in|after)\s+two\s+days\b/;
const IN_A_WEEK =
  /\b(?:in|after)\s+(?:a|one)\s+week\b|(?:^|\s)بعد\s+(?:اسبوع|أسبوع|اسبوعین|اسبوع)(?:\s|$)|(?:دوای|پاش)\s+هەفتەیەک/;

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
    if (/tonight|الليلة|هالليلة|ئەمشەو/.test(normalizeText(raw.slice(m.start, m.end))) && !out.slot)
      out.slot = "evening";
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
  return addDays(today, offset);
}
