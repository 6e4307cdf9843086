import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/react";
import { useToast } from "../toast";

export interface ActionResult {
  ok: boolean;
  intent?: string;
  id?: string;
  error?: {
    code: string;
    messageKey: string;
    fields: Record<string, string>;
    params?: Record<string, string | number>;
  };
}

/**
 * One toast per finished admin action: `success` for ok results, `failure` for the rest (with the
 * server's reason as the description). Each result object is toasted once.
 */
export function useResultToast(
  result: ActionResult | undefined,
  texts: (r: ActionResult) => { success?: string; failure?: string } | null,
) {
  const toast = useToast();
  const { t } = useTranslation();
  const seen = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    const text = texts(result);
    if (!text) return;
    if (result.ok && text.success) toast({ title: text.success, variant: "success" });
    else if (!result.ok && text.failure)
      toast({
        title: text.failure,
        description: result.error ? t(result.error.messageKey, result.error.params) : undefined,
        variant: "destructive",
      });
  }, [result, texts, toast, t]);
}

export const card = "rounded-2xl border border-stone-200 bg-white p-4 shadow-sm";
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 font-semibold " +
  "text-white hover:bg-brand-700 disabled:opacity-70";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-stone-300 bg-white px-4 " +
  "font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-70";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-red-200 bg-white px-4 " +
  "font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70";

export const toDate = (d: Date | string | number) => new Date(d);

/**
 * Dates are shown in Iraq's time on the server and in the
 * browser alike (no hydration mismatch, one reading for admins).
 */
export const IRAQ_TIME = "Asia/Baghdad";
