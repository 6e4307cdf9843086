import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { URGENCY_LEVELS } from "../../db/schema/bookingChoices";
import { listCategories } from "../../domain/categories/listCategories";
import { listCities } from "../../domain/places/listCities";
import { createServiceRequest } from "../../domain/requests/createServiceRequest";
import { formObject, withVerifiedPhone } from "../actions.server";
import { PhoneCodeStep } from "../components/PhoneCodeStep";
import { card } from "../components/admin/shared";
import { Alert, Field, SubmitButton } from "../components/form";
import { SelectField, TextAreaField } from "../components/fields";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { DayPicker } from "../components/DayPicker";
import { urgencyKey } from "../../domain/text/localParams";

export const meta: MetaFunction = () => [{ title: "Post a request — Dalil" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/requests/new");
  const ctx = servicesFor(context);
  const [categories, cities] = await Promise.all([listCategories(ctx), listCities(ctx)]);
  const category = new URL(request.url).searchParams.get("category") ?? "";
  return { categories, cities, category, phone: context.account.phone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/requests/new");
  const form = await formObject(request);
  const ctx = servicesFor(context);
  // an account that has not proven its phone is asked for the code here, the request kept as typed (ADR 022)
  return withVerifiedPhone(ctx, form, async () =>
    redirect(`/requests/${(await createServiceRequest(ctx, form)).id}?posted=1`),
  );
}

export default function NewRequestPage() {
  const { categories, cities, category, phone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const nav = useNavigation();
  const error = result && !result.ok ? result.error : undefined;
  const fields = error?.fields ?? {};
  const needsCode = Boolean(result && !result.ok && result.needsCode);
  // what the customer typed, sent back by the action (kept even without JavaScript)
  const values: Record<string, string> = (result && !result.ok ? result.values : null) ?? {};
  const cityOptions = cities
    .map((c) => ({ value: c.name, label: localized(c, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  const urgencyLabel = (u: string) => t(urgencyKey(u));
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="new-request-page">
      <h1 className="text-2xl font-bold">{t("requests.new")}</h1>
      <p className="text-stone-700">{t("requests.newIntro")}</p>
      <Form method="post" className={`${card} space-y-4`} noValidate>
        {error && Object.keys(fields).length === 0 && !needsCode && <Alert>{t(error.messageKey, error.params)}</Alert>}
        <SelectField
          label={t("requests.category")}
          name="categoryId"
          placeholder={t("providerForm.selectCategory")}
          options={categories.map((c) => ({ value: String(c.id), label: localized(c, lang) }))}
          defaultValue={values.categoryId ?? category}
          required
          error={fields.categoryId}
        />
        <Field
          label={t("requests.titleLabel")}
          name="title"
          placeholder={t("requests.titlePlaceholder")}
          required
          defaultValue={values.title}
          error={fields.title}
        />
        <TextAreaField
          label={t("requests.description")}
          name="description"
          required
          defaultValue={values.description}
          error={fields.description}
        />
        <Field
          label={t("requests.budget")}
          name="budget"
          inputMode="numeric"
          dir="ltr"
          defaultValue={values.budget}
          error={fields.budget}
        />
        <SelectField
          label={t("requests.urgency")}
          name="urgency"
          options={URGENCY_LEVELS.map((u) => ({ value: u, label: urgencyLabel(u) }))}
          defaultValue={values.urgency ?? "normal"}
          error={fields.urgency}
        />
        <SelectField
          label={t("requests.city")}
          name="city"
          placeholder={t("providerForm.selectCity")}
          options={cityOptions}
          required
          defaultValue={values.city}
          error={fields.city}
        />
        <Field
          label={t("requests.location")}
          name="location"
          required
          defaultValue={values.location}
          error={fields.location}
        />
        <DayPicker
          label={t("requests.deadline")}
          name="deadline"
          optional
          value={values.deadline}
          error={fields.deadline}
        />
        {needsCode && (
          <PhoneCodeStep
            phone={phone}
            error={error?.messageKey === "errors.phoneNotVerified" ? undefined : fields.verificationCode}
            params={error?.params}
          />
        )}
        <SubmitButton
          pending={nav.state === "submitting"}
          label={t("requests.submit")}
          pendingLabel={t("requests.submitting")}
        />
      </Form>
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
