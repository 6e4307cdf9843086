import { useFetcher } from "@remix-run/react";
import { CheckCircle2, Mail } from "lucide-react";
import { useCallback } from "react";
import { useLanguage, useTranslation } from "../../i18n/react";
import { card, IRAQ_TIME, secondaryButton, toDate, useResultToast, type ActionResult } from "./shared";
import { formatDate } from "../../../domain/text/dates";

interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  type: string;
  handledAt: Date | string | null;
  createdAt: Date | string;
}

export function ContactTab({ messages }: { messages: ContactMessage[] }) {
  const { t } = useTranslation();
  const open = messages.filter((m) => !m.handledAt).length;
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="text-lg font-bold">
        {t("admin.contact.title", { count: open })}
      </h2>
      {messages.length === 0 ? (
        <p className={`${card} mt-3 text-center text-stone-600`}>{t("admin.contact.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {messages.map((m) => (
            <MessageRow key={m.id} message={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageRow({ message: m }: { message: ContactMessage }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "contactHandled"
        ? { success: t("admin.contact.markedHandled"), failure: t("admin.contact.failed") }
        : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  return (
    <li
      className={m.handledAt ? card.replace("bg-white", "bg-stone-50") : card}
      data-testid="contact-message"
      data-handled={m.handledAt ? "true" : "false"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Mail aria-hidden className="size-4 text-brand-700" />
        <h3 className="font-semibold">
          <bdi>{m.subject}</bdi>
        </h3>
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">
          {t(`contact.types.${m.type}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        <bdi>{m.name}</bdi> · <bdi dir="ltr">{m.email}</bdi>
        {m.phone && (
          <>
            {" · "}
            <bdi dir="ltr" className="phone">
              {m.phone}
            </bdi>
          </>
        )}
      </p>
      <p dir="auto" className="mt-2 text-start text-sm whitespace-pre-wrap">
        {m.message}
      </p>
      <p className="mt-2 text-xs text-stone-500">
        {formatDate(toDate(m.createdAt), locale, { dateStyle: "medium", timeStyle: "short", timeZone: IRAQ_TIME })}
      </p>
      <div className="mt-3">
        {m.handledAt ? (
          <p className="flex items-center gap-1 text-sm font-medium text-brand-700">
            <CheckCircle2 aria-hidden className="size-4" />
            {t("admin.contact.handled")}
          </p>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="contactHandled" />
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              className={secondaryButton}
              disabled={fetcher.state !== "idle"}
              data-testid="mark-handled"
            >
              {fetcher.state !== "idle" ? t("common.saving") : t("admin.contact.markHandled")}
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}
