import { RefreshCw } from "lucide-react";
import { useTranslation } from "../i18n/react";

/** Shown when the app itself fails: the one action that helps is a reload. */
export function StartFailure() {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center px-4 text-center"
    >
      <h1 className="text-2xl font-bold">{t("startFailure.title")}</h1>
      <p className="mt-2 text-stone-600">{t("startFailure.text")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={
          "mt-6 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        <RefreshCw aria-hidden className="size-4" />
        {t("startFailure.refresh")}
      </button>
    </section>
  );
}
