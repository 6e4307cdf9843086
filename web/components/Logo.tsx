import { Link } from "@remix-run/react";
import { useTranslation } from "../i18n/react";

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2" aria-label={t("app.name")}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="9" fill="#17663d" />
        <path
          d="M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z"
          fill="#f5b43c"
        />
      </svg>
      {/* on the narrowest phones the mark alone leaves room for the header's buttons */}
      <span className="hidden text-xl font-bold text-brand-700 min-[400px]:inline">{t("app.name")}</span>
    </Link>
  );
}
