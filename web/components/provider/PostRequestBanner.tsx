import { Link } from "@remix-run/react";
import { Megaphone } from "lucide-react";
import { useTranslation } from "../../i18n/react";

/**
 * "Can't find the right provider? Post a request": the entry point on the home and search pages. On a phone the
 * words keep at least 14rem and the button goes under them, full width, rather than squeezing them into a column.
 */
export function PostRequestBanner({
  category,
  className = "",
}: {
  category?: string | number | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex flex-wrap items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 ${className}`}
      data-testid="post-request-banner"
    >
      <Megaphone aria-hidden className="flip-rtl size-6 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold">{t("requests.entryTitle")}</p>
        <p className="text-sm text-stone-700">{t("requests.entryHint")}</p>
      </div>
      <Link
        to={category ? `/requests/new?category=${category}` : "/requests/new"}
        className={
          "inline-flex min-h-11 grow items-center justify-center rounded-xl bg-amber-500 px-4 sm:grow-0 " +
          "font-semibold text-stone-900 hover:bg-amber-400"
        }
      >
        {t("requests.entryAction")}
      </Link>
    </div>
  );
}
