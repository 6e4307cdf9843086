import { Link } from "@remix-run/react";
import type { PaymentView } from "../../../domain/payments/payments";
import { useLanguage, useTranslation } from "../../i18n/react";
import { formatDay } from "../../../domain/text/dates";
import { primaryButton } from "../admin/shared";
import { useIqd } from "../provider/money";

type Gateway = "zaincash" | "qicard" | "fib";

/** One button per way of paying this Dalil offers; the form they sit in says what is paid for. */
export function GatewayButtons({ gateways, busy, label }: { gateways: Gateway[]; busy: boolean; label: string }) {
  const { t } = useTranslation();
  if (gateways.length === 0) return <p className="text-sm text-stone-600">{t("billing.noGateways")}</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">{label}</p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {gateways.map((g) => (
          <button
            key={g}
            type="submit"
            name="gateway"
            value={g}
            className={`${primaryButton} w-full`}
            disabled={busy}
            data-testid={`pay-${g}`}
          >
            {t(`payments.gateway.${g}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

const TONE: Record<string, string> = {
  paid: "bg-emerald-50 text-emerald-800",
  pending: "bg-amber-50 text-amber-800",
  refunded: "bg-stone-100 text-stone-700",
  partially_refunded: "bg-stone-100 text-stone-700",
};

/** A payment on one line: what for, how much, how, its state and day; the payer's own open it. */
export function PaymentLine({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const iqd = useIqd();
  return (
    <div
      className="flex items-center justify-between gap-3 border-t border-stone-100 py-2 text-sm"
      data-testid="payment-line"
    >
      <div className="min-w-0">
        <p className="font-medium">{t(`payments.purpose.${payment.purpose}`)}</p>
        <p className="text-stone-600">
          {t(`payments.gateway.${payment.gateway}`)} ·{" "}
          {formatDay(new Date(payment.createdAt).toISOString().slice(0, 10), locale)}
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className="font-semibold">{iqd(payment.amount)}</p>
        <Link
          to={`/payments/${payment.id}`}
          className={
            "inline-block rounded-full px-2 py-0.5 text-xs " + (TONE[payment.status] ?? "bg-red-50 text-red-800")
          }
        >
          {t(`payments.status.${payment.status}`)}
        </Link>
      </div>
    </div>
  );
}
