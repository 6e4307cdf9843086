import { useLocation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { nextLang, type Lang } from "../../i18n/config";
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

/**
 * One tap moves to the next language: English → العربية → کوردی → English. A real link to this page in that
 * language (ADR 026): it works before the JavaScript has come (a tap on a slow phone is never lost), and the
 * server renders every word of the page anew in the new language (loader data included), sets the cookie
 * and, for a signed-in person, the account's language (ADR 025).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const upcoming = nextLang(lang);
  const addressIn = useAddressIn();
  return (
    <a
      href={addressIn(upcoming)}
      hrefLang={upcoming === "ku" ? "ckb" : upcoming}
      data-testid="language-toggle"
      onClick={keepFormForLanguageSwitch}
      aria-label={`${t("language.switch")}: ${t(`language.${upcoming}`)}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
    >
      <Languages aria-hidden className="size-5" />
      <span lang={upcoming === "ku" ? "ckb" : upcoming} className="hidden sm:inline">
        {t(`language.${upcoming}`)}
      </span>
    </a>
  );
}
