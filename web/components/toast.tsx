import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

type ToastFn = (toast: ToastInput) => void;
const ToastContext = createContext<ToastFn | null>(null);

/** SPEC section 9: one toast at a time, 5 s on screen, F8 to reach it, a 50 px swipe dismisses it. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = "F8";
export const TOAST_SWIPE_PX = 50;

/**
 * One toast at a time: a new one replaces the old (the spec's limit 1). The timer pauses while the toast
 * is hovered or focused; F8 moves focus to it; a horizontal swipe of 50 px or the close button dismisses
 * it. The live region announces it to screen readers. (Ours, not a library's: ~1 KB instead of 13 KB.)
 */
export function Toaster({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const show = useCallback<ToastFn>((toast) => setCurrent({ ...toast, key: Date.now() }), []);
  const close = useCallback(() => setCurrent(null), []);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) viewport.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* a named region landmark: the notifications are part of the page's landmark structure */}
      <section aria-label={`${t("toast.region")} (${TOAST_HOTKEY})`}>
        <ol
          ref={viewport}
          tabIndex={-1}
          className={
            "pointer-events-none fixed inset-x-0 bottom-20 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 p-4 " +
            "outline-none md:bottom-4 md:end-4 md:start-auto md:mx-0"
          }
        >
          {current && <ToastItem key={current.key} toast={current} onClose={close} closeLabel={t("toast.close")} />}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose, closeLabel }: { toast: ToastInput; onClose: () => void; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const began = Date.now();
    const timer = window.setTimeout(onClose, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - began;
    };
  }, [paused, onClose]);

  const tone =
    toast.variant === "destructive"
      ? "border-red-200 bg-red-50 text-red-900"
      : toast.variant === "success"
        ? "border-brand-100 bg-brand-50 text-brand-900"
        : "border-stone-200 bg-white text-stone-900";

  return (
    <li
      role={toast.variant === "destructive" ? "alert" : "status"}
      aria-live={toast.variant === "destructive" ? "assertive" : "polite"}
      aria-atomic="true"
      data-testid="toast"
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      onPointerDown={(e) => {
        start.current = e.clientX;
        setPaused(true);
      }}
      onPointerMove={(e) => start.current !== null && setDx(e.clientX - start.current)}
      onPointerUp={() => {
        start.current = null;
        if (Math.abs(dx) >= TOAST_SWIPE_PX) onClose();
        else {
          setDx(0);
          setPaused(false);
        }
      }}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.3, 1 - Math.abs(dx) / 200) } : undefined}
      className={
        `pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg outline-none ` +
        `focus-visible:ring-2 focus-visible:ring-brand-600 ${tone}`
      }
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className="-m-2 flex size-11 items-center justify-center rounded-full hover:bg-black/5"
      >
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}

export function useToast(): ToastFn {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used within a Toaster");
  return ctx;
}
