import type { ApplicationView } from "../../../domain/applications/view";
import { Link, useFetcher } from "@remix-run/react";
import { Check, X } from "lucide-react";
import { useCallback, useState } from "react";
import type { CategoryView } from "../../../domain/categories/listCategories";
import type { CityView } from "../../../domain/places/listCities";
import { formatPhoneForDisplay } from "../../../domain/text/phone";
import { localized, useLanguage, useTranslation } from "../../i18n/react";
import { TextAreaField } from "../fields";
import {
  card,
  dangerButton,
  IRAQ_TIME,
  primaryButton,
  secondaryButton,
  toDate,
  useResultToast,
  type ActionResult,
} from "./shared";
import { formatDate } from "../../../domain/text/dates";

/**
 * An application as the admin loader sends it: the domain view plus the applicant's name (dates may arrive as strings).
 */
type AdminApplication = Omit<ApplicationView, "userId" | "submittedAt" | "reviewedAt"> & {
  applicantName: string;
  submittedAt: Date | string;
  reviewedAt: Date | string | null;
};

const FILTERS = ["all", "pending", "approved", "rejected"] as const;

export function ApplicationsTab({
  applications,
  categories,
  cities,
  status,
}: {
  applications: AdminApplication[];
  categories: CategoryView[];
  cities: CityView[];
  status: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="applications-title">
      <h2 id="applications-title" className="sr-only">
        {t("admin.tabs.applications")}
      </h2>
      <div className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={`/admin?tab=applications${f === "all" ? "" : `&status=${f}`}`}
            aria-current={status === f ? "true" : undefined}
            className={
              `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ` +
              (status === f ? "bg-brand-600 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200")
            }
          >
            {t(`admin.filter.${f}`)}
          </Link>
        ))}
      </div>
      {applications.length === 0 ? (
        <p className={`${card} mt-4 text-center text-stone-600`} data-testid="applications-empty">
          {t("admin.applications.empty")}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {applications.map((a) => (
            <ApplicationCard key={a.id} application={a} categories={categories} cities={cities} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationCard({
  application: a,
  categories,
  cities,
}: {
  application: AdminApplication;
  categories: CategoryView[];
  cities: CityView[];
}) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const [rejecting, setRejecting] = useState(false);
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  const category = categories.find((c) => c.id === a.categoryId);
  const city = cities.find((c) => c.name === a.city);
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "approve"
        ? { success: t("admin.applications.approved"), failure: t("admin.applications.approveFailed") }
        : r.intent === "reject"
          ? r.ok || r.error?.code !== "VALIDATION"
            ? { success: t("admin.applications.rejected"), failure: t("admin.applications.rejectFailed") }
            : null
          : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  const notesError =
    fetcher.data && !fetcher.data.ok && fetcher.data.intent === "reject"
      ? fetcher.data.error?.fields.adminNotes
      : undefined;
  const badge =
    a.status === "pending"
      ? "bg-amber-100 text-amber-800"
      : a.status === "approved"
        ? "bg-brand-100 text-brand-800"
        : "bg-red-100 text-red-800";
  const row = (label: string, value: React.ReactNode) =>
    value ? (
      <>
        <dt className="text-stone-500">{label}</dt>
        <dd className="min-w-0 break-words">
          <bdi>{value}</bdi>
        </dd>
      </>
    ) : null;

  return (
    <li className={card} data-testid="application-card" data-status={a.status} data-business={a.businessName}>
      <div className="flex items-start gap-3">
        {a.profileImage ? (
          <img src={a.profileImage} alt="" className="size-16 shrink-0 rounded-xl object-cover" />
        ) : (
          <div
            aria-hidden
            className={
              "flex size-16 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-lg font-bold " +
              "text-brand-700"
            }
          >
            {a.businessName.slice(0, 1)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">
              <bdi>{a.businessName}</bdi>
            </h3>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge}`}>
              {t(`admin.filter.${a.status}`)}
            </span>
          </div>
          <p className="text-sm text-stone-600">
            <bdi>{a.specialty}</bdi> · {category ? localized(category, lang) : "—"} ·{" "}
            {city ? localized(city, lang) : a.city}
          </p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {row(t("admin.applications.applicant"), a.applicantName)}
        {row(t("names.nameOther"), a.nameOther && <bdi>{a.nameOther}</bdi>)}
        {row(t("providerForm.location"), a.location)}
        {row(
          t("providerForm.phone"),
          <bdi dir="ltr" className="phone">
            {formatPhoneForDisplay(a.phone)}
          </bdi>,
        )}
        {row(
          t("providerForm.whatsapp"),
          a.whatsapp && (
            <bdi dir="ltr" className="phone">
              {formatPhoneForDisplay(a.whatsapp)}
            </bdi>
          ),
        )}
        {row(t("onboarding.businessLicense"), a.businessLicense)}
        {row(t("onboarding.experience"), a.experience)}
        {row(t("providerForm.description"), a.description)}
        {row(t("admin.applications.whatsappAlerts"), a.whatsappAlerts ? t("admin.yes") : t("admin.no"))}
        {row(
          t("onboarding.submittedOn"),
          formatDate(toDate(a.submittedAt), locale, { dateStyle: "medium", timeStyle: "short", timeZone: IRAQ_TIME }),
        )}
        {row(t("onboarding.adminNotes"), a.adminNotes)}
      </dl>
      {a.status === "pending" && (
        <div className="mt-4 space-y-3 border-t border-stone-100 pt-4">
          {!rejecting ? (
            <div className="flex flex-wrap gap-2">
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" disabled={busy} className={primaryButton} data-testid="approve">
                  <Check aria-hidden className="size-4" />
                  {busy && intent === "approve" ? t("admin.applications.approving") : t("admin.applications.approve")}
                </button>
              </fetcher.Form>
              <button
                type="button"
                className={dangerButton}
                onClick={() => setRejecting(true)}
                data-testid="reject-open"
              >
                <X aria-hidden className="size-4" />
                {t("admin.applications.reject")}
              </button>
            </div>
          ) : (
            <fetcher.Form method="post" className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="reject" />
              <input type="hidden" name="id" value={a.id} />
              <TextAreaField
                label={t("admin.applications.rejectReason")}
                name="adminNotes"
                rows={3}
                required
                error={notesError}
              />
              <div className="flex flex-wrap gap-2">
                <button type="submit" disabled={busy} className={dangerButton} data-testid="reject">
                  {busy ? t("admin.applications.rejecting") : t("admin.applications.confirmReject")}
                </button>
                <button type="button" className={secondaryButton} onClick={() => setRejecting(false)}>
                  {t("common.cancel")}
                </button>
              </div>
            </fetcher.Form>
          )}
        </div>
      )}
    </li>
  );
}
