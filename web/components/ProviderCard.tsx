import { Link } from "@remix-run/react";
import { initials } from "../initials";
import { BadgeCheck, CalendarPlus, Loader2, MapPin, MessageCircle, Phone } from "lucide-react";
import { namesForReader, specialtyIn } from "../../domain/providers/displayName";
import type { ProviderView } from "../../domain/providers/view";
import { useLanguage, useTranslation } from "../i18n/react";
import { trackContact, useWhatsApp } from "./contact";
import { Stars } from "./Stars";
import { WhatsAppIcon } from "./WhatsAppIcon";
import { formatNumber } from "../../domain/text/numbers";
import { ReachNote, type Reach } from "./ReachNote";
import { showsVerified } from "../../domain/providers/verifiedBadge";

type CardProvider = Pick<
  ProviderView,
  | "id"
  | "name"
  | "specialty"
  | "city"
  | "phone"
  | "whatsapp"
  | "isVerified"
  | "isAvailable"
  | "profileImage"
  | "rating"
  | "reviewCount"
> &
  Partial<Pick<ProviderView, "specialtyAr" | "specialtyKu">> & {
    distanceKm?: number | null;
    nameOther?: string | null;
  } & Reach;

/**
 * What a card needs of a listing, with its specialty already in the reader's language (ADR 031): a page
 * that lists listings sends this, not the whole listing (the description, the coordinates and the other
 * two languages' specialties were most of the home page's loader data).
 */
export function cardOf<P extends ProviderView & { distanceKm?: number | null }>(p: P, lang: string) {
  const {
    id,
    name,
    nameOther,
    city,
    cityId,
    phone,
    whatsapp,
    isVerified,
    isAvailable,
    profileImage,
    rating,
    reviewCount,
    distanceKm,
  } = p;
  // (the city's English text only when no city id says it in the reader's language)
  return {
    id,
    name,
    nameOther,
    specialty: specialtyIn(p, lang),
    city: cityId ? "" : city,
    cityId,
    phone,
    whatsapp,
    isVerified,
    isAvailable,
    profileImage,
    rating,
    reviewCount,
    distanceKm,
  };
}

/** A provider in a list: who, where, how good, and the four ways to reach them (SPEC §2 "Provider card"). */
export function ProviderCard({
  provider,
  cityLabel,
  sponsored = false,
}: {
  provider: CardProvider;
  cityLabel?: string;
  sponsored?: boolean;
}) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const whatsapp = useWhatsApp();
  const names = namesForReader(provider, lang);
  const action =
    "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold";
  const km =
    provider.distanceKm != null
      ? t("provider.distance", {
          distance: formatNumber(provider.distanceKm, locale, {
            maximumFractionDigits: provider.distanceKm < 10 ? 1 : 0,
          }),
        })
      : null;
  return (
    <article
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="provider-card"
    >
      <div className="flex gap-3">
        {provider.profileImage ? (
          <img
            src={provider.profileImage}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-xl object-cover"
          />
        ) : (
          <div
            aria-hidden
            className={
              "flex size-16 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-lg font-bold " +
              "text-brand-700"
            }
          >
            {initials(names.primary)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-1.5">
            <h3 className="min-w-0 font-semibold">
              <Link to={`/provider/${provider.id}`} className="hover:text-brand-700" data-testid="provider-link">
                <bdi>{names.primary}</bdi>
              </Link>
            </h3>
            {showsVerified(provider, provider) && (
              <span className="inline-flex items-center gap-0.5 text-xs font-medium text-brand-600">
                <BadgeCheck aria-hidden className="size-4" />
                {t("provider.verified")}
              </span>
            )}
          </div>
          {names.secondary && (
            <p className="truncate text-xs text-stone-500" data-testid="provider-name-other">
              <bdi>{names.secondary}</bdi>
            </p>
          )}
          <p className="text-sm text-stone-600">{specialtyIn(provider, lang)}</p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-500">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{cityLabel ?? provider.city}</span>
            {km && <span className="shrink-0 text-stone-400">· {km}</span>}
          </p>
          <ReachNote reach={provider} className="mt-1" />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Stars rating={provider.rating} reviewCount={provider.reviewCount} />
        {provider.isAvailable && (
          <span
            className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700"
            data-testid="available-marker"
          >
            {t("provider.available")}
          </span>
        )}
        {!provider.isAvailable && (
          <span
            className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700"
            data-testid="unavailable-marker"
          >
            {t("providerCard.unavailable")}
          </span>
        )}
        {sponsored && (
          <span
            className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800"
            data-testid="sponsored-marker"
          >
            {t("provider.sponsored")}
          </span>
        )}
      </div>
      <div className={`mt-4 grid gap-2 ${provider.callOnly ? "grid-cols-1" : "grid-cols-3"}`}>
        {!provider.callOnly && (
          <Link
            to={`/chat/${provider.id}`}
            onClick={() => trackContact(provider.id, "chat")}
            className={`${action} bg-brand-50 text-brand-700 hover:bg-brand-100`}
          >
            <MessageCircle aria-hidden className="size-4 shrink-0" />
            {t("provider.chat")}
          </Link>
        )}
        <a
          href={`tel:${provider.phone}`}
          onClick={() => trackContact(provider.id, "call")}
          className={`${action} bg-stone-100 text-stone-800 hover:bg-stone-200`}
        >
          <Phone aria-hidden className="size-4 shrink-0" />
          {t("provider.call")}
        </a>
        {!provider.callOnly && (
          <Link to={`/book/${provider.id}`} className={`${action} bg-accent-500 text-stone-900 hover:bg-accent-400`}>
            <CalendarPlus aria-hidden className="size-4 shrink-0" />
            {t("provider.book")}
          </Link>
        )}
      </div>
      {provider.whatsapp && (
        <button
          type="button"
          onClick={() => whatsapp.open(provider)}
          disabled={whatsapp.pending}
          aria-busy={whatsapp.pending}
          className={`${action} mt-2 w-full bg-[#25D366]/10 text-[#0B6E37] hover:bg-[#25D366]/20 disabled:opacity-70`}
          data-testid="whatsapp-button"
        >
          {whatsapp.pending ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <WhatsAppIcon className="size-4" />
          )}
          {whatsapp.pending ? t("provider.whatsappOpening") : t("provider.whatsapp")}
        </button>
      )}
    </article>
  );
}
