import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A labelled input with its error right under it (announced to screen readers). */
export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`min-h-11 w-full rounded-xl border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-400" : "border-stone-300"}`}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600" data-testid={`error-${name}`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="form-alert">
      {children}
    </div>
  );
}

export function SubmitButton({ pending, label, pendingLabel, className = "" }: { pending: boolean; label: string; pendingLabel: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`min-h-11 w-full rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70 ${className}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** Phone input: left-to-right digits even in Arabic and Kurdish, the +964 hint, the phone keypad. */
export function PhoneField({ label, error, name = "phone", ...rest }: { label: string; error?: string; name?: string } & InputHTMLAttributes<HTMLInputElement>) {
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
