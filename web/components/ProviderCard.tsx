import { Link } from "@remix-run/react";
import { BadgeCheck, CalendarPlus, MapPin, MessageCircle, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ProviderView } from "../../domain/providers/view";
import { whatsappLinkDigits } from "../../domain/text/phone";
import { useLanguage } from "../i18n/react";
import { Stars } from "./Stars";

type CardProvider = Pick<
  ProviderView,
  "id" | "name" | "specialty" | "specialtyAr" | "specialtyKu" | "city" | "location" | "phone" | "whatsapp" | "isVerified" | "isAvailable" | "profileImage" | "rating" | "reviewCount"
>;

export function specialtyIn(p: Pick<ProviderView, "specialty" | "specialtyAr" | "specialtyKu">, lang: string) {
  if (lang === "ar") return p.specialtyAr || p.specialty;
  if (lang === "ku") return p.specialtyKu || p.specialtyAr || p.specialty;
  return p.specialty;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
}

export function ProviderCard({ provider, cityLabel, sponsored = false }: { provider: CardProvider; cityLabel?: string; sponsored?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const wa = provider.whatsapp ? whatsappLinkDigits(provider.whatsapp) : "";
  const action = "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-xl text-sm font-semibold";
  return (
    <article className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" data-testid="provider-card">
      <div className="flex gap-3">
        {provider.profileImage ? (
          <img src={provider.profileImage} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-xl object-cover" />
        ) : (
          <div aria-hidden className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-lg font-bold text-brand-700">
            {initials(provider.name)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <h3 className="truncate font-semibold">
              <Link to={`/provider/${provider.id}`} className="hover:text-brand-700">
                {provider.name}
              </Link>
            </h3>
            {provider.isVerified && (
              <span className="inline-flex items-center gap-0.5 text-xs font-medium text-brand-600">
                <BadgeCheck aria-hidden className="size-4" />
                {t("provider.verified")}
              </span>
            )}
          </div>
          <p className="text-sm text-stone-600">{specialtyIn(provider, lang)}</p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-500">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{cityLabel ?? provider.city}</span>
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Stars rating={provider.rating} reviewCount={provider.reviewCount} />
        {provider.isAvailable && (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">{t("provider.available")}</span>
        )}
        {sponsored && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">{t("provider.sponsored")}</span>
        )}
      </div>
      <div className="mt-4 flex gap-2">
        <Link to={`/chat/${provider.id}`} className={`${action} bg-brand-50 text-brand-700 hover:bg-brand-100`}>
          <MessageCircle aria-hidden className="size-4" />
          {t("provider.chat")}
        </Link>
        <a href={`tel:${provider.phone}`} className={`${action} bg-stone-100 text-stone-800 hover:bg-stone-200`}>
          <Phone aria-hidden className="size-4" />
          {t("provider.call")}
        </a>
        <Link to={`/book/${provider.id}`} className={`${action} bg-accent-500 text-stone-900 hover:bg-accent-400`}>
          <CalendarPlus aria-hidden className="size-4" />
          {t("provider.book")}
        </Link>
      </div>
      {wa && (
        <a
          href={`https://wa.me/${wa}`}
          target="_blank"
          rel="noopener noreferrer"
          className={`${action} mt-2 bg-[#25D366]/10 text-[#128C4A] hover:bg-[#25D366]/20`}
        >
          {t("provider.whatsapp")}
        </a>
      )}
    </article>
  );
}
