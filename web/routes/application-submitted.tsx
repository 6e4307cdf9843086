import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { dalilWhatsApp } from "../../domain/reach/numbers";
import { Bell, CheckCircle2, MessageCircle } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { withCatalog } from "../i18n/pageCatalog";

export default function ApplicationSubmittedPage() {
  const { t } = useTranslation();
  const hello = useLoaderData<typeof loader>()?.hello ?? "";
  return (
    <section className="mx-auto max-w-md px-4 py-12 text-center" data-testid="application-submitted">
      <CheckCircle2 aria-hidden className="mx-auto size-14 text-brand-600" />
      <h1 className="mt-4 text-2xl font-bold">{t("onboarding.submittedTitle")}</h1>
      <p className="mt-2 text-stone-700">{t("onboarding.submittedReview")}</p>
      <ul className="mt-6 space-y-3 text-start">
        <li className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
          <Bell aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>{t("onboarding.submittedEmail")}</span>
        </li>
        <li className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
          <MessageCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>{t("onboarding.submittedNotify")}</span>
        </li>
      </ul>
      {hello && (
        <a
          href={`https://${hello}`}
          target="_blank"
          rel="noreferrer"
          className={
            "mt-6 flex items-start gap-3 rounded-xl bg-brand-50 " + "p-4 text-start text-brand-800 hover:bg-brand-100"
          }
          data-testid="say-hello"
        >
          <MessageCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>
            <span className="block font-semibold">{t("onboarding.sayHello")}</span>
            <span className="block text-sm">{t("onboarding.sayHelloHint")}</span>
          </span>
        </a>
      )}
      <div className="mt-8 grid gap-3">
        <Link
          to="/provider-application"
          className={
            "inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-5 font-semibold " +
            "text-white hover:bg-brand-700"
          }
        >
          {t("onboarding.viewStatus")}
        </Link>
        <Link
          to="/"
          className={
            "inline-flex min-h-11 items-center justify-center rounded-xl px-5 font-semibold text-brand-700 " +
            "hover:bg-brand-50"
          }
        >
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}

// rendered on the server (a route with only a clientLoader would render nothing there); a client-side visit renders
// once the language's whole catalog is here (ADR 031) Dalil's WhatsApp, to say hello from the number that gets the
// alerts
export const loader = ({ context }: LoaderFunctionArgs) => ({
  hello: dalilWhatsApp(context.cloudflare.env.TWILIO_WHATSAPP_FROM),
});
export const clientLoader = withCatalog;
