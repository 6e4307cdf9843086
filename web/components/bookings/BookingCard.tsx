import { useNavigation } from "@remix-run/react";
import { CalendarDays, MapPin, UserRound } from "lucide-react";
import { titleAndDescription } from "../../../domain/bookings/jobText";
import type { BookingView } from "../../../domain/bookings/view";
import type { GatewayName } from "../../../domain/payments/gateway";
import { iraqToday } from "../../../domain/ids";
import { isOpenDay, isOpenSlot, type Week } from "../../../domain/providers/weekRules";
import type { MyReview } from "../../../domain/reviews/quickReview";
import { clip } from "../../../domain/text/clip";
import { formatDay } from "../../../domain/text/dates";
import { formatPhoneForDisplay } from "../../../domain/text/phone";
import { useLanguage, useTranslation } from "../../i18n/react";
import { AfterBookingNotes } from "../AfterBookingNotes";
import { DepositNote } from "../payments/DepositNote";
import { useIqd } from "../provider/money";
import { ProviderNames } from "../ProviderNames";
import { BookingActions, ResendOffer } from "./BookingActions";
import { ChangeDay, type DayProposalRow } from "./ChangeDay";
import { OnTheWay } from "./OnTheWay";
import { Review } from "./Review";

const TONE: Record<BookingView["status"], string> = {
  pending: "bg-amber-50 text-amber-800",
  accepted: "bg-brand-50 text-brand-700",
  declined: "bg-red-50 text-red-700",
  completed: "bg-stone-100 text-stone-700",
  cancelled: "bg-stone-100 text-stone-600",
  expired: "bg-stone-100 text-stone-600",
};

/**
 * One booking on /bookings, as its customer or its provider sees it: who and what, where and when, the price, and what
 * can be done next (the deposit, the after-booking notes, a review, on my way, a day change, another listing, the
 * status's buttons).
 */
export function BookingCard({
  booking,
  role,
  proposals,
  week,
  others = [],
  review,
  depositGateways,
}: {
  booking: BookingView;
  role: "customer" | "provider";
  proposals: DayProposalRow[];
  week: Week;
  others?: { id: number; name: string; sent: boolean }[];
  review?: MyReview;
  /** the ways a deposit can be paid here (none while deposits are off) */
  depositGateways: GatewayName[];
}) {
  const { t } = useTranslation();
  const iqd = useIqd();
  const { locale } = useLanguage();
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("bookingId") === String(booking.id);
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
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="booking-card"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs text-stone-500">{t("booking.reference", { id: booking.id })}</p>
          <h3 className="font-semibold">
            {role === "customer" ? (
              <ProviderNames name={booking.providerName} nameOther={booking.providerNameOther} />
            ) : (
              <bdi>{clip(job.title, 60) || t("account.jobRemoved")}</bdi>
            )}
          </h3>
          {role === "provider" && (
            // who booked, by name
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-700" data-testid="booking-customer">
              <UserRound aria-hidden className="size-4 shrink-0" />
              {booking.customerName ? <bdi>{booking.customerName}</bdi> : t("account.formerCustomer")}
            </p>
          )}
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${TONE[booking.status]}`}
          data-testid="booking-status"
        >
          {t(
            role === "provider" && booking.status === "pending"
              ? "booking.status.pendingForYou"
              : role === "provider" && booking.status === "expired"
                ? "booking.status.missed"
                : `booking.status.${booking.status}`,
          )}
        </span>
      </div>
      {role === "customer" && (
        // the job's title apart from its description (a booking from a request has both)
        <p dir="auto" className="mt-2 text-start text-sm text-stone-700" data-testid="booking-job">
          {job.description ? (
            <>
              <span className="block font-medium text-stone-800" data-testid="booking-job-title">
                {job.title}
              </span>
              <span className="block">{job.description}</span>
            </>
          ) : (
            job.title
          )}
        </p>
      )}
      {role === "provider" && job.description && (
        // the title apart from the description, cut at a word with an ellipsis
        <p dir="auto" className="mt-2 text-start text-sm text-stone-700" data-testid="booking-description">
          {clip(job.description, 160)}
        </p>
      )}
      {booking.customerLocation && (
        // a customer who left Dalil took their address with them (ADR 041): no empty line where it was
        <p className="mt-2 flex items-center gap-1.5 text-sm text-stone-600" data-testid="booking-location">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <bdi>{booking.customerLocation}</bdi>
        </p>
      )}
      {when && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600" data-testid="booking-when">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {when}
        </p>
      )}
      {role === "provider" &&
        (booking.status === "pending" || booking.status === "accepted") &&
        booking.preferredDate &&
        booking.preferredDate >= iraqToday(new Date()) &&
        (!isOpenDay(week, booking.preferredDate) || !isOpenSlot(week, booking.preferredTime ?? "flexible")) && (
          // a day the provider has since closed: asked to move it, never cancelled (ADR 044)
          <p
            role="note"
            className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="closed-day"
          >
            {t("changeDay.closedDay")}
          </p>
        )}
      {role === "provider" && booking.customerPhone && (
        <p className="mt-1 text-sm" data-testid="booking-phone">
          <a href={`tel:${booking.customerPhone}`} className="font-medium text-brand-700">
            <bdi dir="ltr" className="phone">
              {formatPhoneForDisplay(booking.customerPhone)}
            </bdi>
          </a>
        </p>
      )}
      {booking.estimatedCost !== null && booking.paidAmount === null && (
        // the price agreed on a quote, on both sides
        <p className="mt-1 text-sm font-medium text-stone-800" data-testid="agreed-price">
          {t("booking.agreedPrice", { amount: iqd(booking.estimatedCost) })}
        </p>
      )}
      {booking.paidAmount !== null && (
        <p className="mt-1 text-sm font-medium text-stone-800" data-testid="paid-amount">
          {t("dashboard.paid", { amount: iqd(booking.paidAmount) })}
        </p>
      )}
      <DepositNote booking={booking} role={role} gateways={depositGateways} busy={busy} />
      <AfterBookingNotes booking={booking} role={role} busy={busy} />
      {role === "customer" && <Review booking={booking} review={review} busy={busy} />}
      <OnTheWay booking={booking} role={role} busy={busy} />
      <ChangeDay
        booking={booking}
        role={role}
        proposals={proposals}
        week={week}
        busy={busy}
        otherName={role === "customer" ? booking.providerName : booking.customerName || t("account.formerCustomer")}
      />
      {role === "customer" && booking.status === "expired" && others.length > 0 && (
        <ResendOffer bookingId={booking.id} others={others} busy={busy} />
      )}
      <BookingActions booking={booking} role={role} busy={busy} />
    </li>
  );
}
