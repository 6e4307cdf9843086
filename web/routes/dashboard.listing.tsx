import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "../i18n/react";
import { listCategories } from "../../domain/categories/listCategories";
import { listCities } from "../../domain/places/listCities";
import { findMyListing, requestRename, updateMyListing } from "../../domain/providers/myListing";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { actionError, formObject } from "../actions.server";
import { card, primaryButton, secondaryButton, useResultToast, type ActionResult } from "../components/admin/shared";
import { Alert, Field } from "../components/form";
import { ProviderFields } from "../components/ProviderFields";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { myWeek, setMyWeek } from "../../domain/providers/week";
import { WeekForm } from "../components/provider/WeekForm";

export const meta: MetaFunction = () => [{ title: "My listing — Dalil" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard/listing");
  const ctx = servicesFor(context);
  const listing = await findMyListing(ctx);
  if (!listing) throw redirect("/provider-application");
  const [categories, cities, week] = await Promise.all([listCategories(ctx), listCities(ctx), myWeek(ctx)]);
  return { listing, categories, cities, week };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard/listing");
  const form = await formObject(request);
  try {
    if (form.intent === "rename") await requestRename(servicesFor(context), { name: form.name ?? "" });
    else if (form.intent === "week") await setMyWeek(servicesFor(context), form);
    else await updateMyListing(servicesFor(context), form);
    return { ok: true as const, intent: form.intent ?? "save" };
  } catch (err) {
    return actionError(err);
  }
}

/** The provider's own listing: the fields the admin form shares (ProviderFields), minus name and verified. */
export default function MyListingPage() {
  const { listing, categories, cities, week } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const nav = useNavigation();
  const saving = nav.state === "submitting" && nav.formData?.get("intent") === "save";
  const savingWeek = nav.state === "submitting" && nav.formData?.get("intent") === "week";
  const renaming = nav.state === "submitting" && nav.formData?.get("intent") === "rename";
  useResultToast(result, (r) =>
    r.ok
      ? {
          success:
            r.intent === "rename"
              ? t("listingForm.nameRequested")
              : r.intent === "week"
                ? t("week.saved")
                : t("listingForm.saved"),
        }
      : { failure: t("dashboard.failed") },
  );
  const failed = result && !result.ok && result.intent === undefined ? result.error : undefined;
  const fields = failed?.fields ?? {};
  // the week's refusal, shown in its own form (the other forms post another intent)
  const weekError =
    result &&
    !result.ok &&
    nav.state === "idle" &&
    result.error &&
    Object.keys(result.error.fields).some((f) => f === "daysOff" || f.startsWith("hours"))
      ? result.error.messageKey
      : undefined;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="my-listing">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700">
        {t("listingForm.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("listingForm.title")}</h1>
      <p className="text-stone-700">{t("listingForm.intro")}</p>
      <Form method="post" className={`${card} space-y-4`} noValidate>
        {failed && Object.keys(fields).length === 0 && <Alert>{t(failed.messageKey, failed.params)}</Alert>}
        <input type="hidden" name="intent" value="save" />
        <ProviderFields
          values={{
            ...listing,
            phone: formatPhoneForDisplay(listing.phone),
            whatsapp: listing.whatsapp ? formatPhoneForDisplay(listing.whatsapp) : "",
          }}
          errors={fields}
          categories={categories}
          cities={cities}
        />
        <button type="submit" className={`${primaryButton} w-full`} disabled={saving} data-testid="save-listing">
          {saving ? t("listingForm.saving") : t("listingForm.save")}
        </button>
      </Form>
      <WeekForm week={week.week} toMove={week.toMove} saving={savingWeek} error={weekError} />
      <Form method="post" className={`${card} space-y-3`} data-testid="rename-form">
        <h2 className="text-lg font-bold">{t("listingForm.nameTitle")}</h2>
        <p className="break-words text-sm text-stone-700">{t("listingForm.nameCurrent", { name: listing.name })}</p>
        {listing.requestedName && (
          <p className="break-words text-sm text-amber-800" data-testid="rename-pending">
            {t("listingForm.namePending", { name: listing.requestedName })}
          </p>
        )}
        <input type="hidden" name="intent" value="rename" />
        <Field
          label={t("listingForm.nameLabel")}
          name="name"
          defaultValue={listing.requestedName ?? ""}
          error={result && !result.ok && result.error?.fields.name ? result.error.fields.name : undefined}
        />
        <button type="submit" className={`${secondaryButton} w-full`} disabled={renaming}>
          {t("listingForm.nameRequest")}
        </button>
      </Form>
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
