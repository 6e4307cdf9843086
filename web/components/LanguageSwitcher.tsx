import { useLocation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { LANGUAGES, type Lang } from "../../i18n/config";
import { useLanguage, useTranslation } from "../i18n/react";
import { keepFormForLanguageSwitch } from "../keepForm";

/** This page's address in another language: the same path and query, with `lng` set (ADR 026). */
export function useAddressIn(): (lang: Lang) => string {
  const { pathname, search } = useLocation();
  return (lang) => {
    const params = new URLSearchParams(search);
    params.set("lng", lang);
    return `${pathname}?${params}`;
  };
}

/** Each language named in itself, whatever the page's language (issue #31 item 7). */
const OWN_NAME: Record<Lang, string> = { en: "English", ar: "العربية", ku: "کوردی" };
const htmlLangOf = (l: Lang) => (l === "ku" ? "ckb" : l);

/**
 * A choice of the three languages, each named in itself (issue #31 item 7: a Sorani reader no longer passes
 * through Arabic). A native <details>: it opens before the JavaScript has come; each language is a real link
 * to this page in it (ADR 026), which the server renders anew, setting the cookie and, for a signed-in person,
 * the account's language (ADR 025). A form marked to be kept goes along (issue #31 item 8).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const addressIn = useAddressIn();
  return (
    <details className="group relative" data-testid="language-menu">
      <summary
        data-testid="language-toggle"
        aria-label={`${t("language.switch")}: ${OWN_NAME[lang]}`}
        className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        <Languages aria-hidden className="size-5" />
        <span lang={htmlLangOf(lang)} className="hidden sm:inline">
          {OWN_NAME[lang]}
        </span>
      </summary>
      <ul className="absolute start-0 top-full z-50 mt-1 w-40 rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
        {LANGUAGES.map((l) => (
          <li key={l}>
            <a
              href={addressIn(l)}
              hrefLang={htmlLangOf(l)}
              lang={htmlLangOf(l)}
              dir={l === "en" ? "ltr" : "rtl"}
              data-testid={`language-${l}`}
              aria-current={l === lang ? "true" : undefined}
              onClick={keepFormForLanguageSwitch}
              className={`flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm hover:bg-stone-100 ${l === lang ? "font-semibold text-brand-700" : "text-stone-800"}`}
            >
              {OWN_NAME[l]}
              {l === lang && <span aria-hidden>✓</span>}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
