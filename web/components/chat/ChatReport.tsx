import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";

/**
 * Report the conversation with a reason (an admin may then read it, ADR 029): the chat menu's form, loaded when
 * the menu is opened. The API checks that the reporter takes part.
 */
export default function ChatReport({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null }>({
    busy: false,
    done: false,
    error: null,
  });
  async function report(reason: string) {
    setState({ busy: true, done: false, error: null });
    try {
      const res = await fetch(`/api/conversations/${conversationId}/report`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reason }),
      });
      if (res.ok) return setState({ busy: false, done: true, error: null });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setState({ busy: false, done: false, error: body.message ?? t("chat.errors.reportReason") });
    } catch {
      setState({ busy: false, done: false, error: t("errors.unavailable") });
    }
  }
  return (
    <>
      {state.done ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="chat-reported">
          {t("chat.reported")}
        </p>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void report(String(new FormData(e.currentTarget).get("reason") ?? ""));
          }}
        >
          <p className="flex items-center gap-2 font-semibold">
            <Flag aria-hidden className="size-4 text-red-700" />
            {t("chat.report")}
          </p>
          <label className="block text-sm" htmlFor={`chat-report-${conversationId}`}>
            {t("chat.reportReasonLabel")}
          </label>
          <textarea
            id={`chat-report-${conversationId}`}
            name="reason"
            rows={2}
            maxLength={500}
            dir="auto"
            className="block w-full rounded-lg border border-stone-300 px-2 py-1"
            data-testid="chat-report-reason"
          />
          {state.error && (
            <p role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          )}
          <button
            type="submit"
            disabled={state.busy}
            className="min-h-11 rounded-xl bg-red-700 px-3 text-sm font-semibold text-white disabled:opacity-60"
            data-testid="chat-report-send"
          >
            {t("chat.reportSend")}
          </button>
        </form>
      )}
    </>
  );
}
