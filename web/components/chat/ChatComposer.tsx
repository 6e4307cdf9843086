import { ImagePlus, Loader2, SendHorizontal } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n/react";
import { MicButton } from "./MicButton";

const MAX_CHARS = 2000;

/** What the composer hands the panel to send: a text, a stored photo's address, or a stored voice note. */
export interface ComposedMessage {
  message?: string;
  imageUrl?: string;
  audio?: { url: string; durationMs: number; peaks: number[] };
}

/**
 * The chat's composer: a photo (uploaded first, then sent as its address), the text (Enter sends, Shift+Enter makes a
 * new line), the microphone and the send button.
 */
export function ChatComposer({
  onSend,
  onError,
}: {
  onSend: (content: ComposedMessage) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function submitText() {
    const message = text.trim();
    if (!message || message.length > MAX_CHARS) return;
    setText("");
    onSend({ message });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter makes a new line (and an IME composing a word keeps its Enter)
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submitText();
    }
  }

  async function sendImage(file: File) {
    setUploading(true);
    try {
      const form = new FormData();
      form.set("image", file);
      // a chat photo: unsent, it is swept after a day
      form.set("for", "chat");
      const res = await fetch("/api/upload", { method: "POST", body: form, credentials: "same-origin" });
      const json = (await res.json().catch(() => ({}))) as { imageUrl?: string; message?: string };
      if (!res.ok || !json.imageUrl) throw new Error(`${res.status}: ${json.message ?? t("upload.failed")}`);
      onSend({ imageUrl: json.imageUrl });
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <form
      className="relative mt-3 flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submitText();
      }}
    >
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => e.target.files?.[0] && void sendImage(e.target.files[0])}
        data-testid="chat-file"
      />
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
        aria-label={uploading ? t("chat.uploading") : t("chat.attach")}
        title={uploading ? t("chat.uploading") : t("chat.attach")}
        className={
          "inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-stone-300 " +
          "bg-white text-stone-700 hover:bg-stone-100 disabled:opacity-60"
        }
        data-testid="chat-attach"
      >
        {uploading ? (
          <Loader2 aria-hidden className="size-5 animate-spin" />
        ) : (
          <ImagePlus aria-hidden className="size-5" />
        )}
      </button>
      <label className="min-w-0 flex-1">
        <span className="sr-only">{t("chat.placeholder")}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MAX_CHARS}
          dir="auto"
          placeholder={t("chat.placeholder")}
          className={
            "block max-h-32 min-h-12 w-full resize-none rounded-xl border border-stone-300 bg-white px-3 " +
            "py-3 text-start"
          }
          data-testid="chat-input"
        />
      </label>
      <MicButton
        onSend={(audio) => {
          onError(null);
          onSend({ audio });
        }}
        onError={onError}
      />
      <button
        type="submit"
        disabled={!text.trim()}
        aria-label={t("chat.send")}
        className={
          "inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white " +
          "hover:bg-brand-700 disabled:bg-stone-300"
        }
        data-testid="chat-send"
      >
        <SendHorizontal aria-hidden className="flip-rtl size-5" />
      </button>
    </form>
  );
}
