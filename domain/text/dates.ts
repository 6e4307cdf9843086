/**
 * Dates and times for people, in en, ar and Sorani (ADR 013).
 *
 * Node and workerd carry ICU data for `ckb`, but Chromium and Chrome on Android do not: there
 * `Intl.DateTimeFormat("ckb-IQ")` silently prints English month names. So Sorani is formatted here,
 * by our own code, the same on the server and in every browser; en and ar go through Intl.
 *
 * Sorani form (close to CLDR's "long" ckb pattern, which Kurdish sites and the KRG use): day, month
 * name, year, with Arabic-Indic digits: "٢٣ تشرینی دووەم ٢٠٢٦"; with a time "…، ٥:٠٥ د.ن"
 * (پ.ن / د.ن: before / after noon, 12-hour clock as Iraqi clocks are read); full adds the weekday
 * first: "دووشەممە، ٢٣ تشرینی دووەم ٢٠٢٦". Month names are the Syriac-derived ones used in Iraq
 * (کانوونی دووەم … کانوونی یەکەم), not the Kurdish solar months (خاکەلێوە …), which follow another calendar.
 */

import { toArabicIndicDigits } from "./numbers";

export const SORANI_MONTHS = [
  "کانوونی دووەم",
  "شوبات",
  "ئازار",
  "نیسان",
  "ئایار",
  "حوزەیران",
  "تەمووز",
  "ئاب",
  "ئەیلوول",
  "تشرینی یەکەم",
  "تشرینی دووەم",
  "کانوونی یەکەم",
] as const;

/** Sunday first, as Date.getUTCDay() counts. */
export const SORANI_WEEKDAYS = ["یەکشەممە", "دووشەممە", "سێشەممە", "چوارشەممە", "پێنجشەممە", "هەینی", "شەممە"] as const;

export interface DateFormatOptions {
  dateStyle?: "medium" | "long" | "full";
  timeStyle?: "short";
  /** Day and month without the year (a chart axis: "23 Nov", "٢٣ تشرینی دووەم"); Intl's `day`/`month` fields. */
  day?: "numeric";
  month?: "short" | "long";
  /** IANA zone; default: the runtime's (use "Asia/Baghdad" for times people read in Iraq) */
  timeZone?: string;
}

export { toArabicIndicDigits };

/** Is this the Sorani locale (ckb, ckb-IQ, or our app code ku)? */
export const isSoraniLocale = (locale: string) => /^(ckb|ku)(-|$)/i.test(locale);

interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  weekday: number; // 0 = Sunday
}

/** The wall-clock fields of an instant in a zone, through en-US (whose data every runtime has). */
function wallClock(date: Date, timeZone?: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    weekday: "short",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")) % 24,
    minute: Number(get("minute")),
    weekday,
  };
}

/** A date (and time) in Sorani, by our own formatter (see the header). */
export function formatSoraniDate(date: Date, opts: DateFormatOptions = {}): string {
  const w = wallClock(date, opts.timeZone);
  const time = opts.timeStyle === "short" ? formatSoraniTime(w.hour, w.minute) : "";
  // as Intl: a time style alone is the time alone; day/month fields alone leave the year out
  if (time && !opts.dateStyle && !opts.month && !opts.day) return time;
  let out = `${toArabicIndicDigits(w.day)} ${SORANI_MONTHS[w.month - 1]}`;
  if (opts.dateStyle || !opts.month) out += ` ${toArabicIndicDigits(w.year)}`;
  if (opts.dateStyle === "full" && w.weekday >= 0) out = `${SORANI_WEEKDAYS[w.weekday]}، ${out}`;
  if (time) out += `، ${time}`;
  return out;
}

/** "٥:٠٥ د.ن": 12-hour clock, before noon پ.ن, after noon د.ن. */
export function formatSoraniTime(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const minutes = toArabicIndicDigits(String(minute).padStart(2, "0"));
  return `${toArabicIndicDigits(h12)}:${minutes} ${hour < 12 ? "پ.ن" : "د.ن"}`;
}

/**
 * Drop-in for `new Intl.DateTimeFormat(locale, opts).format(date)` that is right for Sorani in every
 * browser. Accepts a Date, an ISO string or epoch milliseconds; an invalid date gives "".
 */
export function formatDate(
  date: Date | string | number,
  locale: string,
  opts: DateFormatOptions = { dateStyle: "medium" },
): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return "";
  if (isSoraniLocale(locale)) return formatSoraniDate(d, opts);
  return new Intl.DateTimeFormat(locale, opts).format(d);
}

/** A calendar day "YYYY-MM-DD" (a booking's preferred date: no time, no zone) for people. */
export function formatDay(day: string, locale: string, dateStyle: "medium" | "full" = "medium"): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatDate(`${day}T00:00:00Z`, locale, { dateStyle, timeZone: "UTC" });
}

/**
 * A month "YYYY-MM" for people ("August 2026"): en and ar through Intl, Sorani by our own month names (see the header).
 */
export function formatMonth(month: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  if (isSoraniLocale(locale)) return `${SORANI_MONTHS[Number(m[2]) - 1]} ${toArabicIndicDigits(m[1])}`;
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
