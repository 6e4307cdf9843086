import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRight, MessageSquare, MousePointerClick, Search as SearchIcon } from "lucide-react";
import { Fragment, useState } from "react";
import { listProviders } from "../../domain/providers/listProviders";
import { publicData, runningAds } from "../../domain/publicData";
import { AdminFab } from "../components/AdminFab";
import { CategoryGrid } from "../components/CategoryGrid";
import { HeroSearch, type Position } from "../components/HeroSearch";
import { NearbyProviders } from "../components/NearbyProviders";
import { PostRequestBanner } from "../components/provider/PostRequestBanner";
import { SponsoredAd } from "../components/SponsoredAd";
import { cardOf, ProviderCard } from "../components/ProviderCard";
import { useLanguage, useTranslation } from "../i18n/react";
import { formatNumber } from "../../domain/text/numbers";
import { homeOptions, unpackCities } from "../homeOptions";
import { servicesFor } from "../services.server";
import { withCatalog } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [
  { name: "description", content: "Dalil — find trusted local service providers across Iraq." },
];

const HOME_PROVIDERS = 3;

export async function loader({ context }: LoaderFunctionArgs) {
  const ctx = servicesFor(context);
  // one D1 round trip: the top listings; categories, cities and ads come from the isolate's memo
  // (one more batch, in parallel, when it is cold; ADR 016)
  const [top, data] = await Promise.all([
    listProviders(ctx, { limit: HOME_PROVIDERS }, { count: false }),
    publicData(ctx),
  ]);
  // only the reader's language's names, sorted once per memo (ADR 020)
  const { categories, citiesPacked } = homeOptions(data, context.lang);
  return {
    categories,
    topProviders: top.items.map((p) => cardOf(p, context.lang)),
    cities: citiesPacked,
    ads: runningAds(data, ctx),
  };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { categories, topProviders, ads } = data;
  const cities = unpackCities(data.cities);
  const [position, setPosition] = useState<Position | null>(null);
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const cityName = new Map(cities.map((c) => [c.id, c.name]));

  const steps = [
    { Icon: SearchIcon, title: t("home.step1Title"), text: t("home.step1Text") },
    { Icon: MousePointerClick, title: t("home.step2Title"), text: t("home.step2Text") },
    { Icon: MessageSquare, title: t("home.step3Title"), text: t("home.step3Text") },
  ];

  return (
    <>
      <section className="bg-gradient-to-b from-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-4xl">{t("home.heroTitle")}</h1>
          <p className="mt-3 max-w-2xl text-brand-50/90">{t("home.heroSubtitle")}</p>
          <HeroSearch cities={cities} onPosition={setPosition} />
        </div>
      </section>

      {ads.hero.length > 0 && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <SponsoredAd ads={ads.hero} />
        </div>
      )}

      {position && <NearbyProviders position={position} cities={cities} />}

      <section className="mx-auto max-w-6xl px-4 pt-10" aria-labelledby="categories-title">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="categories-title" className="text-xl font-bold">
            {t("home.popularCategories")}
          </h2>
          <Link to="/search" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700">
            {t("home.viewAll")}
            <ArrowRight aria-hidden className="flip-rtl size-4" />
          </Link>
        </div>
        {/* the categories come with the page (the isolate's memo): no promise to wait for, no fallback */}
        <CategoryGrid categories={categories} />
        <SponsoredAd ads={ads.category} className="mt-4" />
        <PostRequestBanner className="mt-4" />
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-10" aria-labelledby="top-title">
        <h2 id="top-title" className="mb-4 text-xl font-bold">
          {t("home.topProviders")}
        </h2>
        {topProviders.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-stone-600">{t("home.noProviders")}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {topProviders.map((p, i) => (
              <Fragment key={p.id}>
                <ProviderCard provider={p} cityLabel={p.cityId ? cityName.get(p.cityId) : undefined} />
                {/* the sidebar slot sits after the first provider (SPEC §2) */}
                {i === 0 && <SponsoredAd ads={ads.sidebar} />}
              </Fragment>
            ))}
          </div>
        )}
        <div className="mt-4 text-center">
          <Link to="/search" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700">
            {t("home.browseMore")}
            <ArrowRight aria-hidden className="flip-rtl size-4" />
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-12" aria-labelledby="how-title">
        <h2 id="how-title" className="mb-6 text-center text-xl font-bold">
          {t("home.howItWorks")}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map(({ Icon, title, text }, i) => (
            <li key={title} className="rounded-2xl bg-white p-5 text-center shadow-sm">
              <span
                className={
                  "mx-auto flex size-12 items-center justify-center " + "rounded-full bg-brand-50 text-brand-700"
                }
              >
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-3 font-semibold">
                <span className="text-stone-600">{`${formatNumber(i + 1, lang)}. `}</span>
                {title}
              </h3>
              <p className="mt-1 text-sm text-stone-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-12">
        <div
          className={
            "flex flex-col items-start gap-3 rounded-2xl bg-accent-400/20 p-6 sm:flex-row sm:items-center " +
            "sm:justify-between"
          }
        >
          <div>
            <h2 className="text-lg font-bold">{t("home.becomeProviderTitle")}</h2>
            <p className="text-stone-700">{t("home.becomeProviderText")}</p>
          </div>
          <Link
            to="/register?type=provider"
            className={
              "inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white " +
              "hover:bg-brand-700"
            }
          >
            {t("home.becomeProviderButton")}
          </Link>
        </div>
      </section>
      {ads.footer.length > 0 && (
        <div className="mx-auto max-w-6xl px-4 pt-10">
          <SponsoredAd ads={ads.footer} />
        </div>
      )}

      <AdminFab />
    </>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
