import { isolate } from "../../domain/text/bidi";
import { useTranslation } from "../i18n/react";

/** The provider's one answer under a review (issue #28 item 6), on the profile and the dashboard. */
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
