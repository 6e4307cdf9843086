import { Form, useNavigation } from "@remix-run/react";
import type { PublicReview } from "../../../domain/reviews/listProviderReviews";
import { useTranslation } from "../../i18n/react";
import { primaryButton } from "../admin/shared";
import { ReviewHead, ReviewReply } from "../ReviewReply";

type Review = Omit<PublicReview, "createdAt"> & { createdAt: string | Date };

/** The listing's newest reviews on /dashboard, each with its one answer or a form to write it. */
export function ReviewReplies({ reviews, provider }: { reviews: Review[]; provider: string }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  return (
    <ul className="divide-y divide-stone-100">
      {reviews.map((r) => {
        const busy = nav.state === "submitting" && nav.formData?.get("reviewId") === String(r.id);
        return (
          <li key={r.id} className="py-3" data-testid="dashboard-review">
            <ReviewHead review={r} small />
            {r.reply ? (
              <ReviewReply provider={provider} reply={r.reply} />
            ) : (
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="reviewId" value={r.id} />
                <label className="block text-sm">
                  <span className="mb-1 block">{t("review.reply")}</span>
                  <textarea
                    name="reply"
                    required
                    maxLength={1000}
                    rows={2}
                    dir="auto"
                    className="w-full rounded-xl border border-stone-300 p-2"
                  />
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
