import { Link } from "@remix-run/react";
import { useTranslation } from "../i18n/react";
import { Fragment } from "react";
import { htmlLang, LANGUAGES } from "../../i18n/config";
import { useRootData } from "../rootData";

export function Footer() {
  const { t } = useTranslation();
  const isProvider = useRootData()?.user?.userType === "provider";
  const columns = [
    {
      title: t("footer.forCustomers"),
      links: [
        { to: "/search", label: t("footer.findServices") },
        { to: "/search", label: t("footer.browseCategories") },
        { to: "/messages", label: t("footer.myMessages") },
      ],
    },
    {
      title: t("footer.forProviders"),
      // a provider has joined: his column leads to his own desk, not to the way in
      links: isProvider
        ? [{ to: "/dashboard", label: t("nav.providerDashboard") }]
        : [
            { to: "/register?type=provider", label: t("footer.joinAsProvider") },
            { to: "/provider-application", label: t("footer.providerApplication") },
          ],
    },
    {
      title: t("footer.company"),
      links: [
        { to: "/contact", label: t("footer.contact") },
        { to: "/privacy-policy", label: t("footer.privacy") },
      ],
    },
  ];
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((col) => (
          <div key={col.title}>
            <h2 className="text-sm font-semibold text-stone-900">{col.title}</h2>
            <ul className="mt-3 space-y-1">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link
                    to={l.to}
                    className="inline-flex min-h-11 items-center text-sm text-stone-600 hover:text-brand-700"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-stone-100">
        <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-sm text-stone-500">
          <p>{t("footer.expansion")}</p>
          <p className="flex flex-wrap justify-between gap-2">
            <span>{t("footer.copyright", { year: new Date().getFullYear() })}</span>
            {/* each language named in itself, marked as that language (screen readers, and the page's own words stay
                its language) */}
            <span>
              {LANGUAGES.map((l, i) => (
                <Fragment key={l}>
                  {i > 0 && " · "}
                  <span lang={htmlLang(l)}>{t(`language.${l}`)}</span>
                </Fragment>
              ))}
            </span>
          </p>
        </div>
      </div>
    </footer>
  );
}
