import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { KeyRound } from "lucide-react";
import { finishPasswordReset, startPasswordReset } from "../../domain/accounts/reset";
import { isolateLtr } from "../../domain/text/bidi";
import { formatPhoneForDisplay, normalizeIraqiPhone } from "../../domain/text/phone";
import { sessionCookie } from "../../workers/sessionCookie";
import { deviceCookie } from "../../workers/devices";
import { actionError, formObject } from "../actions.server";
import { Alert, Field, PhoneField, SubmitButton } from "../components/form";
import { RESET_CODE_INPUT } from "../components/codeInput";
import { useTranslation } from "../i18n/react";
import { removedChatsCookie } from "../removedChats.server";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [{ title: "Reset your password — Dalil" }];

/**
 * Forgot password (ADR 022): phone → a reset code sent to that number → new password, on one page. Step 1 always
 * answers "sent" (it does not say whether the number has an account); step 2 keeps the phone and asks for the code and
 * the password.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  const ctx = servicesFor(context);
  try {
    if (form.intent === "finish") {
      const { account, sessionToken, removedChats } = await finishPasswordReset(ctx, form, {
        userAgent: request.headers.get("User-Agent"),
      });
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(request.url, sessionToken));
      headers.append(
        "Set-Cookie",
        deviceCookie(request.url, await ctx.ports.devices.issue({ phone: account.phone, userId: account.id })),
      );
      const removed = removedChatsCookie(request.url, removedChats);
      if (removed) headers.append("Set-Cookie", removed);
      return redirect("/profile?reset=1", { headers });
    }
    await startPasswordReset(ctx, form);
    return data({ ok: true as const, step: "code" as const, phone: normalizeIraqiPhone(form.phone ?? "") ?? "" });
  } catch (err) {
    const failed = actionError(err);
    // a wrong code keeps the person on the code step, with their phone
    return form.intent === "finish"
      ? data(
          { ...(failed.data as object), step: "code" as const, phone: normalizeIraqiPhone(form.phone ?? "") ?? "" },
          failed.init ?? undefined,
        )
      : failed;
  }
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const onCodeStep = Boolean(result && "step" in result && result.step === "code" && result.phone);
  const phone = result && "phone" in result ? result.phone : "";
  const error =
    result && "error" in result
      ? (result.error as {
          code: string;
          messageKey: string;
          fields: Record<string, string>;
          params?: Record<string, string | number>;
        })
      : null;
  const fields = error?.fields ?? {};
  const alert = error && Object.keys(fields).length === 0 ? t(error.messageKey, error.params) : null;

  return (
    <section className="mx-auto max-w-md px-4 py-10" data-testid="reset-page">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <KeyRound aria-hidden className="size-6 shrink-0 text-brand-700" />
        {t("auth.resetTitle")}
      </h1>
      {!onCodeStep ? (
        <Form method="post" className="mt-6 space-y-4" noValidate data-testid="reset-start">
          <p className="text-stone-600">{t("auth.resetIntro")}</p>
          {alert && <Alert>{alert}</Alert>}
          <input type="hidden" name="intent" value="start" />
          <PhoneField label={t("auth.phone")} error={fields.phone} />
          <SubmitButton pending={pending} label={t("auth.resetSend")} pendingLabel={t("auth.resetSending")} />
        </Form>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate data-testid="reset-finish">
          <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900" role="status">
            {t("auth.resetCodeSent", { phone: isolateLtr(formatPhoneForDisplay(phone).replace(/ /g, "\u00A0")) })}
          </p>
          {alert && <Alert>{alert}</Alert>}
          <input type="hidden" name="intent" value="finish" />
          <input type="hidden" name="phone" value={phone} />
          <Field
            label={t("auth.resetCode")}
            name="verificationCode"
            {...RESET_CODE_INPUT}
            error={fields.verificationCode}
          />
          <Field
            label={t("auth.newPassword")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={fields.newPassword}
          />
          <Field
            label={t("auth.confirmNewPassword")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={fields.confirmPassword}
          />
          <SubmitButton pending={pending} label={t("auth.resetButton")} pendingLabel={t("auth.resetSaving")} />
        </Form>
      )}
      {onCodeStep && (
        <Form method="post" className="mt-4 text-center">
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="phone" value={phone} />
          <button type="submit" className="min-h-11 text-sm font-semibold text-brand-700" data-testid="reset-again">
            {t("auth.resetAgain")}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700">
          {t("auth.signInInstead")}
        </Link>
      </p>
    </section>
  );
}

// rendered on the server (a route with only a clientLoader would render nothing there); a client-side
// visit renders once the language's whole catalog is here (ADR 031)
export const loader = () => null;
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
