import { Form } from "@remix-run/react";
import { Download, Trash2 } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { Alert, Field } from "./form";

/**
 * The person's data on /profile (ADR 041): download one file of it, or leave Dalil. Deleting says plainly what happens,
 * in the reader's language, and asks for the password again.
 */
export function YourData({
  error,
  busy,
}: {
  error: { messageKey: string; params?: Record<string, string | number>; fields: Record<string, string> } | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const card = "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm";
  return (
    <>
      <section className={card} aria-labelledby="your-data">
        <h2 id="your-data" className="mb-1 font-semibold">
          {t("account.data.title")}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{t("account.data.exportText")}</p>
        {/* a plain download: the file streams from the API with the session cookie */}
        <a
          href="/api/me/export"
          download
          className={
            "inline-flex min-h-11 items-center gap-2 rounded-xl border border-brand-600 px-5 font-semibold " +
            "text-brand-700 hover:bg-brand-50"
          }
          data-testid="export-data"
        >
          <Download aria-hidden className="size-5" />
          {t("account.data.export")}
        </a>
        <p className="mt-2 text-xs text-stone-600">{t("account.data.exportLimit")}</p>
      </section>

      <section className={`${card} border-red-200`} aria-labelledby="delete-account" data-testid="delete-account">
        <h2 id="delete-account" className="mb-1 font-semibold text-red-800">
          {t("account.delete.title")}
        </h2>
        <p className="text-sm text-stone-700">{t("account.delete.intro")}</p>
        <ul className="my-3 list-disc space-y-1 ps-5 text-sm text-stone-700">
          {(["signIn", "messages", "bookings", "reviews", "listing", "phone"] as const).map((k) => (
            <li key={k}>{t(`account.delete.${k}`)}</li>
          ))}
        </ul>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="deleteAccount" />
          {error && !error.fields.password && <Alert>{t(error.messageKey, error.params)}</Alert>}
          <Field
            label={t("account.delete.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={error?.fields.password}
          />
          <button
            type="submit"
            disabled={busy}
            className={
              "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-red-700 px-5 " +
              "font-semibold text-white hover:bg-red-800 disabled:opacity-90"
            }
            data-testid="delete-account-submit"
          >
            <Trash2 aria-hidden className="size-5" />
            {busy ? t("account.delete.deleting") : t("account.delete.confirm")}
          </button>
        </Form>
      </section>
    </>
  );
}
