import { Link } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import { lazy, Suspense } from "react";
import type { MessagePage } from "../../../domain/chat/listMessages";
import { isolate } from "../../../domain/text/bidi";
import { useTranslation } from "../../i18n/react";
import { ChatOwnListing, ChatSignIn } from "../chat/ChatNotices";
import type { WireMessage } from "../chat/messages";
import { trackContact } from "../contact";

// Only a signed-in customer gets the live chat here; a visitor from search (most of them) sees the sign-in
// line, so the panel's code is fetched only when it is drawn (the public pages' JS budget, budget.test.ts)
const ChatPanel = lazy(() => import("../chat/ChatPanel").then((m) => ({ default: m.ChatPanel })));

/**
 * The profile's chat: the signed-in customer's conversation with the listing, the sign-in line for a visitor, a note
 * to the listing's owner; and the link to the full chat page.
 */
export function ProfileChat({
  providerId,
  name,
  chat,
}: {
  providerId: number;
  /** the listing's name in the reader's script */
  name: string;
  /** null for a visitor who has not signed in */
  chat: { own: boolean; page: MessagePage } | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      aria-labelledby="chat-title"
      data-testid="chat-panel"
    >
      <h2 id="chat-title" className="flex items-center gap-2 text-lg font-bold">
        <MessageCircle aria-hidden className="size-5 text-brand-600" />
        {t("provider.chatTitle", { name: isolate(name) })}
      </h2>
      <div className="mt-3">
        {!chat ? (
          <ChatSignIn name={name} returnTo={`/provider/${providerId}`} />
        ) : chat.own ? (
          <ChatOwnListing />
        ) : (
          <Suspense fallback={<div className="h-80 animate-pulse rounded-xl bg-stone-100" aria-busy="true" />}>
            <ChatPanel
              conversationId={chat.page.conversationId}
              providerId={providerId}
              role="customer"
              otherName={name}
              initial={chat.page.messages as unknown as WireMessage[]}
              hasOlder={chat.page.hasOlder}
              size="embedded"
            />
          </Suspense>
        )}
        <Link
          to={`/chat/${providerId}`}
          onClick={() => trackContact(providerId, "chat")}
          className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700"
          data-testid="profile-chat"
        >
          <MessageCircle aria-hidden className="size-4" />
          {t("provider.openChat")}
        </Link>
      </div>
    </section>
  );
}
