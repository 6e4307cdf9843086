import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { Image as ImageIcon, MessageCircle, Mic } from "lucide-react";
import { useEffect } from "react";
import { listConversations } from "../../domain/chat/listConversations";
import { initials } from "../initials";
import { useLanguage, useTranslation } from "../i18n/react";
import { badgeText, relativeTime } from "../relativeTime";
import { useRootData } from "../rootData";
import { servicesFor } from "../services.server";
import { useLiveEvents } from "../useLiveEvents";
import { withCatalog } from "../i18n/pageCatalog";

export async function loader({ context }: LoaderFunctionArgs) {
  // conversations are private: sign in first, then come back here
  if (!context.account) throw redirect("/login?redirectTo=/messages");
  return { conversations: await listConversations(servicesFor(context)) };
}

/** The signed-in user's conversations, on whichever side, newest first; the spec's empty state when none. */
export default function MessagesPage() {
  const { conversations } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const root = useRootData();
  const revalidator = useRevalidator();
  // a new message becomes a notification: refresh the list when one arrives
  useLiveEvents(root?.user?.id ?? null, (e) => {
    if (e.type === "notification" && revalidator.state === "idle") revalidator.revalidate();
  });
  useEffect(() => {
    const again = () => document.visibilityState === "visible" && revalidator.revalidate();
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, [revalidator]);
  const now = new Date();

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("inbox.title")}</h1>
      {conversations.length === 0 ? (
        <div
          className="mt-6 flex flex-col items-center rounded-2xl bg-white p-8 text-center shadow-sm"
          data-testid="inbox-empty"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MessageCircle aria-hidden className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">{t("inbox.emptyTitle")}</h2>
          <p className="mt-1 text-stone-600">{t("inbox.emptyText")}</p>
          <Link
            to="/search"
            className={
              "mt-5 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white " +
              "hover:bg-brand-700"
            }
          >
            {t("inbox.findProviders")}
          </Link>
        </div>
      ) : (
        <ul
          className={
            "mt-4 divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white " + "shadow-sm"
          }
          data-testid="inbox-list"
        >
          {conversations.map((c) => {
            const last = c.lastMessage;
            const preview = last ? (last.text ?? (last.voice ? t("chat.voice.message") : t("chat.photo"))) : "";
            return (
              <li key={c.id}>
                <Link
                  to={`/messages/${c.id}`}
                  className={`flex items-center gap-3 px-4 py-3 hover:bg-stone-50 ${c.unread ? "bg-brand-50/50" : ""}`}
                  data-testid="inbox-item"
                >
                  {c.otherImage ? (
                    <img
                      src={c.otherImage}
                      alt=""
                      width={48}
                      height={48}
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden
                      className={
                        "flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold " +
                        "text-brand-700"
                      }
                    >
                      {initials(
                        c.otherName || t(c.role === "customer" ? "account.formerProvider" : "account.formerCustomer"),
                      )}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={`truncate ${c.unread ? "font-bold" : "font-semibold"}`}>
                        <bdi>
                          {c.otherName ||
                            t(c.role === "customer" ? "account.formerProvider" : "account.formerCustomer")}
                        </bdi>
                        {c.role === "provider" && (
                          <span className="ms-2 text-xs font-normal text-stone-500">{t("inbox.customer")}</span>
                        )}
                      </span>
                      {c.lastMessageAt && (
                        <time
                          className="shrink-0 text-xs text-stone-500"
                          dateTime={new Date(c.lastMessageAt).toISOString()}
                        >
                          {relativeTime(c.lastMessageAt, now, t, locale)}
                        </time>
                      )}
                    </span>
                    <span className="mt-0.5 flex items-center justify-between gap-2">
                      <span
                        className="flex min-w-0 items-center gap-1 truncate text-sm text-stone-600"
                        data-testid="inbox-preview"
                      >
                        {last?.imageUrl && !last.text && <ImageIcon aria-hidden className="size-4 shrink-0" />}
                        {last?.voice && !last.text && <Mic aria-hidden className="size-4 shrink-0" />}
                        <span className="truncate" dir="auto">
                          {last?.mine ? t("inbox.you", { text: preview }) : preview}
                        </span>
                      </span>
                      {c.unread > 0 && (
                        <span
                          className={
                            "min-w-6 shrink-0 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-6 " +
                            "font-bold text-white"
                          }
                          aria-label={t("inbox.unread", { count: c.unread })}
                          data-testid="inbox-unread"
                        >
                          {badgeText(c.unread, locale)}
                        </span>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
