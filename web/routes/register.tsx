import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Briefcase, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../i18n/react";
import { register } from "../../domain/accounts/register";
import { sessionCookie } from "../../workers/sessionCookie";
import { deviceCookie } from "../../workers/devices";
import { actionError, formObject, safeRedirect } from "../actions.server";
import { Alert, Field, PhoneField, SubmitButton } from "../components/form";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { keepWayBack } from "../wayBack";

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (context.account) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/profile"));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  try {
    const ctx = servicesFor(context);
    const { account, sessionToken } = await register(ctx, form, { userAgent: request.headers.get("User-Agent") });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request.url, sessionToken));
    // the device that made the account is a known device for its phone (ADR 022)
    headers.append(
      "Set-Cookie",
      deviceCookie(request.url, await ctx.ports.devices.issue({ phone: account.phone, userId: account.id })),
    );
    // back where signing up began (the booking form, which asks for the phone's code in place); otherwise a provider's
    // next step is the application and a customer goes home
    const back = safeRedirect(form.redirectTo, "");
    return redirect(back || (account.userType === "provider" ? "/provider-application" : "/"), { headers });
  } catch (err) {
    return actionError(err);
  }
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const pending = useNavigation().state === "submitting";
  const [userType, setUserType] = useState(params.get("type") === "provider" ? "provider" : "customer");
  const error = result && !result.ok ? result.error : null;
  const fields = error?.fields ?? {};
  const alert =
    error && error.code !== "VALIDATION" ? t(error.messageKey, { defaultValue: t("auth.registrationFailed") }) : null;

  const typeOption = (value: "customer" | "provider", Icon: typeof Search, title: string, hint: string) => (
    <label
      className={
        `flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border ` +
        `p-3 ${userType === value ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-stone-300 bg-white"}`
      }
    >
      <input
        type="radio"
        name="userType"
        value={value}
        checked={userType === value}
        onChange={() => setUserType(value)}
        className="size-4 accent-brand-600"
        data-testid={`usertype-${value}`}
      />
      <Icon aria-hidden className="size-5 text-brand-700" />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-stone-600">{hint}</span>
      </span>
    </label>
  );

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("auth.registerTitle")}</h1>
      <p className="mt-1 text-stone-600">{t("auth.registerSubtitle")}</p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {params.get("reason") === "booking" && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="register-reason">
            {t("auth.registerThenBook")}
          </p>
        )}
        {alert && <Alert>{alert}</Alert>}
        {params.get("redirectTo") && <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-stone-800">{t("auth.accountType")}</legend>
          <div className="grid gap-2">
            {typeOption("customer", Search, t("auth.customer"), t("auth.customerHint"))}
            {typeOption("provider", Briefcase, t("auth.provider"), t("auth.providerHint"))}
          </div>
          {fields.userType && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {t(fields.userType)}
            </p>
          )}
        </fieldset>
        <Field label={t("auth.name")} name="name" autoComplete="name" required error={fields.name} />
        <PhoneField label={t("auth.phone")} error={fields.phone} />
        <Field
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={fields.password}
        />
        <Field
          label={t("auth.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={fields.confirmPassword}
        />
        {userType === "provider" && (
          <>
            <Field
              label={t("auth.jobTitle")}
              name="jobTitle"
              placeholder={t("auth.jobTitlePlaceholder")}
              required
              error={fields.jobTitle}
            />
            <Field
              label={t("auth.location")}
              name="location"
              placeholder={t("auth.locationPlaceholder")}
              required
              error={fields.location}
            />
          </>
        )}
        <p className="text-sm text-stone-500">{t("auth.verifyAfter")}</p>
        <SubmitButton pending={pending} label={t("auth.registerButton")} pendingLabel={t("auth.creatingAccount")} />
      </Form>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t("auth.haveAccount")}{" "}
        <Link to={`/login${keepWayBack(params)}`} className="font-semibold text-brand-700">
          {t("auth.signInInstead")}
        </Link>
      </p>
    </section>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
