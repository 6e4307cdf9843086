import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { dayCanMove, proposalsLeft } from "../../domain/bookings/afterBookingRules";
import { dayProposalsOf, proposeDay } from "../../domain/bookings/changeDay";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { isServiceError } from "../../domain/errors";
import { listingWeek } from "../../domain/providers/week";
import { openSlots, slotLabel } from "../../domain/providers/weekRules";
import { formatDay } from "../../domain/text/dates";
import { actionError, formObject } from "../actions.server";
import { card } from "../components/admin/shared";
import { DayPicker } from "../components/DayPicker";
import { Alert } from "../components/form";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { useLanguage, useTranslation } from "../i18n/react";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { servicesFor } from "../services.server";

/**
 * Another day for a booking (ADR 044): its own page, reached from the booking card's "Change the day". The day picker
 * lives here and not on /bookings, whose first-load JavaScript is at its budget; the page is a plain form, so it works
 * before (and without) the JavaScript.
 */
export const meta: MetaFunction = () => [{ title: "Dalil" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect(`/login?redirectTo=${encodeURIComponent(`/bookings/${params.id ?? ""}/day`)}`);
  const ctx = servicesFor(context);
  try {
    const booking = await getMyBooking(ctx, params.id ?? "");
    const [week, proposals] = await Promise.all([
      listingWeek(ctx, booking.providerId),
      dayProposalsOf(ctx, String(booking.id)),
    ]);
    return {
      booking: { id: booking.id, status: booking.status, date: booking.preferredDate, time: booking.preferredTime },
      week,
      left: proposalsLeft(proposals.length),
    };
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND") return data({ missing: true as const }, { status: 404 });
    throw e;
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/bookings");
  const form = await formObject(request);
  try {
    await proposeDay(servicesFor(context), params.id ?? "", form);
    // back to the card, where the proposal now waits in the history
    return redirect(`/bookings#booking-${params.id ?? ""}`);
  } catch (err) {
    return actionError(err, form);
  }
}

export default function ChangeDayPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const nav = useNavigation();
  if ("missing" in loaded) return <NotFoundScreen />;
  const { booking, week, left } = loaded;
  const error = result && !result.ok ? result.error : undefined;
  const fields = error?.fields ?? {};
  // what was chosen, back from a refused proposal (the form's own fields)
  const values: Record<string, string> = (result && !result.ok ? result.values : null) ?? {};
  const open = dayCanMove(booking.status);
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="change-day-page">
      <Link to={`/bookings#booking-${booking.id}`} className="text-sm font-medium text-brand-700">
        {t("booking.reference", { id: booking.id })}
      </Link>
      <h1 className="text-2xl font-bold">{t("changeDay.open")}</h1>
      {booking.date && (
        <p className="text-stone-700">
          {formatDay(booking.date, locale, "full")}
          {booking.time ? ` · ${t(`booking.${booking.time}`)}` : ""}
        </p>
      )}
      {!open || left <= 0 ? (
        <p className="text-stone-700">{t(open ? "changeDay.noneLeft" : "changeDay.errors.status")}</p>
      ) : (
        <Form method="post" className={`${card} space-y-4`} noValidate>
          {error && Object.keys(fields).length === 0 && <Alert>{t(error.messageKey, error.params)}</Alert>}
          <DayPicker
            name="date"
            label={t("changeDay.newDay")}
            closedWeekdays={week.daysOff}
            value={values.date}
            error={fields.date}
            current={booking.date}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t("changeDay.newTime")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {[...openSlots(week), "flexible"].map((slot) => (
                <label
                  key={slot}
                  className={
                    "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white " +
                    "px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                  }
                >
                  <input
                    type="radio"
                    name="time"
                    value={slot}
                    defaultChecked={values.time ? values.time === slot : booking.time === slot}
                    className="accent-brand-600"
                  />
                  {slotLabel(t, week, slot, lang)}
                </label>
              ))}
            </div>
            {fields.time && <p className="mt-1 text-sm text-red-700">{t(fields.time)}</p>}
          </fieldset>
          <p className="text-xs text-stone-600">{t("changeDay.left", { count: left })}</p>
          <button
            type="submit"
            disabled={nav.state === "submitting"}
            className="min-h-11 w-full rounded-xl bg-brand-600 font-semibold text-white disabled:opacity-60"
            data-testid="send-proposal"
          >
            {nav.state === "submitting" ? t("changeDay.sending") : t("changeDay.send")}
          </button>
        </Form>
      )}
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
