import { useLanguage, useTranslation } from "../i18n/react";
import { relativeTime } from "../relativeTime";

/**
 * What one notification says: its title (with a dot while unread),
 * its message and when. The bell and /notifications show it alike.
 */
export function NotificationBody({
  item,
  now,
}: {
  item: { title: string; message: string; isRead: boolean; createdAt: string | Date };
  now: Date;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  return (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="font-semibold">{item.title}</span>
        {!item.isRead && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" />}
      </span>
      {/* each part of an alert on its own line, so a person's English inside Arabic reads in order */}
      <span className="mt-0.5 block text-sm whitespace-pre-line text-stone-700" data-testid="notification-message">
        {item.message}
      </span>
      <span className="mt-1 block text-xs text-stone-500">{relativeTime(item.createdAt, now, t, locale)}</span>
    </>
  );
}
