import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MessageCircle, Pencil } from "lucide-react";
import { changeBookingStatus } from "../../domain/bookings/changeBookingStatus";
import type { BookingView } from "../../domain/bookings/view";
import { getDashboard } from "../../domain/dashboard/getDashboard";
import { providerToDo } from "../../domain/dashboard/toDo";
import { answerDayProposal } from "../../domain/bookings/changeDay";
import { listProviderReviews } from "../../domain/reviews/listProviderReviews";
import { replyToReview } from "../../domain/reviews/replyToReview";
import { answerNoShow } from "../../domain/bookings/noShow";
import { ReviewReplies } from "../components/provider/ReviewReplies";
import { isServiceError } from "../../domain/errors";
import { setMyAvailability } from "../../domain/providers/myListing";
import { actionError, formObject } from "../actions.server";
import { card, primaryButton, secondaryButton, useResultToast, type ActionResult } from "../components/admin/shared";
import { AnalyticsChart } from "../components/provider/AnalyticsChart";
import { BookingLine, Empty, Section, ToDoList, useDate } from "../components/provider/DashboardParts";
import { useCount, useIqd } from "../components/provider/money";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { clip } from "../../domain/text/clip";
import { ProviderNames } from "../components/ProviderNames";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useLiveScreen } from "../useLiveEvents";
import { useRootData } from "../rootData";

export const meta: MetaFunction = () => [{ title: "Dashboard — Dalil" }];

/** Anonymous → sign in; no approved listing (a customer, a pending application) → /provider-application. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard");
  try {
    const dashboard = await getDashboard(servicesFor(context));
    // the newest reviews of the listing, each answerable once
    const [reviews, toDo] = await Promise.all([
      listProviderReviews(servicesFor(context), dashboard.listing.id, 10),
      providerToDo(servicesFor(context), dashboard.listing.id),
    ]);
    return { ...dashboard, reviews, toDo, now: Date.now() };
  } catch (e) {
    if (isServiceError(e) && e.code === "FORBIDDEN") throw redirect("/provider-application");
    throw e;
  }
}

const INTENTS = [
  "accept",
  "decline",
  "complete",
  "availability",
  "reply",
  "acceptDay",
  "declineDay",
  "answerNoShow",
] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard");
  const form = await formObject(request);
  const intent = form.intent as (typeof INTENTS)[number];
  if (!INTENTS.includes(intent)) throw new Response("Bad Request", { status: 400 });
  try {
    if (intent === "availability") await setMyAvailability(servicesFor(context), { available: form.available });
    else if (intent === "reply") await replyToReview(servicesFor(context), form.reviewId ?? "", { reply: form.reply });
    else if (intent === "answerNoShow")
      await answerNoShow(servicesFor(context), form.bookingId ?? "", { answer: form.answer });
    else if (intent === "acceptDay" || intent === "declineDay")
      await answerDayProposal(
        servicesFor(context),
        form.proposalId ?? "",
        intent === "acceptDay" ? "accept" : "decline",
      );
    else
      await changeBookingStatus(
        servicesFor(context),
        form.bookingId ?? "",
        intent,
        intent === "complete" ? { amount: form.amount } : undefined,
      );
    return { ok: true as const, intent };
  } catch (err) {
    return actionError(err);
  }
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  // new bookings and requests, status changes and accepted quotes appear without a reload
  useLiveScreen(useRootData()?.user?.id ?? null, ["booking", "request"]);
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const nav = useNavigation();
  const iqd = useIqd();
  const count = useCount();
  const date = useDate();
  const { lang } = useLanguage();
  const busyWith = nav.state === "submitting" ? nav.formData?.get("bookingId") : null;
  useResultToast(result, (r) => (r.ok ? { success: t("dashboard.saved") } : { failure: t("dashboard.failed") }));
  const { listing, analytics } = data;
  const stats: [string, string][] = [
    ["profileViews", count(analytics.totals.profileViews)],
    ["callClicks", count(analytics.totals.callClicks)],
    ["whatsappClicks", count(analytics.totals.whatsappClicks)],
    ["chatStarts", count(analytics.totals.chatStarts)],
    ["bookingRequests", count(analytics.totals.bookingRequests)],
    ["acceptedBookings", count(analytics.totals.acceptedBookings)],
    ["completedServices", count(analytics.totals.completedServices)],
    ["revenue", iqd(analytics.totals.revenue)],
    [
      "responseTime",
      analytics.medianResponseMinutes === null
        ? t("dashboard.none")
        : t("dashboard.minutes", { count: analytics.medianResponseMinutes, n: count(analytics.medianResponseMinutes) }),
    ],
    ["averageRating", analytics.averageRating === null ? t("dashboard.none") : count(analytics.averageRating)],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6" data-testid="dashboard">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{t("dashboard.title")}</h1>
          <p className="mt-1 break-words text-stone-700">
            <ProviderNames name={listing.name} nameOther={listing.nameOther} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/listing" className={secondaryButton} data-testid="edit-listing">
            <Pencil aria-hidden className="size-4" />
            {t("dashboard.editListing")}
          </Link>
          <Link to="/dashboard/billing" className={secondaryButton} data-testid="billing-link">
            {t("billing.title")}
          </Link>
          {!listing.hidden && (
            <Link to={`/provider/${listing.id}`} className={secondaryButton}>
              {t("dashboard.viewListing")}
            </Link>
          )}
        </div>
      </header>

      {listing.hidden && (
        <p
          role="status"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="listing-hidden"
        >
          {t("dashboard.hidden")}
        </p>
      )}

      {/* a request waits in one place, the to-do, with its address, phone, time left and answers */}
      <ToDoList
        items={data.toDo}
        busy={nav.state === "submitting"}
        requests={Object.fromEntries(data.toAnswer.map((b) => [b.id, b]))}
        now={data.now}
      />

      <section className={`${card} flex flex-wrap items-center justify-between gap-3`} data-testid="availability">
        <div className="min-w-0">
          <p
            className={`font-semibold ${listing.isAvailable ? "text-emerald-700" : "text-stone-700"}`}
            data-testid="availability-state"
          >
            {listing.isAvailable ? t("dashboard.available") : t("dashboard.unavailable")}
          </p>
          <p className="text-sm text-stone-600">{t("dashboard.availableHint")}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="availability" />
          <input type="hidden" name="available" value={listing.isAvailable ? "false" : "true"} />
          <button
            type="submit"
            className={listing.isAvailable ? secondaryButton : primaryButton}
            disabled={nav.state === "submitting"}
            data-testid="toggle-availability"
          >
            {listing.isAvailable ? t("dashboard.turnOff") : t("dashboard.turnOn")}
          </button>
        </Form>
      </section>

      <Section title={t("dashboard.upcoming")} id="upcoming">
        {data.upcoming.length === 0 ? (
          <Empty>{t("dashboard.upcomingEmpty")}</Empty>
        ) : (
          <ul className="space-y-3">
            {data.upcoming.map((b) => (
              <BookingLine key={b.id} booking={b as unknown as BookingView}>
                {b.estimatedCost !== null && <p className="mt-1 text-sm text-stone-700">{iqd(b.estimatedCost)}</p>}
                {b.noShow ? (
                  // once "did not come" is recorded, "Done" leaves the booking (ADR 056)
                  <p className="mt-2 rounded-lg bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="no-show">
                    {t("booking.noShowRecorded", {
                      what: t(b.noShow === "provider" ? "booking.noShowProvider" : "booking.noShowCustomer"),
                    })}
                  </p>
                ) : (
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="bookingId" value={b.id} />
                    <label className="min-w-0 flex-1 text-sm">
                      <span className="mb-1 block font-medium">{t("dashboard.amountReceived")}</span>
                      <input
                        name="amount"
                        inputMode="numeric"
                        dir="ltr"
                        defaultValue={b.estimatedCost ?? ""}
                        className="min-h-11 w-full rounded-xl border border-stone-300 px-3"
                        data-testid="amount"
                      />
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value="complete"
                      disabled={busyWith === String(b.id)}
                      className={primaryButton}
                      data-testid="complete"
                    >
                      {busyWith === String(b.id) ? t("dashboard.completing") : t("dashboard.complete")}
                    </button>
                  </Form>
                )}
              </BookingLine>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("dashboard.openRequests")} id="open-requests">
        {data.openRequests.length === 0 ? (
          <Empty>{t("dashboard.openRequestsEmpty")}</Empty>
        ) : (
          <ul className="space-y-3">
            {data.openRequests.map((r) => (
              <li key={r.id} className="rounded-xl border border-stone-200 p-3" data-testid="open-request">
                <p dir="auto" className="text-start font-medium break-words">
                  {r.title}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  {r.city ? localized({ name: r.city, nameAr: r.cityAr, nameKu: r.cityKu }, lang) : ""} ·{" "}
                  {r.budget !== null ? t("dashboard.budget", { amount: iqd(r.budget) }) : t("dashboard.noBudget")}
                </p>
                <p className="text-xs text-stone-500">
                  {t("dashboard.closes", { date: date(new Date(r.closesAt).toISOString()) })}
                </p>
                <Link
                  to={`/requests/${r.id}`}
                  className={`${r.myQuote ? secondaryButton : primaryButton} mt-2`}
                  data-testid="quote-link"
                >
                  {r.myQuote ? t("dashboard.quoted") : t("dashboard.sendQuote")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("dashboard.quotes")} id="my-quotes">
        {data.quotes.length === 0 ? (
          <Empty>{t("dashboard.quotesEmpty")}</Empty>
        ) : (
          <ul className="divide-y divide-stone-100">
            {data.quotes.map((q) => (
              <li key={q.id} className="flex items-center justify-between gap-2 py-2">
                <Link to={`/requests/${q.requestId}`} className="min-w-0 break-words font-medium text-brand-700">
                  {q.requestTitle}
                </Link>
                <span className="shrink-0 text-sm">
                  {iqd(q.price)} · <span data-testid="quote-state">{t(`dashboard.quoteState.${q.status}`)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("dashboard.past")} id="past">
        {data.past.length === 0 ? (
          <Empty>{t("dashboard.pastEmpty")}</Empty>
        ) : (
          <ul className="divide-y divide-stone-100">
            {data.past.map((b) => (
              <li key={b.id} className="py-2 text-sm">
                <p dir="auto" className="text-start break-words font-medium">
                  {clip(b.serviceDescription, 80)}
                </p>
                <p className="text-stone-600">
                  {t(b.status === "expired" ? "booking.status.missed" : `booking.status.${b.status}`)}
                  {b.paidAmount !== null && (
                    <>
                      {" "}
                      · <span data-testid="paid">{t("dashboard.paid", { amount: iqd(b.paidAmount) })}</span>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("dashboard.conversations")} id="conversations">
        {data.conversations.length === 0 ? (
          <Empty>{t("dashboard.conversationsEmpty")}</Empty>
        ) : (
          <ul className="divide-y divide-stone-100">
            {data.conversations.map((c) => (
              <li key={c.id}>
                <Link to="/messages" className="flex min-h-11 items-center gap-2 py-2">
                  <MessageCircle aria-hidden className="size-4 text-brand-700" />
                  <span className="min-w-0 flex-1 break-words">{c.customerName || t("account.formerCustomer")}</span>
                  {c.unread && (
                    <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-800">
                      {t("dashboard.unread")}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("review.yours")} id="reviews">
        {data.reviews.length === 0 ? (
          <Empty>{t("review.none")}</Empty>
        ) : (
          <ReviewReplies reviews={data.reviews} provider={data.listing.name} />
        )}
      </Section>

      <Section title={t("dashboard.analytics")} id="analytics">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {stats.map(([key, value]) => (
            <div key={key} className="rounded-xl bg-stone-50 p-2">
              <dt className="text-xs text-stone-600">{t(`dashboard.stat.${key}`)}</dt>
              <dd className="text-lg font-bold" data-testid={`stat-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <AnalyticsChart days={analytics.days} />
      </Section>
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
