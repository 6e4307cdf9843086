import { useLocation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { LANGUAGES, type Lang } from "../../i18n/config";
import { useLanguage, useTranslation } from "../i18n/react";

/** This page's address in another language: the same path and query, with `lng` set (ADR 026). */
export function useAddressIn(): (lang: Lang) => string {
  const { pathname, search } = useLocation();
  return (lang) => {
    const params = new URLSearchParams(search);
    params.set("lng", lang);
    return `${pathname}?${params}`;
  };
}

/** Each language named in itself, whatever the page's language. */
const OWN_NAME: Record<Lang, string> = { en: "English", ar: "العربية", ku: "کوردی" };
const htmlLangOf = (l: Lang) => (l === "ku" ? "ckb" : l);

/**
 * A choice of the three languages, each named in itself (a Sorani reader no longer passes through Arabic). A native
 * <details>: it opens before the JavaScript has come; each language is a real link to this page in it (ADR 026), which
 * the server renders anew, setting the cookie and, for a signed-in person, the account's language (ADR 025). A form
 * marked to be kept goes along (web/keepForm.ts).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const addressIn = useAddressIn();
  return (
    // its styles are one rule in web/tailwind.css (.lang-choice): every page carries this markup
    <details className="lang-choice relative" data-testid="language-menu">
      <summary data-testid="language-toggle" aria-label={`${t("language.switch")}: ${OWN_NAME[lang]}`}>
        <Languages aria-hidden className="size-5" />
        <span lang={htmlLangOf(lang)} className="hidden sm:inline">
          {OWN_NAME[lang]}
        </span>
      </summary>
      <div>
        {LANGUAGES.map((l) => (
          <a key={l} href={addressIn(l)} lang={htmlLangOf(l)} aria-current={l === lang ? "true" : undefined}>
            {OWN_NAME[l]}
          </a>
        ))}
      </div>
    </details>
  );
}
