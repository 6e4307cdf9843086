import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Loader2, Search as SearchIcon, SearchX, X } from "lucide-react";
import { publicData } from "../../domain/publicData";
import { searchProviders } from "../../domain/search/searchProviders";
import { listingReach } from "../../domain/reach/numbers";
import { PostRequestBanner } from "../components/provider/PostRequestBanner";
import { ProviderCard } from "../components/ProviderCard";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { formatNumber } from "../../domain/text/numbers";
import { withCatalog } from "../i18n/pageCatalog";
import { categoryOfService } from "../../domain/search/understoodFacets";

const PAGE_SIZE = 12;

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ctx = servicesFor(context);
  const query = withoutReadFacets(Object.fromEntries(url.searchParams));
  // categories and cities from the isolate's memo (ADR 016) also resolve the filters, so the search
  // itself is one D1 round trip
  const { categories, cities } = await publicData(ctx);
  const page = await searchProviders(ctx, { ...query, limit: PAGE_SIZE }, { categories, cities });
  // on Dalil or not yet, for each card: its own query, beside the search's
  const reach = await listingReach(
    ctx,
    page.items.map((p) => p.id),
  );
  // the category the words were read as, for the select; worked out here, so the page's script carries no trade list
  const readCategoryId = query.search ? (categoryOfService(page.understood?.service, categories)?.id ?? null) : null;
  return {
    ...page,
    items: page.items.map((p) => ({ ...p, ...reach.get(p.id) })),
    pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    categories,
    cities,
    readCategoryId,
  };
}

// A select the page filled in from the words it read is sent back with the form, with a hidden note of that value. Left
// as it was, it is no choice of the person's: the new words are read afresh, so "kareba hawler" typed after "plumber in
// Erbil" finds electricians, not plumbers named kareba. The page's own script leaves both out of the address; this
// holds for a phone without it.
const READ_FACETS = [
  ["category", "readCategory"],
  ["city", "readCity"],
] as const;

function withoutReadFacets(query: Record<string, string>) {
  return Object.fromEntries(readFacetsLeftOut(new URLSearchParams(query)));
}

function readFacetsLeftOut(params: URLSearchParams) {
  const out = new URLSearchParams(params);
  for (const [field, note] of READ_FACETS) {
    if (out.has(note) && out.get(field) === out.get(note)) out.delete(field);
    out.delete(note);
  }
  return out;
}

function formWithoutReadFacets(form: HTMLFormElement) {
  const sent = readFacetsLeftOut(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  for (const [key, value] of [...sent.entries()]) if (value === "" && key !== "search") sent.delete(key);
  return sent;
}

export default function SearchPage() {
  const { items, total, capped, page, pages, categories, cities, understood, readCategoryId } =
    useLoaderData<typeof loader>();
  const [sent] = useSearchParams();
  const params = readFacetsLeftOut(sent);
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";

  const text = params.get("search") ?? "";
  const categoryParam = params.get("category") ?? "";
  const cityParam = (params.get("city") ?? "").toLowerCase();
  const category = categories.find((c) => String(c.id) === categoryParam || c.slug === categoryParam);
  const city = cities.find((c) => c.slug === cityParam || c.name.toLowerCase() === cityParam);
  // the selects show what the search read in the words: "electrician in Erbil" shows both
  const shownCategory = category ?? (text ? categories.find((c) => c.id === readCategoryId) : null);
  const shownCity = city ?? (text && understood?.city ? cities.find((c) => c.slug === understood.city) : undefined);
  const send = (form: HTMLFormElement | null) =>
    form && submit(formWithoutReadFacets(form), { method: "get", action: "/search" });
  const cityName = new Map(cities.map((c) => [c.id, localized(c, lang)]));
  const sortedCities = [...cities].sort((a, b) => localized(a, lang).localeCompare(localized(b, lang), locale));
  const format = (n: number) => formatNumber(n, locale);
  const hasFilters = Boolean(text || category || city || params.get("country"));

  const linkWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in changes)) next.delete("page");
    const qs = next.toString();
    return qs ? `/search?${qs}` : "/search";
  };

  const title = category ? localized(category, lang) : text ? t("search.titleFor", { query: text }) : t("search.title");
  const select = "min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-stone-800";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold break-words">{title}</h1>
      <p className="mt-1 text-stone-600">{t("search.subtitle")}</p>

      <Form
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          send(e.currentTarget);
        }}
        className="mt-4 grid gap-2 sm:grid-cols-[1fr_12rem_12rem_auto]"
        role="search"
        data-testid="search-form"
      >
        <label className="relative flex items-center">
          <span className="sr-only">{t("search.placeholder")}</span>
          <SearchIcon aria-hidden className="pointer-events-none absolute start-3 size-5 text-stone-400" />
          <input
            name="search"
            type="search"
            defaultValue={text}
            key={text}
            placeholder={t("search.placeholder")}
            enterKeyHint="search"
            maxLength={200}
            className="min-h-11 w-full rounded-xl border border-stone-300 bg-white ps-10 pe-3"
            data-testid="search-input"
          />
        </label>
        <label>
          <span className="sr-only">{t("search.category")}</span>
          <select
            name="category"
            defaultValue={shownCategory ? String(shownCategory.id) : ""}
            key={`c${shownCategory?.id ?? ""}`}
            className={select}
            onChange={(e) => send(e.currentTarget.form)}
            data-testid="search-category"
          >
            <option value="">{t("search.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {localized(c, lang)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">{t("search.city")}</span>
          <select
            name="city"
            defaultValue={shownCity?.slug ?? ""}
            key={`t${shownCity?.slug ?? ""}`}
            className={select}
            onChange={(e) => send(e.currentTarget.form)}
            data-testid="search-city"
          >
            <option value="">{t("search.allCities")}</option>
            {sortedCities.map((c) => (
              <option key={c.id} value={c.slug}>
                {localized(c, lang)}
              </option>
            ))}
          </select>
        </label>
        {!category && shownCategory && <input type="hidden" name="readCategory" value={String(shownCategory.id)} />}
        {!city && shownCity && <input type="hidden" name="readCity" value={shownCity.slug} />}
        {params.get("country") && <input type="hidden" name="country" value={params.get("country") ?? ""} />}
        <button
          type="submit"
          disabled={searching}
          className={
            "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold " +
            "text-white hover:bg-brand-700 disabled:opacity-90"
          }
          data-testid="search-submit"
        >
          {searching && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {searching ? t("search.searching") : t("search.submit")}
        </button>
      </Form>

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <p className="text-sm text-stone-600" data-testid="result-count" aria-live="polite">
          {capped
            ? t("search.resultsMore", { count: total, formattedCount: format(total) })
            : t("search.results", { count: total, formattedCount: format(total) })}
        </p>
        {hasFilters && (
          <Link
            to="/search"
            className={
              "inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-medium text-brand-700 " +
              "hover:bg-brand-50"
            }
          >
            <X aria-hidden className="size-4" />
            {t("search.clear")}
          </Link>
        )}
      </div>

      {/* what the search read and how it avoided a dead end (ADR 040, 048), in the reader's language */}
      {items.length > 0 &&
        understood &&
        (understood.nearestTo ||
          understood.matched ||
          understood.mentionsOnly ||
          understood.missing ||
          understood.notApplied?.length) && (
          <div
            className="mt-2 space-y-1 rounded-xl bg-amber-50 px-4 py-3 text-stone-800"
            data-testid="search-understood"
            role="status"
          >
            {/* a trade nobody lists yet: said, and its nearest trades listed (ADR 082) */}
            {understood.missing && <p data-testid="search-missing">{t(`search.missing.${understood.missing}`)}</p>}
            {understood.notApplied?.length ? (
              <p data-testid="search-not-applied">
                {t("search.notApplied", { words: understood.notApplied.join(lang === "en" ? ", " : "، ") })}
              </p>
            ) : null}
            {understood.nearestTo && (
              <p>
                {t("search.nearestCities", {
                  city: localized(
                    cities.find((c) => c.slug === understood.nearestTo) ?? {
                      name: understood.nearestTo,
                      nameAr: understood.nearestTo,
                      nameKu: understood.nearestTo,
                    },
                    lang,
                  ),
                })}
              </p>
            )}
            {understood.mentionsOnly && <p>{t("search.mentionsOnly")}</p>}
            {/* what the listings shown matched, never that the person's words failed (ADR 048) */}
            {understood.matched && <p>{t("search.matchedWords", { words: understood.matched })}</p>}
          </div>
        )}
      {items.length === 0 ? (
        <div
          className="mt-4 flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm sm:p-8"
          data-testid="search-empty"
        >
          <SearchX aria-hidden className="size-10 text-stone-400" />
          <h2
            className="mt-3 font-semibold"
            data-testid={
              understood?.missing ? "search-missing" : understood?.notUnderstood ? "search-not-understood" : undefined
            }
          >
            {understood?.missing
              ? t(`search.missing.${understood.missing}`)
              : understood?.notUnderstood
                ? t("search.notUnderstood", { words: understood.notUnderstood })
                : t("search.emptyTitle")}
          </h2>
          {understood?.missing ? (
            <p className="mt-1 text-stone-600">{t("search.missingNoNearest")}</p>
          ) : (
            !understood?.notUnderstood && <p className="mt-1 text-stone-600">{t("search.emptyText")}</p>
          )}
          <p className="mt-5 text-sm font-medium text-stone-700">{t("search.suggestions")}</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {(city ? [{ label: t("search.everywhere"), to: linkWith({ city: null }) }] : [])
              .concat(category ? [{ label: t("search.anyCategory"), to: linkWith({ category: null }) }] : [])
              .concat(
                (understood?.notUnderstood || understood?.missing ? categories : categories.slice(0, 6)).map((c) => ({
                  label: localized(c, lang),
                  to: `/search?category=${c.id}`,
                })),
              )
              .map((s) => (
                <li key={s.to}>
                  <Link
                    to={s.to}
                    className={
                      "inline-flex min-h-11 items-center rounded-full border border-stone-200 bg-stone-50 px-4 " +
                      "text-sm hover:border-brand-500"
                    }
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
          </ul>
          <Link
            to="/search"
            className={
              "mt-5 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white " +
              "hover:bg-brand-700"
            }
          >
            {t("search.browseAll")}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t("a11y.searchResults")}</h2>
          {/* while a new search loads, the old results stay readable (no fading below 4.5:1): busy, with the button's
              spinner */}
          <div
            className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={searching}
            data-testid="search-results"
          >
            {items.map((p) => (
              <ProviderCard key={p.id} provider={p} cityLabel={p.cityId ? cityName.get(p.cityId) : undefined} />
            ))}
          </div>
        </>
      )}

      <PostRequestBanner category={category?.id} className="mt-6" />

      {pages > 1 && (
        <nav
          className="mt-8 flex items-center justify-between gap-2"
          aria-label={t("search.pagination")}
          data-testid="pagination"
        >
          {page > 1 ? (
            <Link
              to={linkWith({ page: String(page - 1) })}
              rel="prev"
              className="inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-4 shadow-sm"
              data-testid="page-prev"
            >
              <ChevronLeft aria-hidden className="flip-rtl size-4" />
              {t("search.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-600">
            {t("search.pageOf", { page: format(page), pages: format(pages) })}
          </span>
          {page < pages ? (
            <Link
              to={linkWith({ page: String(page + 1) })}
              rel="next"
              className="inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-4 shadow-sm"
              data-testid="page-next"
            >
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

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
