import { Download, MoreVertical } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLaterStrings, useTranslation } from "../../i18n/react";

/** The report form loads when the chat's menu is opened. */
const ChatReport = lazy(() => import("./ChatReport"));

/**
 * The chat's menu: report the conversation with a reason (an admin may then read it, ADR 029), and download
 * all my conversations. Both answer through the API, which checks that I take part.
 */
export function ChatMenu({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  // the report form's words: in the page, though the form itself loads when the menu opens
  useLaterStrings(
    "chat.report",
    "chat.reportReasonLabel",
    "chat.reportSend",
    "chat.reported",
    "chat.errors.reportReason",
    "errors.unavailable",
  );
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group relative mb-1 self-end"
      data-testid="chat-menu"
      onToggle={(e) => e.currentTarget.open && setOpen(true)}
    >
      <summary
        className={
          "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm " +
          "text-stone-700 hover:bg-stone-100"
        }
        aria-label={t("chat.menu")}
      >
        <MoreVertical aria-hidden className="size-5" />
      </summary>
      <div
        className={
          "absolute end-0 z-30 mt-1 w-72 max-w-[90vw] space-y-3 rounded-xl border border-stone-200 bg-white p-3 " +
          "shadow-lg"
        }
      >
        {open && (
          <Suspense fallback={<div className="h-36" aria-busy="true" />}>
            <ChatReport conversationId={conversationId} />
          </Suspense>
        )}
        <a
          href="/api/conversations/export"
          download
          className="flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700"
          data-testid="chat-download"
        >
          <Download aria-hidden className="size-4" />
          {t("chat.download")}
        </a>
      </div>
    </details>
  );
}
