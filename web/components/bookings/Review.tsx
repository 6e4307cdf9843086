import { Form } from "@remix-run/react";
import type { BookingView } from "../../../domain/bookings/view";
import type { MyReview } from "../../../domain/reviews/quickReview";
import { formatNumber } from "../../../domain/text/numbers";
import { useLanguage, useTranslation } from "../../i18n/react";

const PARTS = ["serviceQuality", "punctuality", "communication", "valueForMoney"] as const;

/**
 * A completed booking's review (ADR 078): one tap on a star saves it, each star its own form so it works before the
 * page's JavaScript; the parts, "would recommend" and a comment are added after, only as the person chooses them.
 */
export function Review({
  booking,
  review,
  busy,
}: {
  booking: BookingView;
  review: MyReview | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  if (booking.status !== "completed" && !booking.hasReview) return null;
  if (!booking.hasReview) {
    return (
      // named by its booking too: two unrated jobs on /bookings are two distinct regions for a screen reader
      <section
        className="mt-3 rounded-xl bg-stone-50 p-3"
        data-testid="review-form"
        aria-label={`${t("review.oneTap")} · ${booking.providerName} #${formatNumber(booking.id, lang)}`}
      >
        <h4 id={`rate-${booking.id}`} className="font-semibold text-brand-700">
          {t("review.oneTap")}
        </h4>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <Form key={n} method="post">
              <input type="hidden" name="bookingId" value={booking.id} />
              <input type="hidden" name="rating" value={n} />
              <button
                type="submit"
                name="intent"
                value="review"
                disabled={busy}
                className={
                  "flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-lg " +
                  "hover:border-amber-400 hover:bg-amber-50 disabled:opacity-60"
                }
                data-testid="review-star"
              >
                {/* the name is the words ("2 stars"), the figure is what the eye reads: a name that names the figure
                    is what screen readers and voice control expect, so the figure is hidden from them rather than
                    labelled */}
                <span aria-hidden="true">{formatNumber(n, lang)}★</span>
                <span className="sr-only">{t("review.stars", { count: n })}</span>
              </button>
            </Form>
          ))}
        </div>
      </section>
    );
  }
  return (
    <div className="mt-3" data-testid="review-done">
      <p className="text-sm font-medium text-brand-700">
        {t("review.done")}
        {review && (
          <span aria-label={t("review.stars", { count: review.rating })}> · {formatNumber(review.rating, lang)}★</span>
        )}
      </p>
      {review && <ReviewDetails bookingId={booking.id} review={review} busy={busy} />}
    </div>
  );
}

/** The parts, "would recommend" and a comment, added to the same review: each unsaid until chosen. */
function ReviewDetails({ bookingId, review, busy }: { bookingId: number; review: MyReview; busy: boolean }) {
  const { t } = useTranslation();
  const recommend = review.wouldRecommend === null ? "" : String(review.wouldRecommend);
  return (
    <details className="mt-2 rounded-xl bg-stone-50 p-3" data-testid="review-details">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-700">
        {t("review.addDetails")}
      </summary>
      <Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="bookingId" value={bookingId} />
        <div className="grid grid-cols-2 gap-2">
          {PARTS.map((part) => (
            <label key={part} className="text-sm">
              <span className="mb-1 block">{t(`review.${part}`)}</span>
              <select
                name={part}
                defaultValue={review[part] ?? ""}
                className="min-h-11 w-full rounded-xl border border-stone-300 bg-white px-2"
              >
                <option value="">{t("review.notSaid")}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t("review.stars", { count: n })}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <label className="block text-sm">
          <span className="mb-1 block">{t("review.recommendAsk")}</span>
          <select
            name="wouldRecommend"
            defaultValue={recommend}
            className="min-h-11 w-full rounded-xl border border-stone-300 bg-white px-2"
          >
            <option value="">{t("review.notSaid")}</option>
            <option value="true">{t("review.recommendYes")}</option>
            <option value="false">{t("review.recommendNo")}</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block">{t("review.comment")}</span>
          <textarea
            name="comment"
            rows={2}
            defaultValue={review.comment ?? ""}
            className="w-full rounded-xl border border-stone-300 bg-white px-3 py-2"
          />
        </label>
        <button
          type="submit"
          name="intent"
          value="reviewDetails"
          disabled={busy}
          className="min-h-11 w-full rounded-xl bg-brand-600 font-semibold text-white disabled:opacity-60"
        >
          {busy ? t("review.submitting") : t("review.saveDetails")}
        </button>
      </Form>
    </details>
  );
}
