import { useFetcher } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "../../i18n/react";
import { CheckboxField } from "../fields";
import { Field } from "../form";
import { card, primaryButton, useResultToast, type ActionResult } from "./shared";

/** What Dalil charges: the monthly plan, each sponsored place, and whether a listing's first month is free. */
export interface Prices {
  subscription: number;
  freeFirstMonth: boolean;
  sponsored: Record<"hero" | "category" | "sidebar", number>;
}

/** The prices' form: the server checks each amount, and a refused one is told beside its field. */
export function PaymentPrices({ prices }: { prices: Prices }) {
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
