import { Star } from "lucide-react";
import { useLanguage, useTranslation } from "../i18n/react";
import { formatNumber } from "../../domain/text/numbers";

/**
 * 0–5 stars; a rating of 0 reads 'No ratings', otherwise the rating with one decimal. A screen reader
 * hears "Rated 4.5 out of 5, 12 reviews" (the stars and the bare figure are hidden from it); every
 * number, the review count included, is written in the language's own digits.
 */
export function Stars({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  if (!rating) return <span className="text-sm text-stone-500">{t("provider.noRatings")}</span>;
  const value = Math.min(5, Math.max(0, rating));
  const shown = formatNumber(value, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // our translator writes the count inside the plural sentence in the reader's digits
  const reviews = t("provider.reviews", { count: reviewCount });
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="rating">
      <span className="sr-only">{t("a11y.rated", { rating: shown, max: 5, reviews })}</span>
      <span aria-hidden className="flex">
        {[1, 2, 3, 4, 5].map((i) => (
          <Star
            key={i}
            className={`size-4 ${i <= Math.round(value) ? "fill-amber-400 text-amber-400" : "text-stone-300"}`}
          />
        ))}
      </span>
      <span aria-hidden className="font-semibold">
        {shown}
      </span>
      <span aria-hidden className="text-stone-600">
        ({reviews})
      </span>
    </span>
  );
}
