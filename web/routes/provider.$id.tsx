import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { AlertCircle, BadgeCheck, CalendarPlus, ChevronLeft, Loader2, MapPin, Phone } from "lucide-react";
import type { MouseEvent } from "react";
import { countProviderEvent } from "../../domain/analytics/countProviderEvent";
import { chatWithProvider } from "../../domain/chat/chatWithProvider";
import { reachOf } from "../../domain/reach/numbers";
import { ReachNote } from "../components/ReachNote";
import { isServiceError } from "../../domain/errors";
import { parseProviderId } from "../../domain/providers/getProvider";
import { providerProfile } from "../../domain/providers/providerProfile";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { namesForReader, specialtyIn } from "../../domain/providers/displayName";
import { ProfileChat } from "../components/profile/ProfileChat";
import { ProfileContact } from "../components/profile/ProfileContact";
import { ProfileReviews } from "../components/profile/ProfileReviews";
import { trackContact, useWhatsApp } from "../components/contact";
import { initials } from "../initials";
import { Stars } from "../components/Stars";
import { WhatsAppIcon } from "../components/WhatsAppIcon";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { isolate, isolateLtr } from "../../domain/text/bidi";
import { withCatalog } from "../i18n/pageCatalog";
import { showsVerified } from "../../domain/providers/verifiedBadge";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && data.state === "found"
    ? [{ title: `${data.provider.name} — Dalil` }, { name: "description", content: data.provider.specialty }]
    : [];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = servicesFor(context);
  let id: number;
  try {
    id = parseProviderId(params.id ?? "");
  } catch {
    return data({ state: "invalid" as const }, { status: 400 });
  }
  try {
    // the listing and its reviews in one batch, category and city from the memo (ADR 016)
    const [{ provider, category, city, reviews }, chat, reach] = await Promise.all([
      providerProfile(ctx, String(id)),
      // the embedded chat panel: the signed-in customer's conversation with this listing
      context.account ? chatWithProvider(ctx, String(id)).then(({ own, page }) => ({ own, page })) : null,
      // on Dalil or not yet
      reachOf(ctx, id),
    ]);
    // one profile view on today's row; after the response, so the page never waits for it
    context.cloudflare.ctx.waitUntil(
      countProviderEvent(ctx, id, "view").catch((e) => console.error("counting a profile view failed", e)),
    );
    return {
      state: "found" as const,
      provider,
      category,
      city,
      reviews,
      chat,
      reach,
    };
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND") return data({ state: "missing" as const }, { status: 404 });
    throw e;
  }
}

function GoBackScreen({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = (e: MouseEvent) => {
    // back where the customer came from; a fresh tab has nowhere to go back to, so it goes to search
    if (window.history.length > 1) {
      e.preventDefault();
      navigate(-1);
    }
  };
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center" data-testid={testId}>
      <AlertCircle aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold">{t(titleKey)}</h1>
      <Link
        to="/search"
        onClick={back}
        className={
          "mt-6 inline-flex min-h-11 items-center gap-1 rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        <ChevronLeft aria-hidden className="flip-rtl size-4" />
        {t("common.goBack")}
      </Link>
    </section>
  );
}

export default function ProviderProfile() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === "invalid") return <GoBackScreen titleKey="errors.invalidProviderId" testId="invalid-provider" />;
  if (loaded.state === "missing")
    return <GoBackScreen titleKey="errors.providerNotFound" testId="provider-not-found" />;
  return <Profile {...loaded} />;
}

function Profile({
  provider,
  category,
  city,
  reviews,
  chat,
  reach,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "found" }>) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const whatsapp = useWhatsApp();
  const cityLabel = city ? localized(city, lang) : provider.city;
  // the city after the address, unless the address names it already ("Baghdad, Hay Al-Muallimeen")
  const addressNamesCity = [provider.city, city?.name, city?.nameAr, city?.nameKu].some(
    (n) => n && provider.location.includes(n),
  );
  const names = namesForReader(provider, lang);
  const button = "inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 font-semibold";

  return (
    <div className="mx-auto max-w-3xl px-4 py-4 sm:py-8">
      <Link to="/search" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700">
        <ChevronLeft aria-hidden className="flip-rtl size-4" />
        {t("provider.backToSearch")}
      </Link>

      <section
        className="mt-2 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
        data-testid="provider-header"
      >
        <div className="flex gap-4">
          {provider.profileImage ? (
            <img
              src={provider.profileImage}
              alt={provider.name}
              width={96}
              height={96}
              className="size-24 shrink-0 rounded-2xl object-cover"
              data-testid="provider-photo"
            />
          ) : (
            <div
              aria-hidden
              className={
                "flex size-24 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-3xl font-bold " +
                "text-brand-700"
              }
              data-testid="provider-photo"
            >
              {initials(names.primary)}
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold leading-tight break-words" data-testid="provider-name">
              <bdi>{names.primary}</bdi>
            </h1>
            {names.secondary && (
              <p className="text-base text-stone-500 break-words" data-testid="provider-name-other">
                <bdi>{names.secondary}</bdi>
              </p>
            )}
            {showsVerified(provider, reach) && (
              <p
                className={
                  "mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium " +
                  "text-brand-700"
                }
                data-testid="verified-badge"
              >
                <BadgeCheck aria-hidden className="size-4" />
                {t("provider.verified")}
              </p>
            )}
            <ReachNote reach={reach} className="mt-1 text-sm" />
            <p className="mt-1 text-stone-700" data-testid="provider-specialty">
              {specialtyIn(provider, lang)}
              {category && <span className="text-stone-500"> · {localized(category, lang)}</span>}
            </p>
            <p className="mt-1 flex items-start gap-1 text-sm text-stone-600" data-testid="provider-location">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <bdi>{provider.location}</bdi>
                {!addressNamesCity && (
                  <>
                    {lang === "en" ? ", " : "، "}
                    <bdi>{cityLabel}</bdi>
                  </>
                )}
              </span>
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Stars rating={provider.rating} reviewCount={provider.reviewCount} />
          {provider.isAvailable ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
              {t("provider.available")}
            </span>
          ) : (
            // the same words as the search card
            <span
              className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700"
              data-testid="unavailable-marker"
            >
              {t("providerCard.unavailable")}
            </span>
          )}
        </div>
        {provider.description && (
          <p dir="auto" className="mt-4 text-start leading-relaxed text-stone-700">
            {provider.description}
          </p>
        )}
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          {provider.whatsapp && (
            <button
              type="button"
              onClick={() => whatsapp.open(provider)}
              disabled={whatsapp.pending}
              aria-busy={whatsapp.pending}
              className={`${button} bg-[#0B6E37] text-white hover:bg-[#095C2E] disabled:opacity-70`}
              data-testid="profile-whatsapp"
            >
              {whatsapp.pending ? (
                <Loader2 aria-hidden className="size-5 animate-spin" />
              ) : (
                <WhatsAppIcon className="size-5" />
              )}
              {whatsapp.pending ? t("provider.whatsappOpening") : t("provider.whatsappButton")}
            </button>
          )}
          <a
            href={`tel:${provider.phone}`}
            onClick={() => trackContact(provider.id, "call")}
            title={t("names.callTitle", {
              name: isolate(names.primary),
              phone: isolateLtr(formatPhoneForDisplay(provider.phone)),
            })}
            className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
            data-testid="profile-call"
          >
            <Phone aria-hidden className="size-5" />
            {t("provider.callNow")}
          </a>
          {!reach.callOnly && (
            <Link
              to={`/book/${provider.id}`}
              className={`${button} bg-accent-500 text-stone-900 hover:bg-accent-400`}
              data-testid="profile-book"
            >
              <CalendarPlus aria-hidden className="size-5" />
              {provider.isAvailable ? t("provider.book") : t("providerCard.bookLater")}
            </Link>
          )}
        </div>
      </section>

      <ProfileChat providerId={provider.id} name={names.primary} chat={chat} />

      <ProfileReviews reviews={reviews} providerName={provider.name} />

      <ProfileContact provider={provider} cityLabel={cityLabel} />
    </div>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
