import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { listCategories } from "../../domain/categories/listCategories";
import { listCities } from "../../domain/places/listCities";
import { listProviders } from "../../domain/providers/listProviders";
import { ProviderCard } from "../components/ProviderCard";
import { localized, useLanguage } from "../i18n/react";
import { servicesFor } from "../services.server";

const PAGE_SIZE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ctx = servicesFor(context);
  const query = Object.fromEntries(url.searchParams);
  const [page, categories, cities] = await Promise.all([
    listProviders(ctx, { category: query.category, city: query.city, page: query.page, limit: PAGE_SIZE }),
    listCategories(ctx),
    listCities(ctx),
  ]);
  return { ...page, pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)), categories, cities };
}

export default function SearchPage() {
  const { items, total, page, pages, categories, cities } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const category = categories.find((c) => String(c.id) === params.get("category") || c.slug === params.get("category"));
  const cityName = new Map(cities.map((c) => [c.id, localized(c, lang)]));
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `/search?${next}`;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{category ? t("search.titleIn", { category: localized(category, lang) }) : t("search.title")}</h1>
      <p className="mt-1 text-stone-600">{t("search.subtitle")}</p>
      <Form method="get" className="mt-4 flex gap-2" role="search">
        <input
          name="search"
          type="search"
          defaultValue={params.get("search") ?? ""}
          placeholder={t("search.placeholder")}
          aria-label={t("search.placeholder")}
          className="min-h-11 flex-1 rounded-xl border border-stone-300 bg-white px-3"
        />
        {params.get("category") && <input type="hidden" name="category" value={params.get("category") ?? ""} />}
        <button type="submit" className="min-h-11 rounded-xl bg-brand-600 px-5 font-semibold text-white">
          {t("search.submit")}
        </button>
      </Form>

      <p className="mt-6 text-sm text-stone-600" data-testid="result-count">
        {t("search.results", { count: total, formattedCount: new Intl.NumberFormat(locale).format(total) })}
      </p>

      {items.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl bg-white p-8 text-center shadow-sm">
          <SearchX aria-hidden className="size-10 text-stone-400" />
          <h2 className="mt-3 font-semibold">{t("search.emptyTitle")}</h2>
          <p className="mt-1 text-stone-600">{t("search.emptyText")}</p>
          <Link to="/search" className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white">
            {t("search.browseAll")}
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="search-results">
          {items.map((p) => (
            <ProviderCard key={p.id} provider={p} cityLabel={p.cityId ? cityName.get(p.cityId) : undefined} />
          ))}
        </div>
      )}

      {pages > 1 && (
        <nav className="mt-8 flex items-center justify-between gap-2" aria-label={t("search.pageOf", { page, pages })}>
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-4 shadow-sm">
              <ChevronLeft aria-hidden className="flip-rtl size-4" />
              {t("search.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-600">{t("search.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-4 shadow-sm">
              {t("search.next")}
              <ChevronRight aria-hidden className="flip-rtl size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
