import { useLanguage, useTranslation } from "../../i18n/react";
import { formatNumber } from "../../../domain/text/numbers";

/** Dinars grouped in the reader's digits ("25,000 IQD", "٢٥٬٠٠٠ د.ع"). */
export function useIqd() {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  return (amount: number) => t("money.iqd", { amount: formatNumber(amount, locale, { maximumFractionDigits: 0 }) });
}

/** Whole numbers in the reader's digits. */
export function useCount() {
  const { locale } = useLanguage();
  return (n: number) => formatNumber(n, locale, { maximumFractionDigits: 1 });
}
