import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { listMyNotifications, markAllNotificationsRead } from "../../domain/notifications/notifications";
import { useTranslation } from "../i18n/react";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { NotificationBody } from "../components/NotificationBody";
import { servicesFor } from "../services.server";

export const meta: MetaFunction = () => [{ title: "Dalil — Notifications" }, { name: "robots", content: "noindex" }];

/**
 * The notifications as a page: where the bell leads before the JavaScript has come (a tap on a slow phone is never
 * lost), and a full list for anyone who prefers it. Each opens what it is about.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/notifications");
  const { items, unread } = await listMyNotifications(servicesFor(context));
  return { items, unread, now: Date.now() };
}

export async function action({ context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/notifications");
  await markAllNotificationsRead(servicesFor(context));
  return { ok: true as const };
}

export default function NotificationsPage() {
  const { items, unread, now } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const nav = useNavigation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("notifications.title")}</h1>
        {unread > 0 && (
          <Form method="post">
            <button
              type="submit"
              disabled={nav.state !== "idle"}
              className={
                "min-h-11 rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 " +
                "active:bg-brand-100"
              }
              data-testid="notifications-page-mark-all"
            >
              {t("notifications.markAllRead")}
            </button>
          </Form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">{t("notifications.empty")}</p>
      ) : (
        <ul
          className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-sm"
          data-testid="notifications-page"
        >
          {items.map((item) => {
            const body = <NotificationBody item={item} now={new Date(now)} />;
            const className = `block px-4 py-3 ${item.isRead ? "" : "bg-brand-50/60"}`;
            return (
              <li key={item.id}>
                {item.href ? (
                  <Link to={item.href} className={`${className} hover:bg-stone-50 active:bg-stone-100`}>
                    {body}
                  </Link>
                ) : (
                  <div className={className}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
