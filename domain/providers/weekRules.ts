import type { SlotHours } from "../bookings/slots";
/**
 * The rules of a provider's week that need no database (ADR 044): read by the server and by the pages' own code
 * (the day picker, the booking card), so this file imports nothing that reaches D1. domain/providers/week.ts
 * reads and writes the week.
 */
import { DEFAULT_SLOT_HOURS } from "../bookings/slots";
import { addDays } from "../ids";
import { ServiceError } from "../errors";
import { SORANI_WEEKDAYS } from "../text/dates";
import { formatNumber } from "../text/numbers";

export const WEEK_SLOTS = ["morning", "afternoon", "evening"] as const;
export type WeekSlot = (typeof WEEK_SLOTS)[number];
/** The weekdays as JavaScript counts them (0 = Sunday … 6 = Saturday); a form lists them Saturday first. */
export const WEEKDAYS = [6, 0, 1, 2, 3, 4, 5] as const;

export interface Week {
  /** weekdays off, 0 = Sunday … 6 = Saturday */
  daysOff: number[];
  /** each part of the day: its hours (Baghdad time), or null when the listing does not work it */
  hours: Record<WeekSlot, { from: number; to: number } | null>;
}

export const DEFAULT_WEEK: Week = { daysOff: [], hours: { ...DEFAULT_SLOT_HOURS } };

/** A stored week (JSON, or null for the default); anything unreadable is the default week. */
export function parseWeek(stored: string | null | undefined): Week {
  if (!stored) return DEFAULT_WEEK;
  try {
    const w = JSON.parse(stored) as Partial<Week>;
    const daysOff = Array.isArray(w.daysOff) ? w.daysOff.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : [];
    const hours = { ...DEFAULT_WEEK.hours };
    for (const s of WEEK_SLOTS) {
      const h = w.hours?.[s];
      if (h === null) hours[s] = null;
      else if (h && Number.isInteger(h.from) && Number.isInteger(h.to) && h.from < h.to)
        hours[s] = { from: h.from, to: h.to };
    }
    return { daysOff, hours };
  } catch {
    return DEFAULT_WEEK;
  }
}

/** The weekday of a YYYY-MM-DD day (0 = Sunday). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A week's hours per open slot, as `slotStart` takes them (a closed slot has none). */
export function slotHoursOf(week: Week): SlotHours {
  const hours: SlotHours = {};
  for (const s of WEEK_SLOTS) if (week.hours[s]) hours[s] = week.hours[s]!;
  return hours;
}

export const isOpenDay = (week: Week, day: string) => !week.daysOff.includes(weekdayOf(day));
/** "flexible" is open whenever the day is; a named part only when the listing works it. */
export const isOpenSlot = (week: Week, slot: string) =>
  slot === "flexible" || ((WEEK_SLOTS as readonly string[]).includes(slot) && week.hours[slot as WeekSlot] !== null);
export const openSlots = (week: Week): WeekSlot[] => WEEK_SLOTS.filter((s) => week.hours[s] !== null);

/**
 * The rule a day and a part of it must meet for this listing: an open weekday and a part it works. Throws a
 * VALIDATION error naming the field, in the words every door shows.
 */
export function assertOpen(
  week: Week,
  day: string | null | undefined,
  slot: string | null | undefined,
  fields = { day: "preferredDate", slot: "preferredTime" },
) {
  if (day && !isOpenDay(week, day))
    throw new ServiceError("VALIDATION", "errors.week.dayClosed", { [fields.day]: "errors.week.dayClosed" });
  if (slot && !isOpenSlot(week, slot))
    throw new ServiceError("VALIDATION", "errors.week.slotClosed", { [fields.slot]: "errors.week.slotClosed" });
}

/** A weekday's name in the reader's language (0 = Sunday); Sorani from our own table (browsers lack its data). */
export function weekdayName(weekday: number, lang: "en" | "ar" | "ku"): string {
  if (lang === "ku") return SORANI_WEEKDAYS[weekday];
  // 2026-11-22 was a Sunday
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-IQ" : "en-IQ", { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 10, 22 + weekday)),
  );
}

/** The first `count` open days from `from` on (within two weeks), for a day question. */
export function nextOpenDays(week: Week, from: string, count: number): string[] {
  const days: string[] = [];
  for (let i = 0; i < 14 && days.length < count; i++) {
    const day = addDays(from, i);
    if (isOpenDay(week, day)) days.push(day);
  }
  return days;
}

/** "Morning 9–13" in the reader's words and digits; "flexible" as the booking form names it. */
export function slotLabel(
  t: (key: string, params?: Record<string, string | number>) => string,
  week: Week,
  slot: string,
  lang: "en" | "ar" | "ku",
): string {
  const h = (WEEK_SLOTS as readonly string[]).includes(slot) ? week.hours[slot as WeekSlot] : null;
  // the usual hours keep the booking form's own label ("Evening (5PM-8PM)")
  const usual = DEFAULT_SLOT_HOURS[slot as WeekSlot];
  if (!h || (h.from === usual.from && h.to === usual.to)) return t(`booking.${slot}`);
  return t("week.hours", {
    slot: t(`week.slot.${slot}`),
    from: formatNumber(h.from, lang),
    to: formatNumber(h.to, lang),
  });
}

/** A day within the next two weeks as a button names it: its weekday and date, «شەممە ٢٨», "Saturday 28". */
export const shortDay = (day: string, lang: "en" | "ar" | "ku") =>
  `${weekdayName(weekdayOf(day), lang)} ${formatNumber(Number(day.slice(8, 10)), lang)}`;
