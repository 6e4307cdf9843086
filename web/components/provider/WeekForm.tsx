import { Form, Link } from "@remix-run/react";
import { DEFAULT_SLOT_HOURS } from "../../../domain/bookings/slots";
import { formatDay } from "../../../domain/text/dates";
import { formatNumber } from "../../../domain/text/numbers";
import { WEEK_SLOTS, WEEKDAYS, weekdayName, type Week } from "../../../domain/providers/weekRules";
import { useLanguage, useTranslation } from "../../i18n/react";
import { card, primaryButton } from "../admin/shared";

const HOURS = Array.from({ length: 25 }, (_, h) => h);

/**
 * The provider's week on /dashboard/listing (ADR 044): days off (Saturday first, as the week is read in Iraq), each
 * part of the day worked or not with its hours, and the bookings on times it closed, each with its way to another day.
 * A plain form: it posts without JavaScript.
 */
export function WeekForm({
  week,
  toMove,
  saving,
  error,
}: {
  week: Week;
  toMove: { id: number; date: string; time: string | null }[];
  saving: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  return (
    <section className={`${card} space-y-4`} data-testid="week">
      <div>
        <h2 className="text-lg font-bold">{t("week.title")}</h2>
        <p className="mt-1 text-sm text-stone-700">{t("week.intro")}</p>
      </div>
      {toMove.length > 0 && (
        <div
          role="note"
          className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="to-move"
        >
          <h3 className="font-semibold">{t("week.toMoveTitle")}</h3>
          <p className="mt-1">{t("week.toMoveIntro")}</p>
          <ul className="mt-2 space-y-1">
            {toMove.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-center justify-between gap-2"
                data-testid={`to-move-${b.id}`}
              >
                <span>
                  {t("week.toMoveLine", {
                    id: b.id,
                    day: formatDay(b.date, locale, "full"),
                    slot: t(`booking.${b.time ?? "flexible"}`),
                  })}
                </span>
                <Link
                  to={`/bookings#booking-${b.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                >
                  {t("week.toMoveLink")}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="space-y-4" noValidate data-testid="week-form">
        {error && (
          <p role="alert" className="text-sm text-red-600" data-testid="week-error">
            {t(error)}
          </p>
        )}
        <input type="hidden" name="intent" value="week" />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("week.daysOff")}</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((d) => (
              <label
                key={d}
                className={
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white " +
                  "px-3 text-sm has-[:checked]:border-red-300 has-[:checked]:bg-red-50 " +
                  "has-[:checked]:text-red-800"
                }
              >
                <input
                  type="checkbox"
                  name={`off${d}`}
                  defaultChecked={week.daysOff.includes(d)}
                  className="accent-red-600"
                  data-testid={`day-off-${d}`}
                />
                {weekdayName(d, lang)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-3">
          {WEEK_SLOTS.map((slot) => {
            const h = week.hours[slot];
            return (
              <fieldset key={slot} className="rounded-xl border border-stone-200 p-3">
                <legend className="px-1 text-sm font-medium">{t(`week.slot.${slot}`)}</legend>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={`${slot}Open`}
                    defaultChecked={h !== null}
                    className="size-4 accent-brand-600"
                    data-testid={`slot-open-${slot}`}
                  />
                  {t("week.slotOpen", { slot: t(`week.slot.${slot}`) })}
                </label>
                <div className="mt-1 flex items-center gap-2 text-sm">
                  <HourSelect
                    label={t("week.from")}
                    name={`${slot}From`}
                    value={h?.from ?? DEFAULT_SLOT_HOURS[slot].from}
                    lang={lang}
                  />
                  <HourSelect
                    label={t("week.to")}
                    name={`${slot}To`}
                    value={h?.to ?? DEFAULT_SLOT_HOURS[slot].to}
                    lang={lang}
                  />
                </div>
              </fieldset>
            );
          })}
        </div>
        <button type="submit" className={`${primaryButton} w-full`} disabled={saving} data-testid="save-week">
          {saving ? t("week.saving") : t("week.save")}
        </button>
      </Form>
    </section>
  );
}

/** One end of a part of the day: the hours 0–24 in the reader's digits. */
function HourSelect({
  label,
  name,
  value,
  lang,
}: {
  label: string;
  name: string;
  value: number;
  lang: "en" | "ar" | "ku";
}) {
  return (
    <label className="flex items-center gap-1">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="min-h-11 rounded-xl border border-stone-300 bg-white px-2"
        data-testid={`hour-${name}`}
      >
        {HOURS.map((n) => (
          <option key={n} value={n}>
            {formatNumber(n, lang)}
          </option>
        ))}
      </select>
    </label>
  );
}
