// What the root route's loader gives every page (web/root.tsx): the language, who is signed in, the site's address. Its
// own module, so the header, the footer and the pages read it without importing the root route that renders them (a
// circle).
import { useRouteLoaderData } from "@remix-run/react";
import type { AccountView } from "../domain/accounts/sessions";
import type { Lang } from "../i18n/config";

export interface RootData {
  lang: Lang;
  /** only what the shell shows */
  user: Pick<AccountView, "id" | "name" | "phone" | "userType" | "isAdmin"> | null;
  origin: string;
}

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
