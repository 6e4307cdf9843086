import { Link, useFetcher } from "@remix-run/react";
import { History, Undo2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../../../db/schema/paymentChoices";
import { formatDate } from "../../../domain/text/dates";
import { isolate } from "../../../domain/text/bidi";
import { useLanguage, useTranslation } from "../../i18n/react";
import { Field } from "../form";
import { useIqd } from "../provider/money";
import { card, dangerButton, IRAQ_TIME, secondaryButton, toDate, useResultToast, type ActionResult } from "./shared";

type When = Date | string;
/** One payment in the admin's list. */
export interface PaymentRowData {
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
/** One line of a payment's story: what happened to it, and when. */
export interface PaymentEvent {
  id: number;
  kind: string;
  status: string | null;
  amount: number | null;
  note: string | null;
  createdAt: When;
}

const BADGE: Record<PaymentRowData["status"], string> = {
  pending: "bg-amber-100 text-amber-800",
  paid: "bg-brand-100 text-brand-800",
  failed: "bg-stone-200 text-stone-700",
  expired: "bg-stone-200 text-stone-700",
  cancelled: "bg-stone-200 text-stone-700",
  refunded: "bg-sky-100 text-sky-800",
  partially_refunded: "bg-sky-100 text-sky-800",
};
export const gatewayName = (t: (k: string) => string, g: string) => t(`payments.gateway.${g}`);

/** A payment: its status, amount, listing and payer, fee and earnings; its story on demand, and a refund. */
export function PaymentRow({
  row: r,
  story,
  storyHref,
  balanceHref,
}: {
  row: PaymentRowData;
  story: PaymentEvent[] | null;
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
function Refund({ row: r, left }: { row: PaymentRowData; left: number }) {
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
