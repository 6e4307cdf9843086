import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarClock, Check, Phone, X } from "lucide-react";
import { isServiceError } from "../../domain/errors";
import { listingWeek } from "../../domain/providers/week";
import { openSlots, slotLabel } from "../../domain/providers/weekRules";
import { answerListingLink, openListingLink } from "../../domain/reach/listingLink";
import { isolate } from "../../domain/text/bidi";
import { formatDay } from "../../domain/text/dates";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { actionError, formObject } from "../actions.server";
import { card } from "../components/admin/shared";
import { DayPicker } from "../components/DayPicker";
import { Alert } from "../components/form";
import { InvalidLink, LinkFooter, linkButton, linkHeaders, linkMeta } from "../components/ListingLinkParts";
import { useLanguage, useTranslation } from "../i18n/react";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { servicesFor } from "../services.server";

/**
 * The page a listing's number opens from the SMS or WhatsApp message about a request (ADR 047): no account, only the
 * message's single-use link. A plain form: it works before (and without) JavaScript.
 */
export const meta = linkMeta;

// the page answers for one number: never kept by a cache, never sent on as a referrer
export const headers = linkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = servicesFor(context);
  try {
    const view = await openListingLink(ctx, params.token ?? "");
    const week = view.state === "open" ? await listingWeek(ctx, view.providerId) : null;
    return data({ view, week }, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND")
      return data({ invalid: true as const }, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw e;
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  try {
    const done = await answerListingLink(servicesFor(context), params.token ?? "", form);
    return { ok: true as const, done: done.action };
  } catch (err) {
    return actionError(err, form);
  }
}

export default function ListingLinkPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  if ("invalid" in loaded) return <InvalidLink />;
  const { view, week } = loaded;
  const b = view.booking;
  const error = result && !result.ok ? result.error : undefined;
  const fields = error?.fields ?? {};
  const done = result && result.ok ? result.done : null;
  const open = view.state === "open" && !done;
  const button = linkButton;
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="listing-link">
      <h1 className="text-2xl font-bold">{t("reach.page.title", { id: b.id })}</h1>
      <p className="text-stone-600">{t("reach.page.for", { provider: isolate(b.providerName) })}</p>
      <div className={`${card} space-y-2`}>
        <p className="font-medium">
          <bdi>{b.serviceDescription}</bdi>
        </p>
        <p className="text-stone-700">
          {b.preferredDate ? formatDay(b.preferredDate, locale, "full") : t("notices.anyDay")} ·{" "}
          {t(`booking.${b.preferredTime ?? "flexible"}`)}
        </p>
        <p className="text-stone-700">
          {t("reach.page.customer", { customer: isolate(b.customer) })} · <bdi>{b.customerLocation}</bdi>
        </p>
        {b.customerPhone && (
          <a
            href={`tel:${b.customerPhone}`}
            className={`${button} bg-stone-100 text-stone-900`}
            data-testid="call-customer"
          >
            <Phone aria-hidden className="size-4" />
            {t("reach.page.call")} <bdi dir="ltr">{formatPhoneForDisplay(b.customerPhone)}</bdi>
          </a>
        )}
      </div>
      {done && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 font-medium text-brand-800" data-testid="link-done">
          {t(`reach.page.done.${done}`)}
        </p>
      )}
      {error && Object.keys(fields).length === 0 && <Alert>{t(error.messageKey, error.params)}</Alert>}
      {!done && view.state !== "open" && (
        <p className="rounded-xl bg-stone-100 p-3 text-stone-800" data-testid="link-state">
          {t(view.state === "used" ? "reach.page.used" : "reach.page.closed", {
            status: t(`booking.status.${b.status}`),
          })}
        </p>
      )}
      {open && b.status === "pending" && (
        <Form method="post" className="grid grid-cols-2 gap-2">
          <button
            type="submit"
            name="action"
            value="accept"
            disabled={busy}
            className={`${button} bg-brand-600 text-white`}
            data-testid="link-accept"
          >
            <Check aria-hidden className="size-4" />
            {t("reach.page.accept")}
          </button>
          <button
            type="submit"
            name="action"
            value="decline"
            disabled={busy}
            className={`${button} bg-stone-100 text-stone-900`}
            data-testid="link-decline"
          >
            <X aria-hidden className="size-4" />
            {t("reach.page.decline")}
          </button>
        </Form>
      )}
      {open &&
        view.proposals.map((p) => (
          <Form key={p.id} method="post" className={`${card} space-y-2`}>
            <p>
              {t("reach.page.customerDay", { day: formatDay(p.date, locale, "full"), slot: t(`booking.${p.time}`) })}
            </p>
            <input type="hidden" name="proposalId" value={p.id} />
            <div className="grid grid-cols-2 gap-2">
              <button
                type="submit"
                name="action"
                value="acceptDay"
                disabled={busy}
                className={`${button} bg-brand-600 text-white`}
              >
                {t("changeDay.acceptButton")}
              </button>
              <button
                type="submit"
                name="action"
                value="declineDay"
                disabled={busy}
                className={`${button} bg-stone-100 text-stone-900`}
              >
                {t("changeDay.declineButton")}
              </button>
            </div>
          </Form>
        ))}
      {open && week && (
        <details className={card}>
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
            <CalendarClock aria-hidden className="size-4" />
            {t("reach.page.anotherDay")}
          </summary>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <input type="hidden" name="action" value="propose" />
            <DayPicker name="date" label={t("changeDay.newDay")} closedWeekdays={week.daysOff} error={fields.date} />
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t("changeDay.newTime")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {[...openSlots(week), "flexible"].map((slot, i) => (
                  <label
                    key={slot}
                    className={
                      "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 " +
                      "bg-white px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                    }
                  >
                    <input
                      type="radio"
                      name="time"
                      value={slot}
                      defaultChecked={i === 0}
                      className="accent-brand-600"
                    />
                    {slotLabel(t, week, slot, lang)}
                  </label>
                ))}
              </div>
              {fields.time && <p className="mt-1 text-sm text-red-700">{t(fields.time)}</p>}
            </fieldset>
            <button type="submit" disabled={busy} className={`${button} bg-brand-600 text-white`}>
              {t("changeDay.send")}
            </button>
          </Form>
        </details>
      )}
      <LinkFooter open={open} busy={busy} />
    </section>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
