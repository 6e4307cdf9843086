import { Link } from "@remix-run/react";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { withCatalog } from "../i18n/pageCatalog";

/** Where /profile sends a person who deleted their account. */
export default function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-12 text-center" data-testid="account-deleted">
      <CheckCircle2 aria-hidden className="mx-auto size-14 text-brand-600" />
      <h1 className="mt-4 text-2xl font-bold">{t("account.delete.deletedTitle")}</h1>
      <p className="mt-2 text-stone-700" role="status">
        {t("account.delete.done")}
      </p>
      <Link
        to="/"
        className={
          "mt-8 inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-5 font-semibold " +
          "text-white hover:bg-brand-700"
        }
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

export const loader = () => null;
export const clientLoader = withCatalog;
