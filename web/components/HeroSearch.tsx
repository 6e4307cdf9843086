import { Form, useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CityView } from "../../domain/places/listCities";
import { replaceArabicServiceWords } from "../../domain/text/serviceWords";
import { localized, useLanguage } from "../i18n/react";

export const DEFAULT_COUNTRY = "IQ";

/** The search query the hero builds: text trimmed and mapped, city only if chosen, country only if not IQ. */
export function heroSearchParams(input: { text: string; city: string; country: string }): URLSearchParams {
  const params = new URLSearchParams();
  const text = replaceArabicServiceWords(input.text.trim());
  if (text) params.set("search", text);
  if (input.city) params.set("city", input.city);
  if (input.country && input.country !== DEFAULT_COUNTRY) params.set("country", input.country);
  return params;
}

export function HeroSearch({ cities }: { cities: CityView[] }) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const navigate = useNavigate();
  const [country] = useState(DEFAULT_COUNTRY);
  const sorted = [...cities].sort((a, b) => localized(a, lang).localeCompare(localized(b, lang), locale));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = heroSearchParams({ text: String(data.get("search") ?? ""), city: String(data.get("city") ?? ""), country });
    const qs = params.toString();
    navigate(qs ? `/search?${qs}` : "/search");
  }

  return (
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
      <label className="flex items-center sm:w-48">
        <span className="sr-only">{t("home.cityLabel")}</span>
        <select name="city" className="min-h-11 w-full rounded-xl bg-stone-100 px-3 text-stone-800" data-testid="hero-city" defaultValue="">
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
  );
}
