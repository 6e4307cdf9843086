import { useLanguage, useTranslation } from "../../i18n/react";

/** Dinars grouped in the reader's digits ("25,000 IQD", "٢٥٬٠٠٠ د.ع"). */
export function useIqd() {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (amount: number) => t("money.iqd", { amount: number.format(amount) });
}

/** Whole numbers in the reader's digits. */
export function useCount() {
  const { locale } = useLanguage();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (n: number) => number.format(n);
}
