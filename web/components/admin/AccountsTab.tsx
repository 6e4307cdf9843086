import { Form, useFetcher } from "@remix-run/react";
import { UserX } from "lucide-react";
import { useCallback } from "react";
import { useLanguage, useTranslation } from "../../i18n/react";
import { formatDate } from "../../../domain/text/dates";
import { card, dangerButton, IRAQ_TIME, secondaryButton, toDate, useResultToast, type ActionResult } from "./shared";

interface Found {
  id: number;
  name: string;
  userType: "customer" | "provider";
  isPhoneVerified: boolean;
  createdAt: Date | string;
}

/** An admin deletes an account for a person who asked through the contact page, with the reason recorded. */
export function AccountsTab({ phone, found }: { phone: string; found: Found[] | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="text-lg font-bold">
        {t("account.admin.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("account.admin.hint")}</p>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="accounts" />
        <label className="grid gap-1 text-sm font-medium">
          {t("account.admin.phone")}
          <input
            name="phone"
            defaultValue={phone}
            inputMode="tel"
            dir="ltr"
            className="min-h-11 rounded-xl border border-stone-300 px-3"
            data-testid="account-phone"
          />
        </label>
        <button type="submit" className={secondaryButton}>
          {t("account.admin.find")}
        </button>
      </Form>
      {found && found.length === 0 && (
        <p className={`${card} mt-3 text-center text-stone-600`}>{t("account.admin.none")}</p>
      )}
      {found && found.length > 0 && (
        <ul className="mt-3 space-y-3">
          {found.map((a) => (
            <AccountRow key={a.id} account={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountRow({ account: a }: { account: Found }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const texts = useCallback(
    (r: ActionResult) => (r.intent === "deleteAccount" ? { success: t("account.admin.deleted") } : null),
    [t],
  );
  useResultToast(fetcher.data, texts);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const done = fetcher.data?.ok;
  return (
    <li className={card} data-testid="account-found">
      <p className="font-semibold">
        <bdi>{a.name}</bdi> · {t(a.userType === "provider" ? "profile.provider" : "profile.customer")}
      </p>
      <p className="text-xs text-stone-500">
        {formatDate(toDate(a.createdAt), locale, { dateStyle: "medium", timeZone: IRAQ_TIME })}
      </p>
      {done ? (
        <p role="status" className="mt-2 font-medium text-brand-700">
          {t("account.admin.deleted")}
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-3 grid gap-2">
          <input type="hidden" name="intent" value="deleteAccount" />
          <input type="hidden" name="id" value={a.id} />
          <label className="grid gap-1 text-sm font-medium">
            {t("account.admin.reason")}
            <input
              name="reason"
              required
              minLength={3}
              maxLength={500}
              className="min-h-11 rounded-xl border border-stone-300 px-3"
              aria-invalid={error ? true : undefined}
            />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {t(error.messageKey, error.params)}
            </p>
          )}
          <button
            type="submit"
            className={dangerButton}
            disabled={fetcher.state !== "idle"}
            data-testid="account-delete"
          >
            <UserX aria-hidden className="size-4" />
            {t("account.admin.delete")}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}
