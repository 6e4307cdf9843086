import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { isolate } from "../../../domain/text/bidi";
import { useTranslation } from "../../i18n/react";
import { useIqd } from "../provider/money";
import { card, dangerButton, primaryButton, secondaryButton, useResultToast, type ActionResult } from "./shared";

export interface ContestedDeposit {
  id: number;
  bookingId: number | null;
  amount: number;
  listing: string;
  customer: string | null;
  answer: string | null;
}

/**
 * Deposits whose no-show the customer answered (ADR 085): the
 * admin gives each back or keeps it for the provider, asked twice.
 */
export function ContestedDeposits({ rows }: { rows: ContestedDeposit[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="contested-title" className={card} data-testid="contested-deposits">
      <h2 id="contested-title" className="text-lg font-bold">
        {t("admin.payments.contestedTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("admin.payments.contestedIntro")}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.payments.contestedNone")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {rows.map((d) => (
            <ContestedRow key={d.id} row={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ContestedRow({ row: d }: { row: ContestedDeposit }) {
  const { t } = useTranslation();
  const iqd = useIqd();
  const fetcher = useFetcher<ActionResult>();
  const [asked, setAsked] = useState<"refundDeposit" | "keepDeposit" | null>(null);
  const texts = useCallback(
    (x: ActionResult) =>
      x.intent === "refundDeposit" || x.intent === "keepDeposit"
        ? {
            success: t(x.intent === "keepDeposit" ? "admin.payments.kept" : "admin.payments.givenBack"),
            failure: t("admin.payments.decideFailed"),
          }
        : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  const busy = fetcher.state !== "idle";
  return (
    <li className="space-y-1 py-3 text-sm" data-testid="contested-deposit">
      <p className="font-medium break-words">
        {t("admin.payments.contestedLine", {
          id: d.bookingId ?? "—",
          listing: isolate(d.listing),
          customer: isolate(d.customer || t("account.formerCustomer")),
        })}
      </p>
      <p className="font-semibold">{iqd(d.amount)}</p>
      {d.answer && (
        <p className="break-words text-stone-700">
          {t("admin.payments.contestedAnswer", { answer: isolate(d.answer) })}
        </p>
      )}
      <fetcher.Form method="post" className="flex flex-wrap gap-2 pt-1">
        <input type="hidden" name="id" value={d.id} />
        {asked ? (
          <>
            <input type="hidden" name="intent" value={asked} />
            <button
              type="submit"
              disabled={busy}
              className={asked === "refundDeposit" ? dangerButton : primaryButton}
              data-testid="contested-confirm"
            >
              {t(asked === "refundDeposit" ? "admin.payments.confirmGiveBack" : "admin.payments.confirmKeep", {
                amount: iqd(d.amount),
              })}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setAsked(null)}>
              {t("common.cancel")}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setAsked("refundDeposit")}
              data-testid="contested-refund"
            >
              {t("admin.payments.giveBack")}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setAsked("keepDeposit")}
              data-testid="contested-keep"
            >
              {t("admin.payments.keep")}
            </button>
          </>
        )}
      </fetcher.Form>
    </li>
  );
}
