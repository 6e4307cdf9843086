import { Form, useNavigation } from "@remix-run/react";
import type { PublicReview } from "../../../domain/reviews/listProviderReviews";
import { useTranslation } from "../../i18n/react";
import { primaryButton } from "../admin/shared";
import { ReviewReply } from "../ReviewReply";

type Review = Omit<PublicReview, "createdAt"> & { createdAt: string | Date };

/** The listing's newest reviews on /dashboard, each with its one answer or a form to write it (issue #28 item 6). */
export function ReviewReplies({ reviews, provider }: { reviews: Review[]; provider: string }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  return (
    <ul className="divide-y divide-stone-100">
      {reviews.map((r) => {
        const busy = nav.state === "submitting" && nav.formData?.get("reviewId") === String(r.id);
        return (
          <li key={r.id} className="py-3" data-testid="dashboard-review">
            <p className="flex items-center justify-between gap-2 text-sm">
              <span className="font-medium">{r.formerCustomer ? t("account.formerReviewer") : <bdi>{r.author}</bdi>}</span>
              <span className="text-amber-600" aria-label={t("review.stars", { count: r.rating })}>
                {"★".repeat(r.rating)}
                <span className="text-stone-300">{"★".repeat(5 - r.rating)}</span>
              </span>
            </p>
            {r.comment && (
              <p className="mt-1 text-sm text-stone-700" dir="auto">
                {r.comment}
              </p>
            )}
            {r.reply ? (
              <ReviewReply provider={provider} reply={r.reply} />
            ) : (
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="reviewId" value={r.id} />
                <label className="block text-sm">
                  <span className="mb-1 block">{t("review.reply")}</span>
                  <textarea name="reply" required maxLength={1000} rows={2} dir="auto" className="w-full rounded-xl border border-stone-300 p-2" />
                </label>
                <button type="submit" disabled={busy} className={primaryButton} data-testid="review-reply-submit">
                  {t("review.replySubmit")}
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
