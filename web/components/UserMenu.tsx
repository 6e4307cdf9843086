import { Link, useSubmit } from "@remix-run/react";
import { Briefcase, ChevronDown, LogOut, Shield, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/react";

interface MenuUser {
  name: string;
  userType: "customer" | "provider";
  isAdmin: boolean;
}

const item =
  "flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm hover:bg-stone-100 " +
  "focus-visible:bg-stone-100 focus-visible:outline-offset-[-2px]";

/**
 * Profile; Provider Dashboard for providers; Admin Panel for admins only; Log out. A native
 * <details> menu: it works before JavaScript loads and costs no library; Escape and a click outside close it.
 */
export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  // a plain button (not a form's submit): the page's own forms stay the only submit buttons on it
  const submit = useSubmit();

  useEffect(() => {
    const el = menu.current;
    if (!el) return;
    const close = () => {
      el.open = false;
    };
    const onPointer = (e: PointerEvent) => el.open && !el.contains(e.target as Node) && close();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && el.open) {
        close();
        el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  return (
    <details ref={menu} className="relative">
      <summary
        className={
          "inline-flex min-h-11 max-w-40 cursor-pointer list-none items-center gap-1 rounded-xl px-3 text-sm " +
          "font-medium hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 " +
          "focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
        }
        data-testid="user-menu"
      >
        <User aria-hidden className="size-4 shrink-0" />
        {/* the name is read as shown, then what the control is (a spoken name must contain the visible text) */}
        <span className="truncate">{user.name}</span>
        <span className="sr-only">, {t("a11y.userMenu")}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </summary>
      <div className="absolute end-0 z-50 mt-1.5 min-w-52 rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
        <ul onClick={closeMenu}>
          <li>
            <Link to="/profile" className={item}>
              <User aria-hidden className="size-4" />
              {t("nav.profile")}
            </Link>
          </li>
          {user.userType === "provider" && (
            <li>
              <Link to="/dashboard" className={item}>
                <Briefcase aria-hidden className="size-4" />
                {t("nav.providerDashboard")}
              </Link>
            </li>
          )}
          {user.isAdmin && (
            <li>
              <Link to="/admin" className={item} data-testid="admin-link">
                <Shield aria-hidden className="size-4" />
                {t("nav.adminPanel")}
              </Link>
            </li>
          )}
        </ul>
        <div className="my-1 h-px bg-stone-100" />
        <button
          type="button"
          className={`${item} text-red-700`}
          data-testid="menu-logout"
          onClick={() => {
            closeMenu();
            submit(null, { method: "post", action: "/logout" });
          }}
        >
          <LogOut aria-hidden className="flip-rtl size-4" />
          {t("nav.logout")}
        </button>
      </div>
    </details>
  );
}
