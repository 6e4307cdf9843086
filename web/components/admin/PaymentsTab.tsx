import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { Download, History, Undo2, Wallet } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../../../db/schema/paymentChoices";
import { formatDate } from "../../../domain/text/dates";
import { isolate } from "../../../domain/text/bidi";
import { useLanguage, useTranslation } from "../../i18n/react";
import { CheckboxField, SelectField } from "../fields";
import { ContestedDeposits, type ContestedDeposit } from "./ContestedDeposits";
import { Field } from "../form";
import { useIqd } from "../provider/money";
import {
  card,
  dangerButton,
  IRAQ_TIME,
  primaryButton,
  secondaryButton,
  toDate,
  useResultToast,
  type ActionResult,
} from "./shared";

type When = Date | string;
interface Row {
  id: number;
  purpose: (typeof PAYMENT_PURPOSES)[number];
  gateway: (typeof PAYMENT_METHODS)[number];
  status: (typeof PAYMENT_STATUSES)[number];
  amount: number;
  refundedAmount: number;
  platformFee: number;
  providerEarnings: number;
  providerId: number;
  providerName: string;
  payerId: number;
  createdAt: When;
}
interface Data {
  list: { items: Row[]; next: number | null };
  prices: { subscription: number; freeFirstMonth: boolean; sponsored: Record<"hero" | "category" | "sidebar", number> };
  contested: ContestedDeposit[];
  balance?: {
    providerId: number;
    name: string;
    paid: number;
    refunded: number;
    earnings: number;
    fees: number;
    count: number;
  } | null;
  story: {
    id: number;
    items: {
      id: number;
      kind: string;
      status: string | null;
      amount: number | null;
      note: string | null;
      createdAt: When;
    }[];
  } | null;
  filters: { gateway?: string; status?: string; purpose?: string };
  provider: string;
}

const FILTERS = [
  ["gateway", PAYMENT_METHODS],
  ["status", PAYMENT_STATUSES],
  ["purpose", PAYMENT_PURPOSES],
] as const;
const BADGE: Record<Row["status"], string> = {
  pending: "bg-amber-100 text-amber-800",
  paid: "bg-brand-100 text-brand-800",
  failed: "bg-stone-200 text-stone-700",
  expired: "bg-stone-200 text-stone-700",
  cancelled: "bg-stone-200 text-stone-700",
  refunded: "bg-sky-100 text-sky-800",
  partially_refunded: "bg-sky-100 text-sky-800",
};
const gatewayName = (t: (k: string) => string, g: string) => t(`payments.gateway.${g}`);

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
      <Balance balance={data.balance} provider={data.provider} />
      <Prices prices={data.prices} />
    </div>
  );
}

function PaymentRow({
  row: r,
  story,
  storyHref,
  balanceHref,
}: {
  row: Row;
  story: Data["story"] extends infer S ? (S extends { items: infer I } ? I | null : null) : null;
  storyHref: string;
  balanceHref: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const iqd = useIqd();
  const left = r.amount - r.refundedAmount;
  const refundable = (r.status === "paid" || r.status === "partially_refunded") && r.gateway !== "cash" && left > 0;
  return (
    <li
      id={`payment-${r.id}`}
      className={card}
      data-testid="payment-row"
      data-status={r.status}
      data-gateway={r.gateway}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t("admin.payments.number", { id: r.id })}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[r.status]}`}>
          {t(`admin.payments.statuses.${r.status}`)}
        </span>
        <span className="text-sm text-stone-600">
          {t(`admin.payments.purposes.${r.purpose}`)} · {gatewayName(t, r.gateway)}
        </span>
        <span className="ms-auto text-lg font-bold" data-testid="payment-amount">
          {iqd(r.amount)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        <Link to={balanceHref} className="underline decoration-stone-300 underline-offset-4 hover:text-brand-700">
          {t("admin.payments.listing", { name: isolate(r.providerName), id: r.providerId })}
        </Link>{" "}
        · {t("admin.payments.payer", { id: r.payerId })}
      </p>
      <p className="text-sm text-stone-500">
        {r.refundedAmount > 0 && <>{t("admin.payments.refundedAmount", { amount: iqd(r.refundedAmount) })} · </>}
        {t("admin.payments.fee", { amount: iqd(r.platformFee) })} ·{" "}
        {t("admin.payments.earnings", { amount: iqd(r.providerEarnings) })}
      </p>
      <time className="block text-sm text-stone-500" dateTime={toDate(r.createdAt).toISOString()}>
        {formatDate(toDate(r.createdAt), locale, { dateStyle: "medium", timeStyle: "short", timeZone: IRAQ_TIME })}
      </time>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`${storyHref}#payment-${r.id}`}
          className={secondaryButton}
          preventScrollReset
          data-testid="payment-story"
        >
          <History aria-hidden className="size-4" />
          {t("admin.payments.story")}
        </Link>
        {refundable && <Refund row={r} left={left} />}
      </div>
      {story && (
        <section
          className="mt-3 rounded-xl bg-stone-50 p-3"
          aria-label={t("admin.payments.storyTitle", { id: r.id })}
          data-testid="payment-events"
        >
          <h3 className="text-sm font-semibold">{t("admin.payments.storyTitle", { id: r.id })}</h3>
          {story.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600">{t("admin.payments.storyNone")}</p>
          ) : (
            <ol className="mt-1 space-y-1 text-sm">
              {story.map((e) => (
                <li key={e.id} className="flex flex-wrap gap-x-2">
                  <time className="text-stone-500" dateTime={toDate(e.createdAt).toISOString()}>
                    {formatDate(toDate(e.createdAt), locale, {
                      dateStyle: "medium",
                      timeStyle: "short",
                      timeZone: IRAQ_TIME,
                    })}
                  </time>
                  <span className="font-medium">{t(`admin.payments.kinds.${e.kind}`, { defaultValue: e.kind })}</span>
                  {e.amount !== null && <span>{iqd(e.amount)}</span>}
                  {e.note && (
                    <bdi dir="ltr" className="break-all text-stone-500">
                      {e.note}
                    </bdi>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </li>
  );
}

/** A refund asks once more before the gateway is called: whole, or (Qi Card) the amount typed. */
function Refund({ row: r, left }: { row: Row; left: number }) {
  const { t } = useTranslation();
  const iqd = useIqd();
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  const texts = useCallback(
    (x: ActionResult) =>
      x.intent === "refundPayment"
        ? { success: t("admin.payments.refunded"), failure: t("admin.payments.refundFailed") }
        : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  // a refund made closes the question; the row shows its new status once the page's data is read again
  useEffect(() => {
    if (fetcher.data?.ok) setConfirming(false);
  }, [fetcher.data]);
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  if (!confirming)
    return (
      <button type="button" className={dangerButton} onClick={() => setConfirming(true)} data-testid="payment-refund">
        <Undo2 aria-hidden className="size-4" />
        {t("admin.payments.refund")}
      </button>
    );
  return (
    <fetcher.Form method="post" className="grid w-full gap-2 rounded-xl border border-red-200 bg-red-50 p-3">
      <input type="hidden" name="intent" value="refundPayment" />
      <input type="hidden" name="id" value={r.id} />
      <p className="text-sm font-medium text-red-900">{t("admin.payments.refundConfirm", { amount: iqd(left) })}</p>
      {r.gateway === "qicard" && (
        <Field label={t("admin.payments.refundPart")} name="amount" inputMode="numeric" dir="ltr" autoComplete="off" />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t(error.messageKey, error.params)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={dangerButton} data-testid="payment-refund-confirm">
          {t("admin.payments.confirmRefund")}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
          {t("common.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}

function Balance({ balance, provider }: { balance: Data["balance"]; provider: string }) {
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

function Prices({ prices }: { prices: Data["prices"] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const texts = useCallback(
    (x: ActionResult) =>
      x.intent === "savePrices"
        ? { success: t("admin.payments.pricesSaved"), failure: t("admin.payments.pricesFailed") }
        : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.error?.fields ?? {}) : {};
  const money = (name: string, label: string, value: number) => (
    <Field
      key={name}
      label={label}
      name={name}
      defaultValue={String(value)}
      inputMode="numeric"
      dir="ltr"
      required
      autoComplete="off"
      error={fields[name] ? t(fields[name]) : undefined}
    />
  );
  return (
    <section aria-labelledby="prices-title" className={card} data-testid="payments-prices">
      <h2 id="prices-title" className="text-lg font-bold">
        {t("admin.payments.pricesTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("admin.payments.pricesIntro")}</p>
      <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="savePrices" />
        {money("subscription", t("admin.payments.subscription"), prices.subscription)}
        {money("sponsored_hero", t("admin.payments.hero"), prices.sponsored.hero)}
        {money("sponsored_category", t("admin.payments.category"), prices.sponsored.category)}
        {money("sponsored_sidebar", t("admin.payments.sidebar"), prices.sponsored.sidebar)}
        {/* an unticked box sends nothing: the hidden 0 comes first, a ticked box's 1 replaces it */}
        <input type="hidden" name="free_first_month" value="0" />
        <CheckboxField
          name="free_first_month"
          value="1"
          label={t("admin.payments.freeFirstMonth")}
          hint={t("admin.payments.freeFirstMonthHint")}
          defaultChecked={prices.freeFirstMonth}
        />
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={fetcher.state !== "idle"} data-testid="prices-save">
            {t("admin.payments.savePrices")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
