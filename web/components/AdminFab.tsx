import { Link } from "@remix-run/react";
import { Shield } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { useRootData } from "../rootData";

/** The spec's floating button to /admin on home, shown to admins only (the server checks again). */
export function AdminFab() {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  if (!user?.isAdmin) return null;
  return (
    <Link
      to="/admin"
      className={
        "fixed end-4 bottom-24 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-stone-900 px-4 " +
        "font-semibold text-white shadow-lg hover:bg-stone-800 md:bottom-6"
      }
      data-testid="admin-fab"
    >
      <Shield aria-hidden className="size-5" />
      {t("nav.adminPanel")}
    </Link>
  );
}
