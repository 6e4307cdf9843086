import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { BadgeCheck, CalendarDays, Clock, MapPin } from "lucide-react";
import { listInLanguage } from "../../domain/text/listInLanguage";
import { markNotificationsReadAbout } from "../../domain/notifications/notifications";
import { isServiceError } from "../../domain/errors";
import { acceptProposal } from "../../domain/requests/acceptProposal";
import { createProposal } from "../../domain/requests/createProposal";
import { getServiceRequest } from "../../domain/requests/readRequests";
import { actionError, formObject } from "../actions.server";
import { card, primaryButton, secondaryButton, useResultToast, type ActionResult } from "../components/admin/shared";
import { Alert, Field, SubmitButton } from "../components/form";
import { TextAreaField } from "../components/fields";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { useIqd } from "../components/provider/money";
import { Stars } from "../components/Stars";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { formatDay } from "../../domain/text/dates";
import { ProviderNames } from "../components/ProviderNames";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { DayPicker } from "../components/DayPicker";
import { urgencyKey } from "../../domain/text/localParams";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "page" in data ? `${data.page.request.title} — Dalil` : "Dalil" },
];

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  if (!context.account) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  try {
    const ctx = servicesFor(context);
    const page = await getServiceRequest(ctx, params.id ?? "");
    // the request is on screen: its notifications (a quote, a posted request) are read
    await markNotificationsReadAbout(ctx, { type: "request", relatedId: page.request.id });
    return { page };
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND") return data({ missing: true as const }, { status: 404 });
    throw e;
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login");
  const form = await formObject(request);
  try {
    if (form.intent === "accept") {
      await acceptProposal(servicesFor(context), params.id ?? "", form.quoteId ?? "");
      return { ok: true as const, intent: "accept" };
    }
    await createProposal(servicesFor(context), params.id ?? "", form);
    return { ok: true as const, intent: "quote" };
  } catch (err) {
    return actionError(err);
  }
}

function useDay() {
  const { locale } = useLanguage();
  return (ymd: string) => formatDay(ymd.slice(0, 10), locale);
}

export default function RequestPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const nav = useNavigation();
  const iqd = useIqd();
  const day = useDay();
  const [params] = useSearchParams();
  const { lang } = useLanguage();
  useResultToast(result, (r) =>
    r.ok
      ? { success: r.intent === "accept" ? t("requests.accepted") : t("requests.quoteSent") }
      : r.error && Object.keys(r.error.fields).length
        ? null
        : { failure: t("dashboard.failed") },
  );
  if ("missing" in loaded) return <NotFoundScreen />;
  const { request, quotes, as, canQuote } = loaded.page;
  const error = result && !result.ok ? result.error : undefined;
  const fields = error?.fields ?? {};
  const accepted = quotes.some((q) => q.status === "accepted");
  const budget =
    request.budget !== null ? t("dashboard.budget", { amount: iqd(request.budget) }) : t("dashboard.noBudget");
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="request-page">
      <Link to={as === "customer" ? "/requests" : "/dashboard"} className="text-sm font-medium text-brand-700">
        {t("requests.back")}
      </Link>
      {/* "posted" greets the request just made; once a quote is taken (or the request ends) it would be stale */}
      {params.get("posted") && request.state === "open" && !accepted && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-sm text-brand-700">
          {t("requests.posted")}
        </p>
      )}
      <section className={card}>
        <div className="flex items-start justify-between gap-2">
          <h1 dir="auto" className="min-w-0 text-start break-words text-xl font-bold">
            {request.title}
          </h1>
          <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs" data-testid="request-state">
            {t(`requests.state.${request.state}`)}
          </span>
        </div>
        <p dir="auto" className="mt-2 text-start whitespace-pre-line break-words text-stone-800">
          {request.description}
        </p>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 break-words">
            {listInLanguage(
              [
                request.location,
                request.city
                  ? localized({ name: request.city, nameAr: request.cityAr, nameKu: request.cityKu }, lang)
                  : null,
              ],
              lang,
            )}
          </span>
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {budget} · {t(urgencyKey(request.urgency))}
        </p>
        {request.state === "open" && (
          <p className="mt-1 text-xs text-stone-500">
            {t("dashboard.closes", { date: day(new Date(request.closesAt).toISOString()) })}
          </p>
        )}
      </section>

      <section className="space-y-3" aria-labelledby="quotes-title">
        <h2 id="quotes-title" className="text-lg font-bold">
          {as === "customer" ? t("requests.quotes") : t("requests.yourQuote")}
        </h2>
        {quotes.length === 0 && as === "customer" && <p className="text-sm text-stone-600">{t("requests.noQuotes")}</p>}
        <ul className="space-y-3">
          {quotes.map((q) => (
            <li key={q.id} className={card} data-testid="quote">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex min-w-0 items-center gap-1.5 break-words font-semibold">
                  <ProviderNames name={q.providerName} nameOther={q.providerNameOther} />
                  {q.providerVerified && (
                    <span className="inline-flex items-center gap-0.5 text-xs font-medium text-brand-700">
                      <BadgeCheck aria-hidden className="size-4" />
                      {t("requests.verified")}
                    </span>
                  )}
                </p>
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs" data-testid="quote-state">
                  {t(`dashboard.quoteState.${q.status}`)}
                </span>
              </div>
              <Stars rating={q.providerRating} reviewCount={q.providerReviewCount} />
              <p dir="auto" className="mt-2 text-start whitespace-pre-line break-words text-stone-800">
                {q.message}
              </p>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-stone-500">{t("requests.price")}</dt>
                  <dd className="font-bold" data-testid="quote-price">
                    {iqd(q.price)}
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1 text-stone-500">
                    <Clock aria-hidden className="size-3.5" />
                    {t("requests.duration")}
                  </dt>
                  <dd className="break-words">{q.duration}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1 text-stone-500">
                    <CalendarDays aria-hidden className="size-3.5" />
                    {t("requests.availableOn")}
                  </dt>
                  <dd>{q.availableOn ? day(q.availableOn) : "—"}</dd>
                </div>
              </dl>
              {as === "customer" && request.state === "open" && q.status === "pending" && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="quoteId" value={q.id} />
                  <button
                    type="submit"
                    className={`${primaryButton} w-full`}
                    disabled={nav.state === "submitting"}
                    data-testid="accept-quote"
                  >
                    {nav.state === "submitting" && nav.formData?.get("quoteId") === String(q.id)
                      ? t("requests.accepting")
                      : t("requests.accept")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {as === "customer" && accepted && (
          <Link to="/bookings" className={`${secondaryButton} w-full`} data-testid="see-booking">
            {t("requests.seeBooking")}
          </Link>
        )}
      </section>

      {canQuote && (
        <Form method="post" className={`${card} space-y-4`} noValidate data-testid="quote-form">
          <h2 className="text-lg font-bold">{t("dashboard.sendQuote")}</h2>
          {error && Object.keys(fields).length === 0 && <Alert>{t(error.messageKey, error.params)}</Alert>}
          <input type="hidden" name="intent" value="quote" />
          <TextAreaField label={t("requests.quoteMessage")} name="message" required error={fields.message} />
          <Field
            label={t("requests.quotePrice")}
            name="price"
            inputMode="numeric"
            dir="ltr"
            required
            error={fields.price}
          />
          <Field
            label={t("requests.quoteDuration")}
            name="duration"
            placeholder={t("requests.quoteDurationPlaceholder")}
            required
            error={fields.duration}
          />
          <DayPicker label={t("requests.quoteDate")} name="availableOn" error={fields.availableOn} />
          <SubmitButton
            pending={nav.state === "submitting"}
            label={t("requests.sendQuote")}
            pendingLabel={t("requests.sending")}
          />
        </Form>
      )}
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
