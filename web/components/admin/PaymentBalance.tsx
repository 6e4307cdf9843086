import { Form } from "@remix-run/react";
import { Wallet } from "lucide-react";
import { useTranslation } from "../../i18n/react";
import { useIqd } from "../provider/money";
import { card, secondaryButton } from "./shared";

/** A listing's totals over its payments: paid, refunded, fees and earnings. */
export interface ListingBalance {
  providerId: number;
  name: string;
  paid: number;
  refunded: number;
  earnings: number;
  fees: number;
  count: number;
}

/** A listing's balance, asked for by its number (null: no such listing; undefined: none asked yet). */
export function PaymentBalance({
  balance,
  provider,
}: {
  balance: ListingBalance | null | undefined;
  provider: string;
}) {
  const { t } = useTranslation();
  const iqd = useIqd();
  return (
    <section aria-labelledby="balance-title" className={card} data-testid="payments-balance">
      <h2 id="balance-title" className="text-lg font-bold">
        {t("admin.payments.balanceTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("admin.payments.balanceHint")}</p>
      <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="payments" />
        <label className="grid gap-1 text-sm font-medium">
          {t("admin.payments.balanceListing")}
          <input
            name="provider"
            defaultValue={provider}
            inputMode="numeric"
            dir="ltr"
            className="min-h-11 w-36 rounded-xl border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className={secondaryButton}>
          <Wallet aria-hidden className="size-4" />
          {t("admin.payments.show")}
        </button>
      </Form>
      {balance === null && <p className="mt-2 text-sm text-red-700">{t("admin.payments.balanceNotFound")}</p>}
      {balance && (
        <div className="mt-3" data-testid="balance-result">
          <p className="font-semibold">
            <bdi>{balance.name}</bdi> · {t("admin.payments.paymentsCount", { count: balance.count })}
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
            {(
              [
                ["paid", balance.paid],
                ["refundedTotal", balance.refunded],
                ["fees", balance.fees],
                ["earningsTotal", balance.earnings],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="rounded-xl bg-stone-50 p-2">
                <dt className="text-stone-600">{t(`admin.payments.${k}`)}</dt>
                <dd className="font-semibold">{iqd(v)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
