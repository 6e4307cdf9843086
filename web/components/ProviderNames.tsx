import { namesForReader } from "../../domain/providers/displayName";
import { useLanguage, useTranslation } from "../i18n/react";

/**
 * A listing's name for the reader (ADR 013): the name in the reader's script first, when the listing has
 * one (name_other), and the other beneath it, smaller. Both isolated, so a Latin name in an Arabic card
 * (or the reverse) keeps the punctuation around it in place. Search results and the provider page lay
 * this out themselves; booking cards, quotes and the dashboard use this.
 */
export function ProviderNames({ name, nameOther }: { name: string; nameOther?: string | null }) {
  const { lang } = useLanguage();
  const { t } = useTranslation();
  // a listing whose provider deleted their account is emptied (ADR 041)
  const names = name
    ? namesForReader({ name, nameOther }, lang)
    : { primary: t("account.formerProvider"), secondary: null };
  return (
    <span className="inline-flex min-w-0 flex-col">
      <bdi data-testid="provider-name">{names.primary}</bdi>
      {names.secondary && (
        <bdi className="text-xs font-normal text-stone-500" data-testid="provider-name-other">
          {names.secondary}
        </bdi>
      )}
    </span>
  );
}
