import { Form, Link, useSearchParams } from "@remix-run/react";
import { Download } from "lucide-react";
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../../../db/schema/paymentChoices";
import { useTranslation } from "../../i18n/react";
import { SelectField } from "../fields";
import { ContestedDeposits, type ContestedDeposit } from "./ContestedDeposits";
import { PaymentBalance, type ListingBalance } from "./PaymentBalance";
import { PaymentPrices, type Prices } from "./PaymentPrices";
import { gatewayName, PaymentRow, type PaymentEvent, type PaymentRowData } from "./PaymentRow";
import { card, secondaryButton } from "./shared";

interface Data {
  list: { items: PaymentRowData[]; next: number | null };
  prices: Prices;
  contested: ContestedDeposit[];
  balance?: ListingBalance | null;
  story: { id: number; items: PaymentEvent[] } | null;
  filters: { gateway?: string; status?: string; purpose?: string };
  provider: string;
}

const FILTERS = [
  ["gateway", PAYMENT_METHODS],
  ["status", PAYMENT_STATUSES],
  ["purpose", PAYMENT_PURPOSES],
] as const;

/**
 * The admin's payments (ADR 085): contested deposits first, then
 * the list with its filters, a listing's balance and the prices.
 */
export function PaymentsTab({ data }: { data: Data }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filterQuery = new URLSearchParams(
    Object.entries(data.filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const keep = (extra: Record<string, string>) => {
    const next = new URLSearchParams(params);
    next.set("tab", "payments");
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `/admin?${next.toString()}`;
  };
  return (
    <div className="space-y-6">
      <ContestedDeposits rows={data.contested} />
      <section aria-labelledby="payments-title">
        <h2 id="payments-title" className="text-lg font-bold">
          {t("admin.payments.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("admin.payments.intro")}</p>
        <Form
          method="get"
          className={`${card} mt-3 grid grid-cols-1 gap-2 sm:grid-cols-4 sm:items-end`}
          data-testid="payments-filters"
        >
          <input type="hidden" name="tab" value="payments" />
          {FILTERS.map(([name, values]) => (
            <SelectField
              key={name}
              label={t(`admin.payments.${name}`)}
              name={name}
              defaultValue={data.filters[name] ?? ""}
              options={[
                { value: "", label: t("admin.payments.all") },
                ...values.map((v) => ({
                  value: v,
                  label:
                    name === "gateway"
                      ? gatewayName(t, v)
                      : t(`admin.payments.${name === "status" ? "statuses" : "purposes"}.${v}`),
                })),
              ]}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={secondaryButton}>
              {t("admin.payments.show")}
            </button>
            <a
              href={`/api/admin/payments.csv${filterQuery ? `?${filterQuery}` : ""}`}
              download
              className={secondaryButton}
              data-testid="payments-csv"
            >
              <Download aria-hidden className="size-4" />
              {t("admin.payments.csv")}
            </a>
          </div>
        </Form>
        {data.list.items.length === 0 ? (
          <p className={`${card} mt-3 text-center text-stone-600`}>{t("admin.payments.empty")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {data.list.items.map((r) => (
              <PaymentRow
                key={r.id}
                row={r}
                story={data.story?.id === r.id ? data.story.items : null}
                storyHref={keep({ events: String(r.id) })}
                balanceHref={keep({ provider: String(r.providerId) })}
              />
            ))}
          </ul>
        )}
        {data.list.next !== null && (
          <Link
            to={keep({ before: String(data.list.next) })}
            className={`${secondaryButton} mt-3`}
            data-testid="payments-older"
          >
            {t("admin.payments.older")}
          </Link>
        )}
      </section>
      <PaymentBalance balance={data.balance} provider={data.provider} />
      <PaymentPrices prices={data.prices} />
    </div>
  );
}
