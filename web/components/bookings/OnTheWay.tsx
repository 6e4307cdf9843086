import { Form } from "@remix-run/react";
import { Navigation } from "lucide-react";
import { providerDayActions } from "../../../domain/bookings/afterBookingRules";
import { iraqToday } from "../../../domain/ids";
import { isolate } from "../../../domain/text/bidi";
import { useTranslation } from "../../i18n/react";

type Booking = {
  id: number;
  status: string;
  preferredDate: string | null;
  onTheWayAt: Date | string | null;
  noShow?: string | null;
  providerName: string;
  providerNameOther: string | null;
};

/**
 * "On my way" on an accepted booking's day (ADR 044): the provider's button, the customer's line once said, and the
 * provider's "Can't make it" (the booking cancelled, the customer told).
 */
export function OnTheWay({ booking, role, busy }: { booking: Booking; role: "customer" | "provider"; busy: boolean }) {
  const { t } = useTranslation();
  if (booking.status !== "accepted") return null;
  if (role === "customer") {
    if (!booking.onTheWayAt) return null;
    return (
      <p
        className="mt-2 flex items-center gap-1.5 rounded-xl bg-brand-50 p-2 text-sm font-medium text-brand-800"
        data-testid="on-the-way"
      >
        <Navigation aria-hidden className="size-4 shrink-0" />
        <span>{t("onTheWay.customerSees", { provider: isolate(booking.providerName) })}</span>
      </p>
    );
  }
  const { onMyWay } = providerDayActions({ ...booking, status: "accepted" }, iraqToday(new Date()));
  return (
    <div className="mt-3 space-y-2">
      {onMyWay ? (
        <Form method="post">
          <input type="hidden" name="bookingId" value={booking.id} />
          <button
            type="submit"
            name="intent"
            value="onMyWay"
            disabled={busy}
            className={
              "flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-amber-500 px-3 text-sm " +
              "font-semibold text-stone-900 disabled:opacity-60"
            }
            data-testid="on-my-way"
          >
            <Navigation aria-hidden className="size-4 shrink-0" />
            {t("onTheWay.button")}
          </button>
        </Form>
      ) : (
        booking.onTheWayAt && (
          <p className="text-sm font-medium text-brand-700" data-testid="on-the-way">
            {t("onTheWay.said")}
          </p>
        )
      )}
      <details className="rounded-xl border border-stone-200 p-3">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-red-700">
          {t("booking.withdraw")}
        </summary>
        <p className="mt-1 text-sm text-stone-700">
          {t("changeDay.bot.cantMakeIt", { ref: t("booking.reference", { id: booking.id }) })}
        </p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="bookingId" value={booking.id} />
          <button
            type="submit"
            name="intent"
            value="withdraw"
            disabled={busy}
            className="min-h-11 w-full rounded-xl bg-red-50 px-3 text-sm font-semibold text-red-700 disabled:opacity-60"
            data-testid="withdraw"
          >
            {t("changeDay.bot.cancelIt", { id: booking.id })}
          </button>
        </Form>
      </details>
    </div>
  );
}
