import { isolate } from "../../domain/text/bidi";
import { useTranslation } from "../i18n/react";

/** A review's author (or "a former customer"), its stars and its words: the same on the profile and the dashboard. */
export function ReviewHead({
  review,
  small,
}: {
  review: { author: string; formerCustomer?: boolean; rating: number; comment: string | null };
  small?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className={`flex flex-wrap items-center justify-between gap-2 ${small ? "text-sm" : ""}`}>
        <span className="font-medium">
          {review.formerCustomer ? t("account.formerReviewer") : <bdi>{review.author}</bdi>}
        </span>
        <span
          className={`text-amber-600 ${small ? "" : "text-sm"}`}
          aria-label={t("review.stars", { count: review.rating })}
        >
          {"★".repeat(review.rating)}
          <span className="text-stone-300">{"★".repeat(5 - review.rating)}</span>
        </span>
      </p>
      {review.comment && (
        <p className="mt-1 text-sm text-stone-700" dir="auto">
          {review.comment}
        </p>
      )}
    </>
  );
}

/** The provider's one answer under a review, on the profile and the dashboard. */
export function ReviewReply({ provider, reply }: { provider: string; reply: string }) {
  const { t } = useTranslation();
  return (
    <div className="ms-4 mt-2 border-s-2 border-brand-200 ps-3" data-testid="review-reply">
      <p className="text-xs font-semibold text-brand-700">{t("review.replyFrom", { provider: isolate(provider) })}</p>
      <p className="mt-1 text-sm text-stone-700" dir="auto">
        {reply}
      </p>
    </div>
  );
}
