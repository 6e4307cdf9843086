import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "../i18n/react";
import { control, FieldShell } from "./fields";

/** A labelled input with its error right under it (announced to screen readers). */
export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`min-h-11 ${control(error)}`}
        {...input}
      />
    </FieldShell>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      data-testid="form-alert"
    >
      {children}
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={
        `min-h-11 w-full rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 ` +
        `disabled:opacity-90 ${className}`
      }
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** Phone input: left-to-right digits even in Arabic and Kurdish, the +964 hint, the phone keypad. */
export function PhoneField({
  label,
  error,
  name = "phone",
  ...rest
}: { label: string; error?: string; name?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      placeholder={t("auth.phoneHint")}
      required
      error={error}
      {...rest}
    />
  );
}
