import { Link } from "@remix-run/react";
import { Bell, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLanguage, useTranslation } from "../i18n/react";
import { badgeText } from "../relativeTime";
import { NotificationBody } from "./NotificationBody";
import { useLiveEvents } from "../useLiveEvents";

interface Item {
  id: number;
  /** the page it is about (its booking, conversation, request), or null */
  href: string | null;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; items: Item[]; unread: number };

/** The bell: unread count ('9+' above nine), a panel of notifications, refreshed live over /ws. */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ status: "loading" });
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const res = await fetch("/api/notifications", { credentials: "same-origin" });
      if (!res.ok) throw new Error(`${res.status}`);
      const body = (await res.json()) as { items: Item[]; unread: number };
      setState({ status: "ready", ...body });
    } catch {
      setState({ status: "error" });
    }
  }, []);

  // a language switch reads the bell again: each notification comes back in the new language, and the
  // request (with the new language cookie) makes it the account's language (ADR 025)
  useEffect(() => {
    void load();
  }, [load, locale]);
  useLiveEvents(userId, (e) => {
    if (e.type === "notification") void load();
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => panel.current && !panel.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  async function markRead(item: Item) {
    if (item.isRead || state.status !== "ready") return;
    // read once clicked; read ones are never counted again (keepalive: the tap may navigate away at once)
    setState({
      ...state,
      unread: Math.max(0, state.unread - 1),
      items: state.items.map((i) => (i.id === item.id ? { ...i, isRead: true } : i)),
    });
    await fetch(`/api/notifications/${item.id}/read`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      keepalive: true,
    });
  }

  async function markAllRead() {
    if (state.status !== "ready") return;
    setState({ ...state, unread: 0, items: state.items.map((i) => ({ ...i, isRead: true })) });
    await fetch("/api/notifications/read-all", { method: "POST", credentials: "same-origin" });
  }

  const unread = state.status === "ready" ? state.unread : 0;
  const now = new Date();

  return (
    <div className="relative" ref={panel}>
      {/*
        A real link to the notifications page: a tap before the JavaScript has come opens that page, never
        nothing; once hydrated it opens the panel in place.
      */}
      <a
        href="/notifications"
        role="button"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          setOpen((o) => !o);
        }}
        aria-expanded={open}
        aria-label={
          unread
            ? `${t("notifications.open")} — ${t("notifications.unread", { count: unread })}`
            : t("notifications.open")
        }
        className={
          "relative inline-flex size-11 items-center justify-center rounded-xl hover:bg-stone-100 " +
          "active:scale-95 active:bg-stone-200"
        }
        data-testid="notification-bell"
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            className={
              "absolute end-1 top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 " +
              "font-bold text-white"
            }
            data-testid="notification-badge"
          >
            {badgeText(unread, locale)}
          </span>
        )}
      </a>
      {open && (
        <div
          role="dialog"
          aria-label={t("notifications.title")}
          className={
            "fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-2xl border border-stone-200 " +
            "bg-white shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-12 sm:w-96"
          }
          data-testid="notification-panel"
        >
          <div className="sticky top-0 flex items-center justify-between border-b border-stone-100 bg-white px-4 py-2">
            <h2 className="font-semibold">{t("notifications.title")}</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => void markAllRead()}
                className="ms-auto me-1 min-h-11 rounded-xl px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                data-testid="notifications-mark-all"
              >
                {t("notifications.markAllRead")}
              </button>
            )}
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label={t("notifications.close")}
              className="inline-flex size-11 items-center justify-center rounded-xl hover:bg-stone-100"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {state.status === "loading" && (
            <ul aria-hidden className="space-y-2 p-4">
              {[0, 1, 2].map((i) => (
                <li key={i} className="h-14 animate-pulse rounded-xl bg-stone-100" />
              ))}
            </ul>
          )}
          {state.status === "error" && (
            <div className="p-4 text-center text-sm text-stone-600">
              <p>{t("notifications.loadError")}</p>
              <button
                type="button"
                onClick={() => void load()}
                className="mt-2 min-h-11 rounded-xl bg-stone-100 px-4 font-semibold"
              >
                {t("common.retry")}
              </button>
            </div>
          )}
          {state.status === "ready" && state.items.length === 0 && (
            <p className="p-6 text-center text-stone-600">{t("notifications.empty")}</p>
          )}
          {state.status === "ready" && state.items.length > 0 && (
            <ul className="divide-y divide-stone-100">
              {state.items.map((item) => {
                const body = <NotificationBody item={item} now={now} />;
                const unread = item.isRead ? "" : "bg-brand-50/60";
                const className = `block w-full px-4 py-3 text-start hover:bg-stone-50 ${unread}`;
                return (
                  <li key={item.id}>
                    {/* a notification opens what it is about, and is read */}
                    {item.href ? (
                      <Link
                        to={item.href}
                        onClick={() => {
                          void markRead(item);
                          setOpen(false);
                        }}
                        className={className}
                        data-testid="notification-item"
                      >
                        {body}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        onClick={() => void markRead(item)}
                        className={className}
                        data-testid="notification-item"
                      >
                        {body}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
