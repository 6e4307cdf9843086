import { Form } from "@remix-run/react";
import { slotHasBegun } from "../../domain/bookings/slotBegun";
import type { BookingView } from "../../domain/bookings/view";
import { useTranslation } from "../i18n/react";

/**
 * What happened after the booking, on its /bookings card (issue #28): the customer confirmed (the provider's card),
 * a no-show recorded, or, once the booked time has begun, "did not come" for either side.
 */
export function AfterBookingNotes({ booking, role, busy }: { booking: BookingView; role: "customer" | "provider"; busy: boolean }) {
  const { t } = useTranslation();
  const absentKey = (side: "customer" | "provider") => (side === "provider" ? "booking.noShowProvider" : "booking.noShowCustomer");
  return (
    <>
      {role === "provider" && booking.customerConfirmedAt && booking.status === "accepted" && (
        <p className="mt-1 text-sm font-medium text-brand-700" data-testid="customer-confirmed">
          {t("booking.customerConfirmed")}
        </p>
      )}
      {booking.noShow ? (
        <p className="mt-2 rounded-lg bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="no-show">
          {t("booking.noShowRecorded", { what: t(absentKey(booking.noShow)) })}
        </p>
      ) : (
        booking.status === "accepted" &&
        slotHasBegun(booking, new Date()) && (
          <Form method="post" className="mt-2">
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" name="intent" value="noShow" disabled={busy} className="min-h-11 w-full rounded-xl border border-red-200 px-3 text-sm font-semibold text-red-700 disabled:opacity-60" data-testid="no-show-button">
              {t(absentKey(role === "customer" ? "provider" : "customer"))}
            </button>
          </Form>
        )
      )}
    </>
  );
}
