import { Languages } from "lucide-react";
import { nextLang } from "../i18n/config";
import { useLanguage, useTranslation } from "../i18n/react";

/** One tap moves to the next language: English → العربية → کوردی → English. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { lang, cycleLanguage } = useLanguage();
  const upcoming = nextLang(lang);
  return (
    <button
      type="button"
      onClick={() => void cycleLanguage()}
      data-testid="language-toggle"
      aria-label={`${t("language.switch")}: ${t(`language.${upcoming}`)}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
    >
      <Languages aria-hidden className="size-5" />
      <span lang={upcoming === "ku" ? "ckb" : upcoming} className="hidden sm:inline">
        {t(`language.${upcoming}`)}
      </span>
    </button>
  );
}
