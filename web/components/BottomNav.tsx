import { NavLink } from "@remix-run/react";
import { Home, MessageCircle, Search, User } from "lucide-react";
import { useTranslation } from "../i18n/react";

const ITEMS = [
  { to: "/", key: "nav.home", Icon: Home },
  { to: "/search", key: "nav.search", Icon: Search },
  { to: "/messages", key: "nav.messages", Icon: MessageCircle },
  { to: "/profile", key: "nav.profile", Icon: User },
] as const;

/** Fixed at the bottom on phones; the page shell pads for it so it never covers content. */
export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("app.name")}
      className={
        "fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] " +
        "md:hidden"
      }
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {ITEMS.map(({ to, key, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 ` +
                `text-xs ${isActive ? "font-semibold text-brand-700" : "text-stone-500"}`
              }
            >
              <Icon aria-hidden className="size-5" />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
