import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import { CODE_INPUT } from "../codeInput";

/**
 * Starting a conversation needs a proven phone (ADR 022): the code is asked here, in the chat, and what was
 * typed before it goes out once it is confirmed. Loaded only when a first message meets that answer.
 */
export default function ChatCodeStep({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const [{ error, busy }, setState] = useState<{ error: string | null; busy: boolean }>({ error: null, busy: false });
  async function confirm(code: string) {
    setState({ error: null, busy: true });
    const res = await fetch("/api/auth/verify-phone", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verificationCode: code }),
    }).catch(() => null);
    const json = ((await res?.json().catch(() => ({}))) ?? {}) as { message?: string; fields?: Record<string, string> };
    if (!res?.ok)
      return setState({ error: json.fields?.verificationCode ?? json.message ?? t("errors.unavailable"), busy: false });
    onConfirmed();
  }
  return (
    <form
      className="mt-3 space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-3"
      data-testid="chat-code-step"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm(String(new FormData(e.currentTarget).get("verificationCode") ?? "").trim());
      }}
    >
      <p className="font-semibold text-brand-800">{t("trust.codeTitle")}</p>
      <p className="text-sm text-stone-700">{t("trust.chatCodeText")}</p>
      <label className="block text-sm font-medium" htmlFor="chat-code">
        {t("trust.codeLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id="chat-code"
          name="verificationCode"
          {...CODE_INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "chat-code-error" : undefined}
          className="min-h-11 w-32 rounded-xl border border-stone-300 bg-white px-3 text-center tracking-widest"
          data-testid="chat-code-input"
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-xl bg-brand-600 px-4 font-semibold text-white disabled:opacity-60"
          data-testid="chat-code-submit"
        >
          {t("trust.confirmAndSend")}
        </button>
      </div>
      {error && (
        <p id="chat-code-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
