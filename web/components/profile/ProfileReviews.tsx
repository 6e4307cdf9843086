import { formatDate } from "../../../domain/text/dates";
import { useLanguage, useTranslation } from "../../i18n/react";
import { ReviewHead, ReviewReply } from "../ReviewReply";

/** The listing's latest reviews on its profile, each with the day it was written and the provider's reply. */
export function ProfileReviews({
  reviews,
  providerName,
}: {
  providerName: string;
  reviews: {
    id: number;
    author: string;
    rating: number;
    comment: string | null;
    wouldRecommend: boolean | null;
    createdAt: string | Date;
    formerCustomer?: boolean;
    reply: string | null;
  }[];
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  return (
    <section
      className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      aria-labelledby="reviews-title"
      data-testid="reviews"
    >
      <h2 id="reviews-title" className="text-lg font-bold">
        {t("review.latest")}
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("review.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {reviews.map((r) => (
            <li key={r.id} className="py-3" data-testid="review">
              <ReviewHead review={r} />
              <p className="mt-1 text-xs text-stone-500">
                {formatDate(r.createdAt, locale, { dateStyle: "medium", timeZone: "Asia/Baghdad" })}
                {r.wouldRecommend && ` · ${t("review.recommends")}`}
              </p>
              {r.reply && <ReviewReply provider={providerName} reply={r.reply} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
