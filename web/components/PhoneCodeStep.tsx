import { ShieldCheck } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { isolateLtr } from "../../domain/text/bidi";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { Field } from "./form";
import { CODE_INPUT } from "./codeInput";

/**
 * The code field shown inside a form (booking, review, application) when the user must first prove
 * their phone: the code was just sent; typing it and submitting the same form again does both.
 */
export function PhoneCodeStep({
  phone,
  error,
  params,
}: {
  phone: string;
  error?: string;
  params?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="phone-code-step">
      <p className="flex items-center gap-2 font-semibold text-brand-800">
        <ShieldCheck aria-hidden className="size-5 shrink-0" />
        {t("trust.codeTitle")}
      </p>
      <p className="text-sm text-stone-700">
        {/* the number reads left-to-right inside Arabic and Kurdish sentences */}
        {t("trust.codeSent", { phone: isolateLtr(formatPhoneForDisplay(phone).replace(/ /g, "\u00A0")) })}
      </p>
      <Field
        label={t("trust.codeLabel")}
        name="verificationCode"
        {...CODE_INPUT}
        hint={t("trust.codeHint")}
        error={error ? t(error, params) : undefined}
      />
    </div>
  );
}
