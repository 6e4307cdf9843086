import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLaterStrings, useTranslation } from "../../i18n/react";

/** A chat photo full screen, in the app: the close button, Escape or a tap outside the photo close it. */
export default function PhotoViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  useLaterStrings("common.close", "chat.photo");
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t("chat.photo")}
      className="fixed inset-0 z-[70] flex items-center justify-center bg-black/90 p-2"
      onClick={onClose}
      data-testid="chat-photo-viewer"
    >
      <img
        src={url}
        alt={t("chat.photo")}
        className="max-h-full max-w-full object-contain"
        onClick={(e) => e.stopPropagation()}
      />
      <button
        ref={close}
        type="button"
        onClick={onClose}
        aria-label={t("common.close")}
        className={
          "absolute end-3 top-3 inline-flex size-12 items-center justify-center rounded-full bg-white/90 " +
          "text-stone-900"
        }
        data-testid="chat-photo-close"
      >
        <X aria-hidden className="size-6" />
      </button>
    </div>
  );
}
