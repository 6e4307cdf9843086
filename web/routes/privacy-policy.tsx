import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { withCatalog } from "../i18n/pageCatalog";
import { useTranslation } from "../i18n/react";

export const meta: MetaFunction = () => [{ title: "Dalil — Privacy policy" }];

/** Sections and how many points each has (the text lives in the privacy catalogs, in three languages). */
const SECTIONS = [
  ["collected", 7],
  ["use", 5],
  ["sharing", 5],
  ["security", 5],
  ["location", 3],
  // how long each kind of data is kept: the periods the retention sweeps apply (domain/retention/rules.ts, ADR 041)
  ["retention", 6],
  ["rights", 4],
] as const;

// rendered on the server (a route with only a clientLoader would render nothing there); a client-side
// visit renders once the language's whole catalog is here (ADR 031)
export const loader = () => null;
export const clientLoader = withCatalog;

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" data-testid="privacy-policy">
      <h1 className="text-2xl font-bold">{t("privacy.title")}</h1>
      <p className="mt-1 text-sm text-stone-500">{t("privacy.updated")}</p>
      <p className="mt-4 text-stone-700">{t("privacy.intro")}</p>
      {SECTIONS.map(([key, count]) => (
        <section key={key} className="mt-8" aria-labelledby={`privacy-${key}`}>
          <h2 id={`privacy-${key}`} className="text-lg font-bold">
            {t(`privacy.${key}.title`)}
          </h2>
          <ul className="mt-3 list-disc space-y-2 ps-6 text-stone-700">
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>{t(`privacy.${key}.p${i + 1}`)}</li>
            ))}
          </ul>
        </section>
      ))}
      <section className="mt-8" aria-labelledby="privacy-contact">
        <h2 id="privacy-contact" className="text-lg font-bold">
          {t("privacy.contact.title")}
        </h2>
        <p className="mt-3 text-stone-700">
          {t("privacy.contact.text")}{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            {t("privacy.contact.link")}
          </Link>
        </p>
      </section>
    </article>
  );
}
