import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "../i18n/react";

export const control = (error?: string) =>
  `w-full rounded-xl border bg-white px-3 text-base outline-none focus:ring-2 ` +
  `focus:ring-brand-500 ${error ? "border-red-400" : "border-stone-300"}`;

/** Label, control, then the hint or the error (announced), with the ids the control points to. */
export function FieldShell({
  id,
  name,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
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

/** A labelled select with its error under it (same look and ids as Field). */
export function SelectField({
  label,
  name,
  error,
  hint,
  placeholder,
  options,
  ...select
}: {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  options: { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`min-h-11 ${control(error)}`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  ...area
}: { label: string; name: string; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} name={name} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        name={name}
        rows={4}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`py-2 ${control(error)}`}
        {...area}
      />
    </FieldShell>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  ...input
}: { name: string; label: string; hint?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 bg-white p-3">
      <input
        type="checkbox"
        name={name}
        className="mt-1 size-5 shrink-0 accent-brand-600"
        data-testid={`check-${name}`}
        {...input}
      />
      <span>
        <span className="block font-medium">{label}</span>
        {hint && <span className="block text-sm text-stone-600">{hint}</span>}
      </span>
    </label>
  );
}
