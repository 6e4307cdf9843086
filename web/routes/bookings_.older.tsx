import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarDays, UserRound } from "lucide-react";
import { myArchivedBookings, myArchivedMonths } from "../../domain/bookings/archive";
import { titleAndDescription } from "../../domain/bookings/jobText";
import type { BookingView } from "../../domain/bookings/view";
import { isServiceError } from "../../domain/errors";
import { formatDay, formatMonth } from "../../domain/text/dates";
import { ProviderNames } from "../components/ProviderNames";
import { useIqd } from "../components/provider/money";
import { useLanguage, useTranslation } from "../i18n/react";
import { withCatalog } from "../i18n/pageCatalog";
import { servicesFor } from "../services.server";

/**
 * "Older bookings" (ADR 062): the person's closed bookings past 60 days (ADR 069), read from the archive one month at a
 * time (`?month=YYYY-MM`, the newest by default). Read-only: nothing happens to them any more.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/bookings/older");
  const ctx = servicesFor(context);
  const months = await myArchivedMonths(ctx);
  const asked = new URL(request.url).searchParams.get("month");
  const month = asked ?? months[0] ?? null;
  if (!month) return { months, month: null, asCustomer: [], asProvider: [], error: null };
  try {
    return { months, ...(await myArchivedBookings(ctx, month)), error: null };
  } catch (err) {
    if (isServiceError(err)) return { months, month: null, asCustomer: [], asProvider: [], error: err.messageKey };
    throw err;
  }
}

function OlderCard({ booking, role }: { booking: BookingView; role: "customer" | "provider" }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const iqd = useIqd();
  const job = titleAndDescription(booking.serviceDescription);
  const when = [
    booking.preferredDate ? formatDay(booking.preferredDate, locale, "full") : null,
    booking.preferredTime ? t(`booking.${booking.preferredTime}`) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      id={`booking-${booking.id}`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="older-booking"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs text-stone-500">{t("booking.reference", { id: booking.id })}</p>
          <h3 className="font-semibold">
            {role === "customer" ? (
              <ProviderNames name={booking.providerName} nameOther={booking.providerNameOther} />
            ) : (
              <bdi>{job.title || t("account.jobRemoved")}</bdi>
            )}
          </h3>
          {role === "provider" && (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-700">
              <UserRound aria-hidden className="size-4 shrink-0" />
              {booking.customerName ? <bdi>{booking.customerName}</bdi> : t("account.formerCustomer")}
            </p>
          )}
        </div>
        <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
          {t(`booking.status.${booking.status}`)}
        </span>
      </div>
      {role === "customer" && (
        <p dir="auto" className="mt-2 text-start text-sm text-stone-700">
          {job.title}
          {job.description ? ` · ${job.description}` : ""}
        </p>
      )}
      {when && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {when}
        </p>
      )}
      {booking.paidAmount !== null && (
        <p className="mt-1 text-sm font-medium text-stone-800">
          {t("dashboard.paid", { amount: iqd(booking.paidAmount) })}
        </p>
      )}
      {role === "customer" && booking.hasReview && (
        <p className="mt-2 text-sm font-medium text-brand-700">{t("review.done")}</p>
      )}
    </li>
  );
}

export default function OlderBookingsPage() {
  const { months, month, asCustomer, asProvider, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { locale } = useLanguage();
  // dates came through JSON: the cards read them as strings, as the day and the month
  const cards = (list: typeof asCustomer) => list as unknown as BookingView[];
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">{t("booking.older.title")}</h1>
        <p className="mt-1 text-sm text-stone-600">{t("booking.older.intro")}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {t(error)}
        </p>
      )}
      {months.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-stone-600 shadow-sm" data-testid="older-empty">
          {t("booking.older.empty")}
        </p>
      ) : (
        <nav aria-label={t("booking.older.months")} className="flex flex-wrap gap-2">
          {months.map((m) => (
            <Link
              key={m}
              to={`/bookings/older?month=${m}`}
              aria-current={m === month ? "page" : undefined}
              className={
                `inline-flex min-h-11 items-center rounded-xl px-3 text-sm ` +
                `font-medium ${m === month ? "bg-brand-600 text-white" : "bg-stone-100"}`
              }
            >
              {formatMonth(m, locale)}
            </Link>
          ))}
        </nav>
      )}
      {asProvider.length > 0 && (
        <section>
          <h2 className="mb-3 text-xl font-bold">{t("booking.requestsForMe")}</h2>
          <ul className="space-y-3">
            {cards(asProvider).map((b) => (
              <OlderCard key={b.id} booking={b} role="provider" />
            ))}
          </ul>
        </section>
      )}
      {asCustomer.length > 0 && (
        <section>
          <h2 className="mb-3 text-xl font-bold">{t("booking.myBookings")}</h2>
          <ul className="space-y-3">
            {cards(asCustomer).map((b) => (
              <OlderCard key={b.id} booking={b} role="customer" />
            ))}
          </ul>
        </section>
      )}
      <Link to="/bookings" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700">
        {t("booking.myBookings")}
      </Link>
    </div>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
