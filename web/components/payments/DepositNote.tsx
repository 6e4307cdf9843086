import { Form } from "@remix-run/react";
import type { BookingView } from "../../../domain/bookings/view";
import { useTranslation } from "../../i18n/react";
import { useIqd } from "../provider/money";
import { GatewayButtons } from "./PaymentParts";

type Gateway = "zaincash" | "qicard" | "fib";

/**
 * A booking's deposit on its card (ADR 085): the customer pays it here while the booking stands, sees it paid or
 * returned; the provider sees whether it is paid. A listing that asks none says nothing: cash is the default.
 */
export function DepositNote({
  booking,
  role,
  gateways,
  busy,
}: {
  booking: BookingView;
  role: "customer" | "provider";
  gateways: Gateway[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const iqd = useIqd();
  const d = booking.deposit;
  if (d && (d.status === "refunded" || d.status === "partially_refunded"))
    return (
      <p className="mt-2 text-sm text-stone-700" data-testid="deposit-state">
        {t("payments.deposit.returned", { amount: iqd(d.amount) })}
      </p>
    );
  if (d?.status === "paid")
    return (
      <p className="mt-2 text-sm font-medium text-emerald-800" data-testid="deposit-state">
        {role === "customer"
          ? t("payments.deposit.paid", { amount: iqd(d.amount) })
          : t("payments.deposit.providerPaid", { amount: iqd(d.amount) })}
      </p>
    );
  const open = booking.status === "pending" || booking.status === "accepted";
  if (!booking.depositAsked || !open || gateways.length === 0) return null;
  if (role === "provider")
    return (
      <p className="mt-2 text-sm text-stone-600" data-testid="deposit-state">
        {t("payments.deposit.providerWaiting")}
      </p>
    );
  return (
    <Form method="post" className="mt-3 space-y-2 rounded-xl bg-stone-50 p-3" data-testid="deposit-pay">
      <p className="text-sm text-stone-700">{t("payments.deposit.asked", { amount: iqd(booking.depositAsked) })}</p>
      <input type="hidden" name="intent" value="payDeposit" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <GatewayButtons
        gateways={gateways}
        busy={busy}
        label={t("payments.deposit.payNow", { amount: iqd(booking.depositAsked) })}
      />
    </Form>
  );
}
