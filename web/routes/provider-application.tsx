import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BadgeCheck, Clock, LogIn, UserPlus, XCircle } from "lucide-react";
import { applicationPrefill, getMyApplication, submitApplication } from "../../domain/applications/submitApplication";
import { listCategories } from "../../domain/categories/listCategories";
import { listCities } from "../../domain/places/listCities";
import { formObject, withVerifiedPhone } from "../actions.server";
import { PhoneCodeStep } from "../components/PhoneCodeStep";
import { CheckboxField } from "../components/fields";
import { Alert, Field, SubmitButton } from "../components/form";
import { ProviderFields } from "../components/ProviderFields";
import { useLanguage, useTranslation } from "../i18n/react";
import { IRAQ_TIME } from "../components/admin/shared";
import { servicesFor } from "../services.server";
import { formatDate } from "../../domain/text/dates";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [{ title: "Dalil — Provider application" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) return { signedIn: false as const };
  const ctx = servicesFor(context);
  const [application, prefill, categories, cities] = await Promise.all([
    getMyApplication(ctx),
    applicationPrefill(ctx),
    listCategories(ctx),
    listCities(ctx),
  ]);
  return { signedIn: true as const, application, prefill, categories, cities, accountPhone: context.account.phone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/provider-application");
  const ctx = servicesFor(context);
  const form = await formObject(request);
  // an applicant who has not proven their phone is asked for the code in place, the form kept as typed
  return withVerifiedPhone(ctx, form, async () => {
    await submitApplication(ctx, form);
    return redirect("/application-submitted");
  });
}

function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-12 text-center" data-testid="application-signin">
      <h1 className="text-2xl font-bold">{t("onboarding.title")}</h1>
      <p className="mt-2 text-stone-600">{t("onboarding.signInPrompt")}</p>
      <div className="mt-6 grid gap-3">
        <Link
          to="/login?redirectTo=/provider-application"
          className={
            "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold " +
            "text-white hover:bg-brand-700"
          }
        >
          <LogIn aria-hidden className="flip-rtl size-5" />
          {t("onboarding.signIn")}
        </Link>
        <Link
          to="/register?type=provider"
          className={
            "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-brand-600 px-5 " +
            "font-semibold text-brand-700 hover:bg-brand-50"
          }
        >
          <UserPlus aria-hidden className="size-5" />
          {t("onboarding.createProviderAccount")}
        </Link>
      </div>
    </section>
  );
}

type Application = NonNullable<Extract<Awaited<ReturnType<typeof loader>>, { signedIn: true }>["application"]>;

function ApplicationStatus({ application }: { application: Application }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const date = (d: string | Date) => formatDate(d, locale, { dateStyle: "medium", timeZone: IRAQ_TIME });
  const tone =
    application.status === "approved"
      ? { Icon: BadgeCheck, box: "border-brand-100 bg-brand-50", icon: "text-brand-700" }
      : application.status === "rejected"
        ? { Icon: XCircle, box: "border-red-200 bg-red-50", icon: "text-red-600" }
        : { Icon: Clock, box: "border-amber-200 bg-amber-50", icon: "text-amber-600" };
  return (
    <div
      className={`rounded-2xl border p-5 ${tone.box}`}
      data-testid="application-status"
      data-status={application.status}
    >
      <div className="flex items-start gap-3">
        <tone.Icon aria-hidden className={`size-7 shrink-0 ${tone.icon}`} />
        <div>
          <h2 className="text-lg font-bold">{t(`onboarding.status.${application.status}`)}</h2>
          <p className="mt-1 text-stone-700">{t(`onboarding.statusText.${application.status}`)}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">{t("onboarding.businessName")}</dt>
            <dd className="font-medium">
              <bdi>{application.businessName}</bdi>
            </dd>
            <dt className="text-stone-500">{t("onboarding.submittedOn")}</dt>
            <dd>{date(application.submittedAt)}</dd>
            {application.reviewedAt && (
              <>
                <dt className="text-stone-500">{t("onboarding.reviewedOn")}</dt>
                <dd>{date(application.reviewedAt)}</dd>
              </>
            )}
          </dl>
          {application.adminNotes && (
            <p className="mt-3 rounded-xl bg-white/70 p-3 text-sm">
              <span className="font-semibold">{t("onboarding.adminNotes")}: </span>
              <bdi>{application.adminNotes}</bdi>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export default function ProviderApplicationPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const { t } = useTranslation();
  if (!data.signedIn) return <SignInPrompt />;

  const { application, prefill, categories, cities } = data;
  const error = result && !result.ok ? result.error : null;
  const fields = error?.fields ?? {};
  const needsCode = Boolean(result && !result.ok && result.needsCode);
  const alert =
    error && !needsCode
      ? error.code === "VALIDATION"
        ? t("errors.validation")
        : t(error.messageKey, { defaultValue: t("onboarding.submitFailed") })
      : null;
  // one application under review at a time: show its status instead of a second form
  const showForm = !application || application.status === "rejected";

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("onboarding.title")}</h1>
      <p className="mt-1 text-stone-600">{t("onboarding.subtitle")}</p>
      {application && (
        <div className="mt-6">
          <ApplicationStatus application={application} />
        </div>
      )}
      {showForm && (
        <Form method="post" className="mt-6 space-y-4" noValidate data-testid="application-form">
          {application?.status === "rejected" && <p className="font-semibold">{t("onboarding.applyAgain")}</p>}
          {alert && <Alert>{alert}</Alert>}
          <Field
            label={t("onboarding.businessName")}
            name="businessName"
            defaultValue={prefill.businessName}
            required
            error={fields.businessName}
          />
          <ProviderFields
            values={{
              specialty: prefill.specialty,
              location: prefill.location,
              phone: prefill.phone,
              whatsapp: prefill.whatsapp,
            }}
            errors={fields}
            categories={categories}
            cities={cities}
          />
          <Field
            label={t("onboarding.businessLicense")}
            name="businessLicense"
            hint={t("providerForm.optional")}
            error={fields.businessLicense}
          />
          <Field
            label={t("onboarding.experience")}
            name="experience"
            placeholder={t("onboarding.experiencePlaceholder")}
            hint={t("providerForm.optional")}
            error={fields.experience}
          />
          <CheckboxField
            name="whatsappAlerts"
            defaultChecked
            label={t("onboarding.whatsappAlerts")}
            hint={t("onboarding.whatsappAlertsHint")}
          />
          {needsCode && (
            <PhoneCodeStep
              phone={data.accountPhone}
              error={error?.messageKey === "errors.phoneNotVerified" ? undefined : fields.verificationCode}
              params={error?.params}
            />
          )}
          <p className="text-sm text-stone-600">{t("onboarding.reviewNote")}</p>
          <SubmitButton pending={pending} label={t("onboarding.submit")} pendingLabel={t("onboarding.submitting")} />
        </Form>
      )}
    </section>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
