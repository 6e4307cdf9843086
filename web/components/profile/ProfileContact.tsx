import { formatPhoneForDisplay } from "../../../domain/text/phone";
import { useTranslation } from "../../i18n/react";
import { trackContact } from "../contact";

/** The listing's phone (a tap calls, and is counted), WhatsApp number, address and city, as a list of terms. */
export function ProfileContact({
  provider,
  cityLabel,
}: {
  provider: { id: number; phone: string; whatsapp: string | null; location: string };
  cityLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      aria-labelledby="contact-title"
      data-testid="contact-info"
    >
      <h2 id="contact-title" className="text-lg font-bold">
        {t("provider.contactInfo")}
      </h2>
      <dl className="mt-3 divide-y divide-stone-100">
        <div className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-stone-500">{t("provider.phone")}</dt>
          <dd>
            <a
              href={`tel:${provider.phone}`}
              onClick={() => trackContact(provider.id, "call")}
              className="font-medium text-brand-700"
            >
              <bdi dir="ltr" className="phone">
                {formatPhoneForDisplay(provider.phone)}
              </bdi>
            </a>
          </dd>
        </div>
        {provider.whatsapp && (
          <div className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="text-stone-500">{t("provider.whatsapp")}</dt>
            <dd className="font-medium">
              <bdi dir="ltr" className="phone">
                {formatPhoneForDisplay(provider.whatsapp)}
              </bdi>
            </dd>
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-stone-500">{t("provider.location")}</dt>
          <dd className="font-medium">
            <bdi>{provider.location}</bdi>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-stone-500">{t("provider.city")}</dt>
          <dd className="font-medium">{cityLabel}</dd>
        </div>
      </dl>
    </section>
  );
}
