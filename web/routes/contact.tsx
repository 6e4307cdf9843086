import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2, Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/react";
import { submitContactMessage } from "../../domain/contact/contactMessages";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { actionError, formObject } from "../actions.server";
import { SelectField, TextAreaField } from "../components/fields";
import { Alert, Field, SubmitButton } from "../components/form";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [{ title: "Dalil — Contact" }];

/** the contact form's types (db/schema CONTACT_TYPES; repeated here so the browser bundle carries no schema code) */
const CONTACT_TYPES = ["general", "technical", "provider", "partnership", "global"] as const;

/** Dalil's own contact points come from configuration ([vars] in wrangler.toml), not from the code. */
export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  return {
    contact: {
      phone: formatPhoneForDisplay(env.SUPPORT_PHONE),
      phoneHref: `tel:${env.SUPPORT_PHONE}`,
      email: env.SUPPORT_EMAIL,
      whatsapp: formatPhoneForDisplay(env.SUPPORT_WHATSAPP),
      whatsappHref: `https://wa.me/${env.SUPPORT_WHATSAPP.replace(/[^0-9]/g, "")}`,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    await submitContactMessage(servicesFor(context), await formObject(request));
    return { ok: true as const };
  } catch (err) {
    return actionError(err);
  }
}

export default function ContactPage() {
  const { t } = useTranslation();
  const { contact: CONTACT } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const sent = result?.ok === true;
  const error = result && !result.ok ? result.error : null;
  const fields = error?.fields ?? {};
  useEffect(() => {
    if (sent) formRef.current?.reset();
  }, [sent]);

  const info = [
    { Icon: MapPin, label: t("contact.address"), value: t("contact.addressValue") },
    {
      Icon: Phone,
      label: t("contact.phone"),
      value: (
        <a href={CONTACT.phoneHref} className="text-brand-700">
          <bdi dir="ltr" className="phone">
            {CONTACT.phone}
          </bdi>
        </a>
      ),
    },
    {
      Icon: Mail,
      label: t("contact.email"),
      value: (
        <a href={`mailto:${CONTACT.email}`} className="text-brand-700">
          <bdi dir="ltr">{CONTACT.email}</bdi>
        </a>
      ),
    },
    {
      Icon: MessageCircle,
      label: t("contact.whatsapp"),
      value: (
        <a href={CONTACT.whatsappHref} target="_blank" rel="noopener noreferrer" className="text-brand-700">
          <bdi dir="ltr" className="phone">
            {CONTACT.whatsapp}
          </bdi>
        </a>
      ),
    },
  ];
  const faq = ["review", "free", "subscription", "expansion"] as const;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("contact.title")}</h1>
      <p className="mt-1 text-stone-600">{t("contact.subtitle")}</p>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <section
            className="rounded-2xl bg-white p-5 shadow-sm"
            aria-labelledby="info-title"
            data-testid="contact-info"
          >
            <h2 id="info-title" className="font-semibold">
              {t("contact.infoTitle")}
            </h2>
            <ul className="mt-3 space-y-3">
              {info.map(({ Icon, label, value }) => (
                <li key={label} className="flex items-start gap-3">
                  <span
                    className={
                      "flex size-10 shrink-0 items-center justify-center " + "rounded-full bg-brand-50 text-brand-700"
                    }
                  >
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span>
                    <span className="block text-sm text-stone-500">{label}</span>
                    <span className="block font-medium">{value}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="hours-title">
            <h2 id="hours-title" className="flex items-center gap-2 font-semibold">
              <Clock aria-hidden className="size-5 text-brand-700" />
              {t("contact.hoursTitle")}
            </h2>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt>{t("contact.sunThu")}</dt>
              <dd className="font-medium">{t("contact.sunThuHours")}</dd>
              <dt>{t("contact.friSat")}</dt>
              <dd className="font-medium">{t("contact.friSatHours")}</dd>
            </dl>
          </section>
        </div>

        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="form-title">
          <h2 id="form-title" className="font-semibold">
            {t("contact.formTitle")}
          </h2>
          {sent && (
            <p
              role="status"
              className="mt-3 flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50 p-3 text-brand-900"
              data-testid="contact-sent"
            >
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
              {t("contact.sent")}
            </p>
          )}
          <Form ref={formRef} method="post" className="mt-4 space-y-4" noValidate>
            {error && error.code !== "VALIDATION" && <Alert>{t(error.messageKey, error.params)}</Alert>}
            <Field label={t("contact.name")} name="name" autoComplete="name" required error={fields.name} />
            <Field
              label={t("contact.emailField")}
              name="email"
              type="email"
              dir="ltr"
              autoComplete="email"
              required
              error={fields.email}
            />
            <Field
              label={t("contact.phoneField")}
              name="phone"
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+964 XXX XXX XXXX"
              hint={t("providerForm.optional")}
              error={fields.phone}
            />
            <SelectField
              label={t("contact.type")}
              name="type"
              options={CONTACT_TYPES.map((v) => ({ value: v, label: t(`contact.types.${v}`) }))}
              defaultValue="general"
            />
            <Field label={t("contact.subject")} name="subject" required error={fields.subject} />
            <TextAreaField label={t("contact.message")} name="message" rows={5} required error={fields.message} />
            <SubmitButton pending={pending} label={t("contact.send")} pendingLabel={t("contact.sending")} />
          </Form>
        </section>
      </div>

      <section className="mt-10" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-xl font-bold">
          {t("contact.faqTitle")}
        </h2>
        <div className="mt-4 space-y-3">
          {faq.map((k) => (
            <details key={k} className="group rounded-2xl bg-white p-4 shadow-sm">
              <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
                {t(`contact.faq.${k}.q`)}
              </summary>
              <p className="mt-2 text-stone-700">{t(`contact.faq.${k}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
