import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { isolate } from "../../domain/text/bidi";
import { useTranslation } from "../i18n/react";
import { login } from "../../domain/accounts/login";
import { sessionCookie } from "../../workers/sessionCookie";
import { deviceCookie, deviceTokenFrom } from "../../workers/devices";
import { actionError, formObject, safeRedirect } from "../actions.server";
import { Alert, Field, PhoneField, SubmitButton } from "../components/form";
import { readRemovedChats } from "../removedChats.server";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { keepWayBack } from "../wayBack";
import { langFromCookieHeader, langOfRequest, languageCookie } from "../../i18n/config";

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (context.account) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  // after "sign out on all devices": the linked chats that ended with the sessions, said once
  const { chats, clear } = readRemovedChats(request);
  return data({ removedChats: chats }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  try {
    const { sessionToken, deviceToken } = await login(servicesFor(context), form, {
      userAgent: request.headers.get("User-Agent"),
      deviceToken: deviceTokenFrom(request),
    });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request.url, sessionToken));
    headers.append("Set-Cookie", deviceCookie(request.url, deviceToken));
    // the pages after sign-in stay in the language this page was read in: one the browser only asked for
    // (Accept-Language) is stated now, so it becomes the account's (ADR 025) instead of giving way to it
    if (!langFromCookieHeader(request.headers.get("Cookie")))
      headers.append("Set-Cookie", languageCookie(langOfRequest(request).lang));
    return redirect(safeRedirect(form.redirectTo), { headers });
  } catch (err) {
    return actionError(err);
  }
}

export default function LoginPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const removedChats = useLoaderData<typeof loader>()?.removedChats ?? [];
  const [params] = useSearchParams();
  const pending = useNavigation().state === "submitting";
  const error = result && !result.ok ? result.error : null;
  const fieldErrors = error?.code === "VALIDATION" ? error.fields : {};
  const alert =
    error && error.code !== "VALIDATION"
      ? t(error.messageKey, { ...error.params, defaultValue: t("auth.loginFailed") })
      : null;

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("auth.loginTitle")}</h1>
      <p className="mt-1 text-stone-600">{t("auth.loginSubtitle")}</p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {params.get("reason") === "booking" && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="login-reason">
            {t("booking.loginRequired")}
          </p>
        )}
        {removedChats.length > 0 && (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="removed-chats">
            {t("bot.web.removed", { chats: removedChats.map(isolate).join(" · ") })}
          </p>
        )}
        {alert && <Alert>{alert}</Alert>}
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
        <PhoneField label={t("auth.phone")} error={fieldErrors.phone} />
        <Field
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <p className="-mt-2 text-end text-sm">
          <Link
            to="/reset-password"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700"
            data-testid="forgot-password"
          >
            {t("auth.forgotPassword")}
          </Link>
        </p>
        <SubmitButton pending={pending} label={t("auth.loginButton")} pendingLabel={t("auth.loggingIn")} />
      </Form>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t("auth.noAccount")}{" "}
        <Link
          to={`/register${keepWayBack(params)}`}
          className="font-semibold text-brand-700"
          data-testid="create-account"
        >
          {t("auth.createAccount")}
        </Link>
      </p>
    </section>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
