import type { TFunction } from "../i18n/t";
import { formatDate } from "../domain/text/dates";
import { formatNumber } from "../domain/text/numbers";

/** The spec's relative time: under a minute 'just now', then minutes, then hours (under a day), then a local date. */
export function relativeTime(date: Date | string, now: Date, t: TFunction, locale: string): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return t("notifications.justNow");
  if (minutes < 60) return t("notifications.minutesAgo", { count: minutes });
  if (minutes < 1440) return t("notifications.hoursAgo", { count: Math.floor(minutes / 60) });
  return formatDate(then, locale, { dateStyle: "medium", timeZone: "Asia/Baghdad" });
}

/** The unread badge: the count, or '9+' above nine, in the reader's digits. */
export const badgeText = (unread: number, locale = "en") =>
  unread > 9 ? `${formatNumber(9, locale)}+` : formatNumber(unread, locale);
