import { useState } from "react";
import { addDays, DATE_HORIZON_DAYS, iraqToday } from "../../domain/ids";
import { formatDay, SORANI_MONTHS, SORANI_WEEKDAYS } from "../../domain/text/dates";
import { formatNumber } from "../../domain/text/numbers";
import type { Lang } from "../../i18n/config";
import { intlLocale } from "../../i18n/config";
import { useLanguage, useTranslation } from "../i18n/react";

/** How many days are offered as named choices before the calendar. */
export const NAMED_DAYS = 14;
/** How many months the calendar shows past the named days. */
const CALENDAR_MONTHS = 6;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
/** Saturday first, as the week is read in Iraq: 0 = Saturday … 6 = Friday. */
const iraqWeekIndex = (day: string) => (utc(day).getUTCDay() + 1) % 7;

/** A day's parts in the reader's language and digits (Sorani by our own tables: browsers lack its data). */
export function dayParts(day: string, lang: Lang) {
  const d = utc(day);
  const num = formatNumber(d.getUTCDate(), lang, { useGrouping: false });
  if (lang === "ku")
    return { weekday: SORANI_WEEKDAYS[d.getUTCDay()], day: num, month: SORANI_MONTHS[d.getUTCMonth()] };
  const locale = intlLocale(lang);
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(d),
    day: num,
    month: new Intl.DateTimeFormat(locale, { month: lang === "en" ? "short" : "long", timeZone: "UTC" }).format(d),
  };
}

/** The seven weekday headers, Saturday first: [short, full]. */
function weekHeaders(lang: Lang): [string, string][] {
  // 2026-11-21 was a Saturday
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays("2026-11-21", i);
    const full = dayParts(day, lang).weekday;
    if (lang === "ku") return [["ش", "ی", "د", "س", "چ", "پ", "هـ"][i], full];
    const short = new Intl.DateTimeFormat(intlLocale(lang), {
      weekday: lang === "en" ? "short" : "narrow",
      timeZone: "UTC",
    }).format(utc(day));
    return [short, full];
  });
}

/**
 * Choosing a day in the reader's language and digits, instead of the browser's date input (which reads "mm/dd/yyyy"
 * whatever the page's language): the next 14 days as named choices ("Today", "Tomorrow", «الخميس ٢٦ تشرين الثاني»),
 * then a month calendar for later days, Saturday first. Every day is a radio of one group named `name` whose value is
 * YYYY-MM-DD, so the form posts what it always posted, with or without JavaScript, and arrow keys move between days.
 * `optional` adds "Any day" (an empty value). `closedWeekdays` (0 = Sunday … 6 = Saturday) are the listing's days off
 * (its week, ADR 044): never offered. `current` (moving a booking) is named "the booking's day" instead of its date:
 * another part of it may be chosen.
 */
export function DayPicker({
  name,
  label,
  value,
  optional,
  error,
  closedWeekdays = [],
  current,
}: {
  name: string;
  label: string;
  value?: string;
  optional?: boolean;
  error?: string;
  closedWeekdays?: number[];
  /** the booking's own day: named as such, not offered as a new one */ current?: string | null;
}) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const today = iraqToday(new Date());
  const last = addDays(today, DATE_HORIZON_DAYS);
  const closed = (day: string) => closedWeekdays.includes(utc(day).getUTCDay());
  // the next fourteen days the listing works, today first
  const named = Array.from({ length: NAMED_DAYS }, (_, i) => addDays(today, i)).filter((day) => !closed(day));
  const firstLater = addDays(today, NAMED_DAYS);
  const [chosen, setChosen] = useState(value ?? "");
  const later = chosen !== "" && chosen >= firstLater;
  const id = `field-${name}`;

  // one radio per day, all of the group `name`: the visible part is the peer span after it
  const radio = (day: string, spoken: string, testid: string) => (
    <input
      type="radio"
      name={name}
      value={day}
      defaultChecked={chosen === day}
      onChange={() => setChosen(day)}
      className="peer sr-only"
      aria-label={spoken}
      data-testid={testid}
    />
  );
  const chip = (day: string, top: string, bottom: string, testid: string) => (
    <label key={day || "any"} className="relative shrink-0 snap-start cursor-pointer">
      {radio(day, day ? `${top} ${bottom}` : top, testid)}
      <span
        className={
          "flex min-h-14 min-w-[4.5rem] flex-col items-center justify-center rounded-xl border border-stone-300 " +
          "bg-white px-3 py-1.5 text-center text-sm leading-tight peer-checked:border-brand-600 " +
          "peer-checked:bg-brand-50 peer-checked:font-semibold peer-focus-visible:ring-2 " +
          "peer-focus-visible:ring-brand-500"
        }
      >
        <span>{top}</span>
        {bottom && <span className="text-xs text-stone-600">{bottom}</span>}
      </span>
    </label>
  );

  // the calendar's months: from the month after the named days begin, CALENDAR_MONTHS of them
  const months: string[] = [];
  for (let i = 0; i < CALENDAR_MONTHS; i++) {
    const start = utc(firstLater);
    const m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)).toISOString().slice(0, 10);
    if (m <= last) months.push(m);
  }
  const headers = weekHeaders(lang);

  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      data-testid={`day-picker-${name}`}
    >
      <legend className="mb-2 text-sm font-medium text-stone-800">{label}</legend>
      <div className="relative -mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-2">
        {optional && chip("", t("days.anyDay"), "", `day-any-${name}`)}
        {named.map((day) => {
          const p = dayParts(day, lang);
          const top = day === today ? t("days.today") : day === addDays(today, 1) ? t("days.tomorrow") : p.weekday;
          return chip(day, top, day === current ? t("changeDay.currentDay") : `${p.day} ${p.month}`, `day-${day}`);
        })}
      </div>
      <details className="mt-1" open={later || undefined}>
        <summary
          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-1 text-sm font-medium text-brand-700"
          data-testid={`day-later-${name}`}
        >
          {t("days.laterDate")}
          {later && <span className="text-stone-700">· {formatDay(chosen, locale, "full")}</span>}
        </summary>
        <div className="mt-2 space-y-4">
          {months.map((month) => {
            const first = utc(month);
            const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0))
              .toISOString()
              .slice(0, 10);
            const days: string[] = [];
            for (let d = month; d <= lastOfMonth; d = addDays(d, 1)) days.push(d);
            const p = dayParts(month, lang);
            const year = formatNumber(first.getUTCFullYear(), lang, { useGrouping: false });
            return (
              <section key={month} aria-label={`${p.month} ${year}`}>
                <h3 className="mb-1 text-sm font-semibold">
                  {p.month} {year}
                </h3>
                <div className="grid grid-cols-7 gap-1 text-center text-sm">
                  {headers.map(([short, full]) => (
                    <abbr key={full} title={full} className="py-1 text-xs text-stone-500 no-underline">
                      {short}
                    </abbr>
                  ))}
                  {Array.from({ length: iraqWeekIndex(month) }, (_, i) => (
                    <span key={`blank-${i}`} />
                  ))}
                  {days.map((day) => {
                    const num = dayParts(day, lang).day;
                    if (day < firstLater || day > last || closed(day))
                      return (
                        <span
                          key={day}
                          className="flex min-h-11 items-center justify-center text-stone-300"
                          aria-hidden="true"
                        >
                          {num}
                        </span>
                      );
                    return (
                      <label key={day} className="relative cursor-pointer">
                        {radio(day, formatDay(day, locale, "full"), `day-${day}`)}
                        <span
                          className={
                            "flex min-h-11 items-center justify-center rounded-lg border border-transparent " +
                            "peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:font-semibold " +
                            "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:bg-stone-100"
                          }
                        >
                          {num}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </section>
            );
          })}
        </div>
      </details>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600" data-testid={`error-${name}`}>
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
