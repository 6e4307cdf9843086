import type { AnalyticsDay } from "../../../domain/analytics/providerAnalytics";
import { useLanguage, useTranslation } from "../../i18n/react";
import { useCount } from "./money";
import { formatDate } from "../../../domain/text/dates";

const W = 300;
const H = 120;
const PAD = 4;

/**
 * Thirty days as small bars (profile views) with booking requests as darker bars in front. Plain SVG
 * (no charting library, nothing added to the JS budget). In right-to-left languages time runs from
 * right to left, like the text around it; the dates are HTML under the chart, so they read in the
 * reader's direction and digits.
 */
export function AnalyticsChart({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation();
  const { dir, locale } = useLanguage();
  const count = useCount();
  const max = Math.max(1, ...days.map((d) => Math.max(d.profileViews, d.bookingRequests)));
  const slot = (W - PAD * 2) / days.length;
  const bar = Math.max(2, slot - 2);
  const x = (i: number) => {
    const left = PAD + i * slot + (slot - bar) / 2;
    return dir === "rtl" ? W - left - bar : left;
  };
  const h = (n: number) => (n / max) * (H - PAD * 2);
  // formatDate, not Intl: Chromium has no ckb data and would print English months (ADR 013)
  const label = (d: string) =>
    formatDate(`${d}T00:00:00Z`, locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const views = days.reduce((n, d) => n + d.profileViews, 0);
  const bookings = days.reduce((n, d) => n + d.bookingRequests, 0);
  return (
    <figure className="mt-3" data-testid="analytics-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="block h-32 w-full"
        role="img"
        aria-labelledby="chart-title chart-summary"
        preserveAspectRatio="none"
      >
        <title id="chart-title">{t("dashboard.chartTitle")}</title>
        <line x1={0} y1={H - PAD} x2={W} y2={H - PAD} className="stroke-stone-300" strokeWidth={1} />
        {days.map((d, i) => (
          <g key={d.date}>
            {/* every day has its place on the axis, quiet days included */}
            <rect x={x(i)} y={H - PAD - 3} width={bar} height={3} rx={1} className="fill-stone-200" data-day={d.date} />
            <rect
              x={x(i)}
              y={H - PAD - h(d.profileViews)}
              width={bar}
              height={h(d.profileViews)}
              rx={1}
              className="fill-emerald-300"
            />
            <rect
              x={x(i) + bar / 4}
              y={H - PAD - h(d.bookingRequests)}
              width={bar / 2}
              height={h(d.bookingRequests)}
              rx={1}
              className="fill-amber-500"
            />
          </g>
        ))}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-500">
        <span>{label(days[0]!.date)}</span>
        <span>{label(days[Math.floor(days.length / 2)]!.date)}</span>
        <span>{label(days[days.length - 1]!.date)}</span>
      </div>
      <figcaption id="chart-summary" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-emerald-300" />
          {t("dashboard.chartViews")}: {count(views)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-amber-500" />
          {t("dashboard.chartBookings")}: {count(bookings)}
        </span>
      </figcaption>
    </figure>
  );
}
