import { Link } from "@remix-run/react";
import { useTranslation } from "../i18n/react";
import { useRootData } from "../rootData";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { NotificationBell } from "./NotificationBell";
import { UserMenu } from "./UserMenu";

export function Header() {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-3 sm:px-4">
        <Logo />
        <nav className="flex min-w-0 items-center gap-0.5">
          <LanguageSwitcher />
          {user ? (
            <>
              <NotificationBell userId={user.id} />
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Link
                to="/login"
                className={
                  "inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-medium whitespace-nowrap " +
                  "text-brand-700 hover:bg-brand-50"
                }
              >
                {t("nav.signIn")}
              </Link>
              <Link
                to="/register?type=provider"
                className={
                  "inline-flex min-h-11 items-center rounded-xl bg-accent-500 px-2.5 text-sm font-semibold " +
                  "whitespace-nowrap text-stone-900 hover:bg-accent-400"
                }
              >
                {t("nav.joinAsProvider")}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
