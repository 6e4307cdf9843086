import { Link } from "@remix-run/react";
import { AlertCircle } from "lucide-react";
import { useTranslation } from "../i18n/react";

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <AlertCircle aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 text-stone-600">{t("notFound.text")}</p>
      <Link
        to="/"
        className={
          "mt-6 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}
