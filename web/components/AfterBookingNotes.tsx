import { Form } from "@remix-run/react";
import { noShowAnswerOpen } from "../../domain/bookings/afterBookingRules";
import { slotHasEnded } from "../../domain/bookings/slotEnded";
import type { BookingView } from "../../domain/bookings/view";
import { useTranslation } from "../i18n/react";

/**
 * What happened after the booking, on its /bookings card: the customer confirmed (the provider's card); "did not come"
 * recorded, with the absent side's answer beside it, or, for that side within 48 hours, the box to answer; or, once the
 * slot has ended, "did not come" for either side.
 */
export function AfterBookingNotes({
  booking,
  role,
  busy,
}: {
  booking: BookingView;
  role: "customer" | "provider";
  busy: boolean;
}) {
  const { t } = useTranslation();
  const absentKey = (side: "customer" | "provider") =>
    side === "provider" ? "booking.noShowProvider" : "booking.noShowCustomer";
  const answerKey = (side: "customer" | "provider") =>
    side === "provider" ? "booking.noShowAnswerOfProvider" : "booking.noShowAnswerOfCustomer";
  return (
    <>
      {role === "provider" && booking.customerConfirmedAt && booking.status === "accepted" && (
        <p className="mt-1 text-sm font-medium text-brand-700" data-testid="customer-confirmed">
          {t("booking.customerConfirmed")}
        </p>
      )}
      {booking.noShow ? (
        <div className="mt-2 space-y-1 rounded-lg bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="no-show">
          <p>{t("booking.noShowRecorded", { what: t(absentKey(booking.noShow)) })}</p>
          {booking.noShowAnswer !== null && (
            <p className="text-stone-800" data-testid="no-show-answer">
              {t(answerKey(booking.noShow))} <bdi dir="auto">{booking.noShowAnswer}</bdi>
            </p>
          )}
          {noShowAnswerOpen(booking, role, new Date()) && (
            <Form method="post" className="flex gap-2 pb-1" data-testid="no-show-answer-form">
              <input type="hidden" name="bookingId" value={booking.id} />
              <input type="hidden" name="intent" value="answerNoShow" />
              <input
                name="answer"
                required
                maxLength={1000}
                aria-label={t("booking.noShowAnswerLabel")}
                placeholder={t("booking.noShowAnswerLabel")}
                className="min-h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 text-stone-900"
              />
              <button
                type="submit"
                disabled={busy}
                className="min-h-11 shrink-0 rounded-xl bg-brand-600 px-3 font-semibold text-white disabled:opacity-60"
              >
                {t("booking.noShowAnswerSend")}
              </button>
            </Form>
          )}
        </div>
      ) : (
        booking.status === "accepted" &&
        slotHasEnded(booking, new Date()) && (
          <Form method="post" className="mt-2">
            <input type="hidden" name="bookingId" value={booking.id} />
            <button
              type="submit"
              name="intent"
              value="noShow"
              disabled={busy}
              className={
                "min-h-11 w-full rounded-xl border border-red-200 px-3 text-sm font-semibold text-red-700 " +
                "disabled:opacity-60"
              }
              data-testid="no-show-button"
            >
              {t(absentKey(role === "customer" ? "provider" : "customer"))}
            </button>
          </Form>
        )
      )}
    </>
  );
}
