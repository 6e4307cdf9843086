import { Form, Link, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { BadgeCheck, ChevronLeft, ChevronRight, Info, Pencil, Search, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { CategoryView } from "../../../domain/categories/listCategories";
import type { CityView } from "../../../domain/places/listCities";
import type { ProviderView } from "../../../domain/providers/view";
import { formatPhoneForDisplay } from "../../../domain/text/phone";
import { localized, useLanguage, useTranslation } from "../../i18n/react";
import { CheckboxField } from "../fields";
import { Field } from "../form";
import { ProviderFields } from "../ProviderFields";
import { card, dangerButton, primaryButton, secondaryButton, useResultToast, type ActionResult } from "./shared";
import { isolate } from "../../../domain/text/bidi";

type Provider = Omit<ProviderView, "createdAt"> & {
  createdAt: Date | string;
  hidden?: boolean;
  requestedName?: string | null;
};

export function ProvidersTab({
  page,
  editing,
  categories,
  cities,
}: {
  page: { items: Provider[]; total: number; page: number; pages: number };
  editing: Provider | null;
  categories: CategoryView[];
  cities: CityView[];
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    next.delete("edit");
    return `/admin?${next}`;
  };
  const categoryName = new Map(categories.map((c) => [c.id, localized(c, lang)]));
  const cityName = new Map(cities.map((c) => [c.name, localized(c, lang)]));

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ProviderForm key={editing?.id ?? "new"} editing={editing} categories={categories} cities={cities} />
      <section aria-labelledby="providers-title">
        <h2 id="providers-title" className="text-lg font-bold">
          {t("admin.providers.listTitle", { count: page.total })}
        </h2>
        <Form method="get" action="/admin" className="mt-3 flex gap-2" role="search">
          <input type="hidden" name="tab" value="providers" />
          <input
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t("admin.providers.searchPlaceholder")}
            aria-label={t("admin.providers.searchPlaceholder")}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3"
            data-testid="provider-search"
          />
          <button type="submit" className={primaryButton} aria-label={t("admin.providers.search")}>
            <Search aria-hidden className="size-4" />
          </button>
        </Form>
        {page.items.length === 0 ? (
          <p className={`${card} mt-4 text-center text-stone-600`}>
            {q ? t("admin.providers.noMatch") : t("admin.providers.empty")}
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {page.items.map((p) => (
              <ProviderRow
                key={p.id}
                provider={p}
                category={categoryName.get(p.categoryId)}
                city={cityName.get(p.city) ?? p.city}
                editHref={`/admin?${withEdit(params, p.id)}`}
              />
            ))}
          </ul>
        )}
        {page.pages > 1 && (
          <nav
            className="mt-4 flex items-center justify-between gap-2"
            aria-label={t("search.pageOf", { page: page.page, pages: page.pages })}
          >
            {page.page > 1 ? (
              <Link to={pageLink(page.page - 1)} className={secondaryButton}>
                <ChevronLeft aria-hidden className="flip-rtl size-4" />
                {t("search.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-stone-600">{t("search.pageOf", { page: page.page, pages: page.pages })}</span>
            {page.page < page.pages ? (
              <Link to={pageLink(page.page + 1)} className={secondaryButton}>
                {t("search.next")}
                <ChevronRight aria-hidden className="flip-rtl size-4" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

function withEdit(params: URLSearchParams, id: number) {
  const next = new URLSearchParams(params);
  next.set("tab", "providers");
  next.set("edit", String(id));
  return next.toString();
}

function ProviderRow({
  provider: p,
  category,
  city,
  editHref,
}: {
  provider: Provider;
  category?: string;
  city: string;
  editHref: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "deleteProvider"
        ? { success: t("admin.providers.deleted"), failure: t("admin.providers.deleteFailed") }
        : r.intent === "restoreProvider"
          ? { success: t("adminProviders.restored"), failure: t("adminProviders.restoreFailed") }
          : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  const deleting = fetcher.state !== "idle";
  return (
    <li className={card} data-testid="admin-provider-row" data-name={p.name}>
      <div className="flex items-start gap-3">
        {p.profileImage ? (
          <img src={p.profileImage} alt="" className="size-12 shrink-0 rounded-xl object-cover" />
        ) : (
          <div
            aria-hidden
            className={
              "flex size-12 shrink-0 items-center justify-center " + "rounded-xl bg-brand-50 font-bold text-brand-700"
            }
          >
            {p.name.slice(0, 1)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 font-semibold">
            <bdi className="truncate">{p.name}</bdi>
            {p.isVerified && (
              <BadgeCheck aria-label={t("provider.verified")} className="size-4 shrink-0 text-brand-600" />
            )}
          </p>
          <p className="truncate text-sm text-stone-600">
            <bdi>{p.specialty}</bdi> · {category ?? "—"} · {city}
          </p>
          <p className="text-sm text-stone-500">
            <bdi dir="ltr" className="phone">
              {formatPhoneForDisplay(p.phone)}
            </bdi>
          </p>
          {p.hidden && (
            <p
              className="mt-1 inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700"
              data-testid="provider-hidden"
            >
              {t("adminProviders.hidden")}
            </p>
          )}
          {p.requestedName && (
            <p className="mt-1 text-sm text-amber-800" data-testid="rename-request">
              {t("adminProviders.renameRequested", { name: p.requestedName })}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={editHref} className={secondaryButton} data-testid="edit-provider">
          <Pencil aria-hidden className="size-4" />
          {t("admin.providers.edit")}
        </Link>
        {p.hidden ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="restoreProvider" />
            <input type="hidden" name="id" value={p.id} />
            <button type="submit" disabled={deleting} className={secondaryButton} data-testid="restore-provider">
              {t("adminProviders.restore")}
            </button>
          </fetcher.Form>
        ) : confirming ? (
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="deleteProvider" />
            <input type="hidden" name="id" value={p.id} />
            <button type="submit" disabled={deleting} className={dangerButton} data-testid="confirm-delete">
              <Trash2 aria-hidden className="size-4" />
              {deleting ? t("admin.providers.deleting") : t("admin.providers.confirmDelete")}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </button>
          </fetcher.Form>
        ) : (
          <button
            type="button"
            className={dangerButton}
            onClick={() => setConfirming(true)}
            data-testid="delete-provider"
          >
            <Trash2 aria-hidden className="size-4" />
            {t("admin.providers.delete")}
          </button>
        )}
      </div>
    </li>
  );
}

function ProviderForm({
  editing,
  categories,
  cities,
}: {
  editing: Provider | null;
  categories: CategoryView[];
  cities: CityView[];
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [formKey, setFormKey] = useState(0);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data;
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "createProvider"
        ? { success: t("admin.providers.created"), failure: t("admin.providers.createFailed") }
        : r.intent === "updateProvider"
          ? { success: t("admin.providers.updated"), failure: t("admin.providers.updateFailed") }
          : null,
    [t],
  );
  useResultToast(result, texts);
  useEffect(() => {
    if (!result?.ok) return;
    if (result.intent === "createProvider") setFormKey((k) => k + 1); // a fresh, empty form
    if (result.intent === "updateProvider") cancelEdit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  function cancelEdit() {
    const next = new URLSearchParams(params);
    next.delete("edit");
    navigate(`/admin?${next}`, { preventScrollReset: true });
  }
  const errors = result && !result.ok ? (result.error?.fields ?? {}) : {};

  return (
    <section className={card} aria-labelledby="provider-form-title">
      <h2 id="provider-form-title" className="text-lg font-bold">
        {editing ? t("admin.providers.editTitle", { name: isolate(editing.name) }) : t("admin.providers.addTitle")}
      </h2>
      <p className="mt-2 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t("admin.providers.autoVerifyNote")}
      </p>
      <fetcher.Form
        key={`${editing?.id ?? "new"}-${formKey}`}
        method="post"
        className="mt-4 space-y-4"
        noValidate
        data-testid="provider-form"
      >
        <input type="hidden" name="intent" value={editing ? "updateProvider" : "createProvider"} />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <Field
          label={t("admin.providers.fullName")}
          name="name"
          defaultValue={editing?.name ?? ""}
          required
          error={errors.name}
        />
        <ProviderFields values={editing ?? {}} errors={errors} categories={categories} cities={cities} />
        {/* an unchecked box sends nothing: this hidden "false" comes first, a checked box's "on" overrides it */}
        <input type="hidden" name="isVerified" value="false" />
        <CheckboxField
          name="isVerified"
          label={t("admin.providers.verified")}
          hint={t("admin.providers.verifiedHint")}
          defaultChecked={editing?.isVerified ?? false}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={saving} className={`${primaryButton} flex-1`} data-testid="save-provider">
            {saving ? t("common.saving") : editing ? t("admin.providers.update") : t("admin.providers.create")}
          </button>
          {editing && (
            <button type="button" className={secondaryButton} onClick={cancelEdit} data-testid="cancel-edit">
              {t("common.cancel")}
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
