import * as Menu from "@radix-ui/react-dropdown-menu";
import { Link, useSubmit } from "@remix-run/react";
import { Briefcase, ChevronDown, LogOut, Shield, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../i18n/react";

interface MenuUser {
  name: string;
  userType: "customer" | "provider";
  isAdmin: boolean;
}

const item =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-stone-100";

/** Profile; Provider Dashboard for providers; Admin Panel for admins only; Log out. */
export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  // the menu unmounts as it closes, so a <form> inside it would be gone before it submits
  const submit = useSubmit();
  return (
    <Menu.Root dir={dir}>
      <Menu.Trigger
        className="inline-flex min-h-11 max-w-40 items-center gap-1 rounded-xl px-3 text-sm font-medium hover:bg-stone-100"
        aria-label={t("nav.menu")}
        data-testid="user-menu"
      >
        <User aria-hidden className="size-4 shrink-0" />
        <span className="truncate">{user.name}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
          <Menu.Item asChild>
            <Link to="/profile" className={item}>
              <User aria-hidden className="size-4" />
              {t("nav.profile")}
            </Link>
          </Menu.Item>
          {user.userType === "provider" && (
            <Menu.Item asChild>
              <Link to="/dashboard" className={item}>
                <Briefcase aria-hidden className="size-4" />
                {t("nav.providerDashboard")}
              </Link>
            </Menu.Item>
          )}
          {user.isAdmin && (
            <Menu.Item asChild>
              <Link to="/admin" className={item} data-testid="admin-link">
                <Shield aria-hidden className="size-4" />
                {t("nav.adminPanel")}
              </Link>
            </Menu.Item>
          )}
          <Menu.Separator className="my-1 h-px bg-stone-100" />
          <Menu.Item
            className={`${item} text-red-700`}
            data-testid="menu-logout"
            onSelect={() => submit(null, { method: "post", action: "/logout" })}
          >
            <LogOut aria-hidden className="flip-rtl size-4" />
            {t("nav.logout")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
