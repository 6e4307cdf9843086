import { Form, useNavigate } from "@remix-run/react";
import { Loader2, LocateFixed, Search } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { CityOption } from "../homeOptions";
import { useLaterStrings, useTranslation } from "../i18n/react";

export const DEFAULT_COUNTRY = "IQ";
/** SPEC §9: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60_000,
};

/** Set after the person first lets us locate them (ADR 017): later visits locate on load. */
export const LOCATION_GRANTED_KEY = "location-granted";

export interface Position {
  lat: number;
  lng: number;
}

/**
 * The search query the hero builds: text trimmed, city only if chosen, country only if not IQ. The words stay as the
 * reader typed them: the search itself maps Arabic and Kurdish service words to their service through the same
 * dictionary (`findServiceTerms`), so «كهربائي» finds electricians and the results page still says «كهربائي».
 */
export function heroSearchParams(input: { text: string; city: string; country: string }): URLSearchParams {
  const params = new URLSearchParams();
  const text = input.text.trim();
  if (text) params.set("search", text);
  if (input.city) params.set("city", input.city);
  if (input.country && input.country !== DEFAULT_COUNTRY) params.set("country", input.country);
  return params;
}

/**
 * The hero search. The first time, a visible "Use my location" button asks for the browser's position
 * (a person's gesture, not a prompt on load: ADR 017); once granted, later visits locate on load. The
 * position fills city and country from the nearest known city within 100 km (GET /api/places/nearest);
 * any failure is logged and the fields stay as they are (SPEC §8). The position is handed to the page
 * for "Providers near you".
 */
export function HeroSearch({ cities, onPosition }: { cities: CityOption[]; onPosition?: (p: Position) => void }) {
  const { t } = useTranslation();
  // the location button appears at hydration (what follows a tap on it waits for the catalog chunk, ADR 031)
  useLaterStrings("a11y.useMyLocation");
  const navigate = useNavigate();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [city, setCity] = useState("");
  const [detected, setDetected] = useState(false);
  // "ask": show the button; "locating": waiting for the browser; "denied": blocked in the browser
  const [prompt, setPrompt] = useState<"hidden" | "ask" | "locating" | "denied">("hidden");
  const touched = useRef(false);
  const mounted = useRef(true);

  function locate() {
    setPrompt((p) => (p === "hidden" ? p : "locating"));
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        if (!mounted.current) return;
        remember(true);
        setPrompt("hidden");
        const position = { lat: coords.latitude, lng: coords.longitude };
        onPosition?.(position);
        try {
          const res = await fetch(`/api/places/nearest?lat=${position.lat}&lng=${position.lng}`, {
            credentials: "same-origin",
          });
          if (!res.ok) throw new Error(`${res.status}`);
          const place = (await res.json()) as { citySlug: string | null; countryCode: string };
          if (!mounted.current) return;
          setCountry(place.countryCode);
          // never overwrite a city the customer already picked
          if (place.citySlug && !touched.current) setCity(place.citySlug);
          setDetected(true);
        } catch {
          console.log(t("location.failed"));
        }
      },
      (error) => {
        if (!mounted.current) return;
        console.log(error.message ? t("location.error", { reason: error.message }) : t("location.unable"));
        if (error.code === error.PERMISSION_DENIED) {
          remember(false);
          setPrompt("denied");
        } else setPrompt("ask");
      },
      GEOLOCATION_OPTIONS,
    );
  }

  useEffect(() => {
    mounted.current = true;
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      console.log(t("location.notSupported"));
      return;
    }
    // once per page load: locate at once only if the person already allowed it here
    if (remembered()) locate();
    else setPrompt("ask");
    return () => {
      mounted.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = heroSearchParams({
      text: String(data.get("search") ?? ""),
      city: String(data.get("city") ?? ""),
      country,
    });
    const qs = params.toString();
    navigate(qs ? `/search?${qs}` : "/search");
  }

  return (
    <>
      <Form
        method="get"
        action="/search"
        onSubmit={onSubmit}
        role="search"
        className="mt-6 flex flex-col gap-2 rounded-2xl bg-white p-2 shadow-lg sm:flex-row"
      >
        <label className="flex flex-1 items-center gap-2 px-2">
          <Search aria-hidden className="size-5 shrink-0 text-stone-400" />
          <span className="sr-only">{t("home.searchLabel")}</span>
          <input
            name="search"
            type="search"
            placeholder={t("home.searchPlaceholder")}
            className="min-h-11 w-full rounded-lg bg-transparent text-stone-900 placeholder:text-stone-500"
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
            // ~70 fixed options, written as one string rather than as ~70 React elements (ADR 020)
            dangerouslySetInnerHTML={{ __html: cityOptionsHtml(t("home.allCities"), cities) }}
            value={city}
            onChange={(e) => {
              touched.current = true;
              setCity(e.target.value);
            }}
          ></select>
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-xl bg-accent-500 px-6 font-semibold text-stone-900 hover:bg-accent-400"
          data-testid="hero-search-submit"
        >
          {t("home.searchButton")}
        </button>
      </Form>
      {/*
        One line under the form, its height kept from the first paint: the button, or what became of the
        request. The page paints before it hydrates (ADR 020), so a line that appeared only then would push
        the page down.
      */}
      <div className="mt-3 min-h-11" data-testid="location-line">
        {(prompt === "ask" || prompt === "locating") && (
          <button
            type="button"
            onClick={locate}
            disabled={prompt === "locating"}
            aria-busy={prompt === "locating"}
            className={
              "inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-white/60 px-4 text-sm " +
              "font-semibold text-white hover:bg-white/10 focus-visible:outline-white disabled:opacity-90"
            }
            data-testid="use-my-location"
          >
            {prompt === "locating" ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <LocateFixed aria-hidden className="size-4" />
            )}
            {prompt === "locating" ? t("a11y.locating") : t("a11y.useMyLocation")}
          </button>
        )}
        {prompt === "denied" && (
          <p className="text-sm text-brand-50" role="status" data-testid="location-denied">
            {t("a11y.locationDenied")}
          </p>
        )}
        {detected && (
          <p
            className="flex items-center gap-1 text-sm font-medium text-brand-50"
            data-testid="location-detected"
            role="status"
          >
            <LocateFixed aria-hidden className="size-4" />
            {t("location.detected")}
          </p>
        )}
      </div>
    </>
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const optionsCache = new WeakMap<CityOption[], { label: string; html: string }>();

/**
 * The city picker's options as HTML: "all cities" first, then the cities already in the reader's language
 * and order (web/homeOptions.ts). Kept per list, so the server builds it once per memo and language and
 * the browser once per page. The `<select>`'s value still selects among them (React sets it on the DOM).
 */
export function cityOptionsHtml(allCities: string, cities: CityOption[]): string {
  const cached = optionsCache.get(cities);
  if (cached && cached.label === allCities) return cached.html;
  const html = [
    `<option value="">${escapeHtml(allCities)}</option>`,
    ...cities.map((c) => `<option value="${escapeHtml(c.slug)}">${escapeHtml(c.name)}</option>`),
  ].join("");
  optionsCache.set(cities, { label: allCities, html });
  return html;
}

function remembered(): boolean {
  try {
    return localStorage.getItem(LOCATION_GRANTED_KEY) === "1";
  } catch {
    return false; // storage blocked: ask every time
  }
}

function remember(granted: boolean) {
  try {
    if (granted) localStorage.setItem(LOCATION_GRANTED_KEY, "1");
    else localStorage.removeItem(LOCATION_GRANTED_KEY);
  } catch {
    // storage blocked: nothing to remember
  }
}
