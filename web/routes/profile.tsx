import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { BadgeCheck, Briefcase, CalendarDays, LogOut, Search, ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import {
  createTelegramLinkCode,
  listMyChannels,
  relinkMyWhatsApp,
  unlinkMyChannel,
} from "../../domain/accounts/channels";
import { changePassword, getAccount, updateProfile } from "../../domain/accounts/profile";
import { sendVerificationCode, verifyPhone } from "../../domain/accounts/verification";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { actionError, formObject } from "../actions.server";
import { CODE_INPUT } from "../components/codeInput";
import { Alert, Field, SubmitButton } from "../components/form";
import { LinkedChats } from "../components/LinkedChats";
import { useToast } from "../components/toast";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useLanguage, useTranslation } from "../i18n/react";
import { htmlLang, LANGUAGES } from "../../i18n/config";
import { readRemovedChats } from "../removedChats.server";
import { servicesFor } from "../services.server";
// ── leaving Dalil and downloading one's data (ADR 041) ──
import { deleteMyAccount } from "../../domain/accounts/deleteAccount";
import { clearedSessionCookie } from "../../workers/sessionCookie";
import { YourData } from "../components/YourData";

export async function loader({ context, request }: LoaderFunctionArgs) {
  // the spec: no signed-in user → the register page
  if (!context.account) throw redirect("/register");
  const ctx = servicesFor(context);
  const [account, channels] = await Promise.all([getAccount(ctx), listMyChannels(ctx)]);
  // after a reset: the linked chats that ended with the old sessions, said once
  const { chats: removedChats, clear } = readRemovedChats(request);
  return data(
    { account: { ...account, isAdmin: context.account.isAdmin }, channels, removedChats },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** A client-side visit fetches the linked-chats words first (they are not in other pages' catalogs). */
// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;

type Intent = "sendCode" | "verify" | "name" | "password" | "linkTelegram" | "unlink" | "relinkWhatsApp" | DataIntent;
/** the person's data (its own section below) */
type DataIntent = "deleteAccount";

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/register");
  const form = await formObject(request);
  const intent = form.intent as Intent;
  const ctx = servicesFor(context);
  try {
    if (intent === "sendCode") await sendVerificationCode(ctx);
    else if (intent === "verify") await verifyPhone(ctx, form);
    else if (intent === "name") await updateProfile(ctx, form);
    else if (intent === "password") {
      const { removedChats } = await changePassword(ctx, form, context.sessionToken);
      return { ok: true as const, intent, removedChats: removedChats.map((c) => c.label) };
    } else if (intent === "linkTelegram") {
      const { code } = await createTelegramLinkCode(ctx);
      return {
        ok: true as const,
        intent,
        telegramLink: `https://t.me/${context.cloudflare.env.TELEGRAM_BOT_USERNAME ?? "dalil_bot"}?start=${code}`,
      };
    } else if (intent === "unlink") await unlinkMyChannel(ctx, String(form.channel ?? ""));
    else if (intent === "relinkWhatsApp") await relinkMyWhatsApp(ctx);
    // ── leaving Dalil ends the session here too, and says so on a page of its own ──
    else if (intent === "deleteAccount") {
      await deleteMyAccount(ctx, form);
      return redirect("/account-deleted", { headers: { "Set-Cookie": clearedSessionCookie(request.url) } });
    } else
      return data(
        {
          ok: false as const,
          intent,
          error: { code: "VALIDATION" as const, messageKey: "errors.validation", fields: {} },
        },
        { status: 400 },
      );
    return { ok: true as const, intent };
  } catch (err) {
    const res = actionError(err);
    return data({ ...res.data, intent }, res.init ?? undefined);
  }
}

export default function ProfilePage() {
  const { account, channels, removedChats: removedByReset } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const toast = useToast();
  const busy = (intent: Intent) => nav.state === "submitting" && nav.formData?.get("intent") === intent;
  const errorFor = (intent: Intent) => (result && !result.ok && result.intent === intent ? result.error : null);

  useEffect(() => {
    if (!result?.ok) return;
    const messages: Partial<Record<Intent, string>> = {
      verify: t("profile.verifiedToast"),
      name: t("profile.nameSaved"),
      password: t("profile.passwordChanged"),
    };
    const message = messages[result.intent];
    if (message) toast({ title: message, variant: "success" });
  }, [result, t, toast]);

  const [search] = useSearchParams();
  const codeSent = result?.ok && result.intent === "sendCode";
  const verifyError = errorFor("verify") ?? errorFor("sendCode");
  const nameError = errorFor("name");
  const passwordError = errorFor("password");
  const card = "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm";
  const actionRow = "flex min-h-12 items-center gap-3 rounded-xl px-3 font-medium hover:bg-stone-50";

  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 py-8">
      <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
      {search.get("reset") === "1" && (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="reset-done">
          {t("auth.resetDone")}
        </p>
      )}

      <section className={card} data-testid="profile-summary">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-stone-500">{t("profile.name")}</dt>
          <dd className="font-semibold" data-testid="profile-name">
            {account.name}
          </dd>
          <dt className="text-stone-500">{t("profile.phone")}</dt>
          <dd>
            <bdi dir="ltr" className="phone">
              {formatPhoneForDisplay(account.phone)}
            </bdi>
          </dd>
          <dt className="text-stone-500">{t("profile.accountType")}</dt>
          <dd>
            {t(account.userType === "provider" ? "profile.provider" : "profile.customer")}
            {account.isAdmin && ` · ${t("profile.admin")}`}
          </dd>
        </dl>
        <div className="mt-4 border-t border-stone-100 pt-4">
          {account.isPhoneVerified ? (
            <p className="flex items-center gap-2 font-medium text-brand-700" data-testid="phone-state">
              <BadgeCheck aria-hidden className="size-5" />
              {t("profile.phoneVerified")}
            </p>
          ) : (
            <div className="space-y-3">
              <p className="flex items-center gap-2 font-medium text-amber-700" data-testid="phone-state">
                <ShieldAlert aria-hidden className="size-5" />
                {t("profile.phoneNotVerified")}
              </p>
              {verifyError && <Alert>{t(verifyError.messageKey, verifyError.params)}</Alert>}
              <Form method="post">
                <input type="hidden" name="intent" value="sendCode" />
                <button
                  type="submit"
                  disabled={busy("sendCode")}
                  className="min-h-11 rounded-xl bg-stone-100 px-4 font-semibold hover:bg-stone-200"
                >
                  {busy("sendCode") ? t("profile.sendingCode") : t("profile.sendCode")}
                </button>
              </Form>
              {codeSent && <p className="text-sm text-stone-600">{t("profile.codeSent")}</p>}
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="verify" />
                <div className="flex-1">
                  <Field
                    label={t("profile.codeLabel")}
                    name="verificationCode"
                    {...CODE_INPUT}
                    required={false}
                    autoFocus={false}
                  />
                </div>
                <button
                  type="submit"
                  disabled={busy("verify")}
                  className="min-h-11 rounded-xl bg-brand-600 px-4 font-semibold text-white"
                >
                  {busy("verify") ? t("profile.verifying") : t("profile.verify")}
                </button>
              </Form>
            </div>
          )}
        </div>
      </section>

      <section className={card}>
        <h2 className="mb-2 font-semibold">{t("profile.quickActions")}</h2>
        <ul>
          {account.userType === "provider" && (
            <li>
              <Link to="/dashboard" className={actionRow}>
                <Briefcase aria-hidden className="size-5 text-brand-700" />
                {t("profile.providerDashboard")}
              </Link>
            </li>
          )}
          <li>
            <Link to="/bookings" className={actionRow}>
              <CalendarDays aria-hidden className="size-5 text-brand-700" />
              {t("booking.myBookings")}
            </Link>
          </li>
          <li>
            <Link to="/search" className={actionRow}>
              <Search aria-hidden className="size-5 text-brand-700" />
              {t("profile.findServices")}
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={`${actionRow} w-full text-red-700`} data-testid="sign-out">
                <LogOut aria-hidden className="flip-rtl size-5" />
                {t("profile.signOut")}
              </button>
            </Form>
          </li>
          <li>
            <Form method="post" action="/logout">
              <input type="hidden" name="everywhere" value="1" />
              <button type="submit" className={`${actionRow} w-full text-stone-700`}>
                <LogOut aria-hidden className="flip-rtl size-5" />
                {t("profile.signOutEverywhere")}
              </button>
            </Form>
          </li>
        </ul>
      </section>

      <LinkedChats
        channels={channels}
        busy={busy("linkTelegram")}
        canLink={account.isPhoneVerified}
        linkError={errorFor("linkTelegram")?.messageKey ?? null}
        removed={
          result?.ok && "removedChats" in result && result.removedChats?.length ? result.removedChats : removedByReset
        }
        telegramLink={result?.ok && "telegramLink" in result ? (result.telegramLink ?? null) : null}
      />

      {/*
        The person's language (ADR 025): a plain GET with ?lng=, so it works before the JavaScript too; the
        server keeps it on the account and the whole document comes back in it.
      */}
      <section className={card} aria-labelledby="profile-language">
        <h2 id="profile-language" className="mb-1 font-semibold">
          {t("profile.language")}
        </h2>
        <p className="mb-3 text-sm text-stone-600">{t("profile.languageHint")}</p>
        <Form method="get" reloadDocument className="space-y-3" data-testid="profile-language">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("profile.language")}</legend>
            {LANGUAGES.map((l) => (
              <label
                key={l}
                className={
                  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-200 " +
                  "px-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                }
              >
                <input type="radio" name="lng" value={l} defaultChecked={l === lang} className="accent-brand-600" />
                <span lang={htmlLang(l)}>{t(`language.${l}`)}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="min-h-11 rounded-xl border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("profile.saveLanguage")}
          </button>
        </Form>
      </section>

      <section className={card}>
        <h2 className="mb-3 font-semibold">{t("profile.editName")}</h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="name" />
          <Field
            label={t("profile.name")}
            name="name"
            defaultValue={account.name}
            autoComplete="name"
            error={nameError?.fields.name}
          />
          <SubmitButton pending={busy("name")} label={t("common.save")} pendingLabel={t("common.saving")} />
        </Form>
      </section>

      <section className={card}>
        <h2 className="mb-3 font-semibold">{t("profile.changePassword")}</h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="password" />
          <Field
            label={t("profile.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={passwordError?.fields.currentPassword}
          />
          <Field
            label={t("profile.newPassword")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            error={passwordError?.fields.newPassword}
          />
          <Field
            label={t("profile.confirmNewPassword")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={passwordError?.fields.confirmPassword}
          />
          <SubmitButton pending={busy("password")} label={t("common.save")} pendingLabel={t("common.saving")} />
        </Form>
      </section>

      {/* ── your data (download, delete the account) ── */}
      <YourData error={errorFor("deleteAccount")} busy={busy("deleteAccount")} />
    </div>
  );
}
