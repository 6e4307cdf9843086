import type { UndeliveredMessage } from "../../../domain/notifications/outboxAdmin";
import { useLanguage, useTranslation } from "../../i18n/react";
import { card, IRAQ_TIME, toDate } from "./shared";
import { formatDate } from "../../../domain/text/dates";

/** The domain's view, as it arrives through loader data (dates may be strings). */
type Row = Omit<UndeliveredMessage, "createdAt"> & { createdAt: Date | string };

/** Telegram/WhatsApp messages that failed or went dead (after the last retry, or a 4xx that never succeeds). */
export function OutboxTab({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="text-lg font-bold">
        {t("admin.outbox.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("admin.outbox.intro")}</p>
      {rows.length === 0 ? (
        <p className={`${card} mt-3 text-center text-stone-600`}>{t("admin.outbox.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {rows.map((r) => (
            <li key={r.id} className={card} data-testid="outbox-row">
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={
                    `rounded-full px-2 py-0.5 text-xs ` +
                    `font-semibold ${r.status === "dead" ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-800"}`
                  }
                >
                  {t(`admin.outbox.${r.status}`)}
                </span>
                <span className="font-semibold">{r.channel}</span>
                <bdi dir="ltr" className="phone text-stone-600">
                  {r.recipient}
                </bdi>
                <span className="text-sm text-stone-500">{t("admin.outbox.attempts", { count: r.attempts })}</span>
                <time className="ms-auto text-sm text-stone-500" dateTime={toDate(r.createdAt).toISOString()}>
                  {formatDate(toDate(r.createdAt), locale, {
                    dateStyle: "medium",
                    timeStyle: "short",
                    timeZone: IRAQ_TIME,
                  })}
                </time>
              </div>
              {r.lastError && (
                <p dir="ltr" className="mt-2 break-words text-sm text-stone-700">
                  {r.lastError}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
