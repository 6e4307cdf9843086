import { Link } from "@remix-run/react";
import { ArrowRight, Megaphone, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "../i18n/react";
import type { AdView } from "../../domain/ads/listAds";

/**
 * A sponsored slot (hero, category, sidebar, footer). Always labelled 'Sponsored'; renders nothing when
 * the position has no ad. The close button appears on hover or keyboard focus and hides the ad for
 * this view only (SPEC §4).
 */
export function SponsoredAd({ ads, className = "" }: { ads: AdView[]; className?: string }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const id = useId();
  const ad = ads[0];
  if (!ad || hidden) return null;
  const internal = ad.linkUrl.startsWith("/");
  const cta = (
    <>
      {ad.ctaText ?? t("ads.learnMore")}
      <ArrowRight aria-hidden className="flip-rtl size-4" />
    </>
  );
  const ctaClass =
    "mt-3 inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-4 text-sm font-semibold " +
    "text-brand-700 shadow-sm hover:bg-brand-50";
  return (
    // a landmark named "Sponsored · <title>": several ads on one page stay distinguishable
    <aside
      aria-labelledby={`${id}-label ${id}-title`}
      className={
        `group relative overflow-hidden rounded-2xl border border-amber-200 bg-gradient-to-br from-amber-50 ` +
        `to-accent-400/20 p-4 pe-12 ${className}`
      }
      data-testid={`ad-${ad.position}`}
    >
      <p id={`${id}-label`} className="flex items-center gap-1.5 text-xs font-semibold text-amber-800">
        <Megaphone aria-hidden className="flip-rtl size-3.5" />
        {t("ads.sponsored")}
        <span className="font-normal text-amber-900/70">
          · <bdi>{ad.sponsor}</bdi>
        </span>
      </p>
      <h2 id={`${id}-title`} dir="auto" className="mt-1 text-start text-lg font-bold text-stone-900">
        {ad.title}
      </h2>
      {ad.description && (
        <p dir="auto" className="mt-1 text-start text-sm text-stone-700">
          {ad.description}
        </p>
      )}
      {internal ? (
        <Link to={ad.linkUrl} className={ctaClass}>
          {cta}
        </Link>
      ) : (
        <a href={ad.linkUrl} target="_blank" rel="sponsored noopener noreferrer" className={ctaClass}>
          {cta}
        </a>
      )}
      <button
        type="button"
        onClick={() => setHidden(true)}
        aria-label={t("ads.close")}
        className={
          "absolute end-1 top-1 flex size-11 items-center justify-center rounded-full text-stone-600 opacity-0 " +
          "transition hover:bg-black/5 focus-visible:opacity-100 group-hover:opacity-100 " +
          "group-focus-within:opacity-100 [@media(hover:none)]:opacity-100"
        }
        data-testid="ad-close"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
