import * as RadixToast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

type ToastFn = (toast: ToastInput) => void;
const ToastContext = createContext<ToastFn | null>(null);

/**
 * One toast at a time: a new one replaces the old (the spec's limit 1).
 * Radix's defaults are the spec's: F8 to focus, swipe 50 px, paused while hovered or focused.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const show = useCallback<ToastFn>((toast) => setCurrent({ ...toast, key: Date.now() }), []);

  const tone =
    current?.variant === "destructive"
      ? "border-red-200 bg-red-50 text-red-900"
      : current?.variant === "success"
        ? "border-brand-100 bg-brand-50 text-brand-900"
        : "border-stone-200 bg-white text-stone-900";

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={5000} label={t("toast.region")}>
        {children}
        {current && (
          <RadixToast.Root
            key={current.key}
            onOpenChange={(open) => !open && setCurrent(null)}
            data-testid="toast"
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`}
          >
            <div className="flex-1">
              <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
              {current.description && (
                <RadixToast.Description className="mt-1 text-sm opacity-90">{current.description}</RadixToast.Description>
              )}
            </div>
            <RadixToast.Close aria-label={t("toast.close")} className="rounded p-1 hover:bg-black/5">
              <X aria-hidden className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        )}
        <RadixToast.Viewport className="fixed inset-x-0 bottom-20 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:bottom-4 md:end-4 md:start-auto md:mx-0" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastFn {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used within a Toaster");
  return ctx;
}
