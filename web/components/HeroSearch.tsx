import { Form, useNavigate } from "@remix-run/react";
import { LocateFixed, Search } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { CityView } from "../../domain/places/listCities";
import { replaceArabicServiceWords } from "../../domain/text/serviceWords";
import { localized, useLanguage, useTranslation } from "../i18n/react";

export const DEFAULT_COUNTRY = "IQ";
/** SPEC §9: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export interface Position {
  lat: number;
  lng: number;
}

/** The search query the hero builds: text trimmed and mapped, city only if chosen, country only if not IQ. */
export function heroSearchParams(input: { text: string; city: string; country: string }): URLSearchParams {
  const params = new URLSearchParams();
  const text = replaceArabicServiceWords(input.text.trim());
  if (text) params.set("search", text);
  if (input.city) params.set("city", input.city);
  if (input.country && input.country !== DEFAULT_COUNTRY) params.set("country", input.country);
  return params;
}

/**
 * The hero search. On load it asks for the browser's position and fills city and country from the
 * nearest known city within 100 km (GET /api/places/nearest); any failure is logged and the fields
 * stay as they are (SPEC §8). The position is handed to the page for "Providers near you".
 */
export function HeroSearch({ cities, onPosition }: { cities: CityView[]; onPosition?: (p: Position) => void }) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const navigate = useNavigate();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [city, setCity] = useState("");
  const [detected, setDetected] = useState(false);
  const touched = useRef(false);
  const sorted = [...cities].sort((a, b) => localized(a, lang).localeCompare(localized(b, lang), locale));

  useEffect(() => {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      console.log(t("location.notSupported"));
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        if (cancelled) return;
        const position = { lat: coords.latitude, lng: coords.longitude };
        onPosition?.(position);
        try {
          const res = await fetch(`/api/places/nearest?lat=${position.lat}&lng=${position.lng}`, { credentials: "same-origin" });
          if (!res.ok) throw new Error(`${res.status}`);
          const place = (await res.json()) as { citySlug: string | null; countryCode: string };
          if (cancelled) return;
          setCountry(place.countryCode);
          // never overwrite a city the customer already picked
          if (place.citySlug && !touched.current) setCity(place.citySlug);
          setDetected(true);
        } catch {
          console.log(t("location.failed"));
        }
      },
      (error) => {
        if (cancelled) return;
        console.log(error.message ? t("location.error", { reason: error.message }) : t("location.unable"));
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      cancelled = true;
    };
    // once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = heroSearchParams({ text: String(data.get("search") ?? ""), city: String(data.get("city") ?? ""), country });
    const qs = params.toString();
    navigate(qs ? `/search?${qs}` : "/search");
  }

  return (
    <>
      <Form method="get" action="/search" onSubmit={onSubmit} role="search" className="mt-6 flex flex-col gap-2 rounded-2xl bg-white p-2 shadow-lg sm:flex-row">
        <label className="flex flex-1 items-center gap-2 px-2">
          <Search aria-hidden className="size-5 shrink-0 text-stone-400" />
          <span className="sr-only">{t("home.searchLabel")}</span>
          <input
            name="search"
            type="search"
            placeholder={t("home.searchPlaceholder")}
            className="min-h-11 w-full bg-transparent text-stone-900 outline-none placeholder:text-stone-400"
            enterKeyHint="search"
            data-testid="hero-search-input"
          />
        </label>
        <label className="relative flex items-center sm:w-52" title={t("location.enterAddress")}>
          <span className="sr-only">{t("home.cityLabel")}</span>
          <select
            name="city"
            className="min-h-11 w-full rounded-xl bg-stone-100 px-3 text-stone-800"
            data-testid="hero-city"
            value={city}
            onChange={(e) => {
              touched.current = true;
              setCity(e.target.value);
            }}
          >
            <option value="">{t("home.allCities")}</option>
            {sorted.map((c) => (
              <option key={c.id} value={c.slug}>
                {localized(c, lang)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-xl bg-accent-500 px-6 font-semibold text-stone-900 hover:bg-accent-400" data-testid="hero-search-submit">
          {t("home.searchButton")}
        </button>
      </Form>
      {detected && (
        <p className="mt-2 flex items-center gap-1 text-sm font-medium text-brand-50" data-testid="location-detected" role="status">
          <LocateFixed aria-hidden className="size-4" />
          {t("location.detected")}
        </p>
      )}
    </>
  );
}
