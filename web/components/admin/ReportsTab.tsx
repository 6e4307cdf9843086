import { Link } from "@remix-run/react";
import { formatDate } from "../../../domain/text/dates";
import { useLanguage, useTranslation } from "../../i18n/react";
import { card, IRAQ_TIME, toDate } from "./shared";

interface Report {
  conversationId: number;
  reporterId: number;
  reason: string;
  createdAt: Date | string;
}
interface Transcript {
  conversationId: number;
  messages: {
    id: number;
    senderType: "user" | "provider";
    message: string | null;
    imageUrl: string | null;
    timestamp: Date | string;
  }[];
}

/**
 * Reported conversations: each report's reason, and the whole conversation of one, read through its room by the admin
 * verb (only a reported conversation can be opened here).
 */
export function ReportsTab({ reports, reading }: { reports: Report[]; reading: Transcript | null }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const when = (d: Date | string) =>
    formatDate(toDate(d), locale, { dateStyle: "medium", timeStyle: "short", timeZone: IRAQ_TIME });
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-lg font-bold">
        {t("admin.reports.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("admin.reports.intro")}</p>
      {reports.length === 0 ? (
        <p className={`${card} mt-3 text-center text-stone-600`}>{t("admin.reports.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {reports.map((r, i) => (
            <li key={`${r.conversationId}-${i}`} className={card} data-testid="report-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{t("admin.reports.conversation", { id: r.conversationId })}</span>
                <time className="ms-auto text-sm text-stone-500" dateTime={toDate(r.createdAt).toISOString()}>
                  {when(r.createdAt)}
                </time>
              </div>
              <p dir="auto" className="mt-2 break-words text-stone-800">
                {r.reason}
              </p>
              <Link
                to={`/admin?tab=reports&read=${r.conversationId}`}
                className={
                  "mt-3 inline-flex min-h-11 items-center rounded-xl border border-stone-300 px-4 text-sm " +
                  "font-semibold text-brand-700 hover:bg-stone-50"
                }
                data-testid="report-read"
              >
                {t("admin.reports.read")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {reading && (
        <div className={`${card} mt-6`} data-testid="report-transcript">
          <h3 className="font-bold">{t("admin.reports.conversation", { id: reading.conversationId })}</h3>
          <ol className="mt-3 space-y-2">
            {reading.messages.map((m) => (
              <li
                key={m.id}
                className={`rounded-xl px-3 py-2 ${m.senderType === "provider" ? "bg-brand-50" : "bg-stone-100"}`}
              >
                <div className="text-xs text-stone-500">
                  {t(m.senderType === "provider" ? "admin.reports.fromProvider" : "admin.reports.fromCustomer")} ·{" "}
                  {when(m.timestamp)}
                </div>
                {m.message && (
                  <p dir="auto" className="mt-1 whitespace-pre-wrap break-words">
                    {m.message}
                  </p>
                )}
                {m.imageUrl && (
                  <a
                    href={m.imageUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="mt-1 inline-block text-sm text-brand-700 underline"
                  >
                    {t("admin.reports.photo")}
                  </a>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
