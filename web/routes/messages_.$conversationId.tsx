import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ChevronLeft } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { getConversation } from "../../domain/chat/getConversation";
import { isServiceError } from "../../domain/errors";
import { TextedNote } from "../components/ReachNote";
import { ChatPanel } from "../components/chat/ChatPanel";
import { ChatLoadFailed } from "../components/chat/ChatNotices";
import type { WireMessage } from "../components/chat/messages";
import { servicesFor } from "../services.server";
import { withCatalog } from "../i18n/pageCatalog";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && data.state === "found" ? [{ title: `${data.conversation.otherName} — Dalil` }] : [];

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  if (!context.account) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  try {
    return {
      state: "found" as const,
      conversation: await getConversation(servicesFor(context), params.conversationId),
    };
  } catch (e) {
    if (isServiceError(e) && ["NOT_FOUND", "VALIDATION", "FORBIDDEN"].includes(e.code))
      return data({ state: "failed" as const }, { status: e.code === "FORBIDDEN" ? 403 : 404 });
    throw e;
  }
}

/** One conversation from the inbox: how a provider answers its customers (and a customer its providers). */
export default function ConversationPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (loaded.state !== "found") return <ChatLoadFailed />;
  const c = loaded.conversation;
  // the other side left Dalil (ADR 041): their name is gone, their place reads "Former customer/provider"
  const otherName = c.otherName || t(c.role === "customer" ? "account.formerProvider" : "account.formerCustomer");
  return (
    <div
      className={
        "mx-auto max-w-3xl px-4 py-4 sm:py-8 max-sm:fixed max-sm:inset-0 max-sm:z-[60] max-sm:flex " +
        "max-sm:h-[100dvh] max-sm:flex-col max-sm:bg-white max-sm:px-2 max-sm:py-1"
      }
      data-testid="chat-page"
    >
      <Link
        to="/messages"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700"
        data-testid="chat-back"
      >
        <ChevronLeft aria-hidden className="flip-rtl size-4" />
        {t("inbox.backToInbox")}
      </Link>
      <section
        className={
          "mt-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 max-sm:mt-0 max-sm:flex " +
          "max-sm:min-h-0 max-sm:flex-1 max-sm:flex-col max-sm:rounded-none max-sm:border-0 max-sm:p-1 " +
          "max-sm:shadow-none"
        }
      >
        <h1 className="mb-3 text-xl font-bold break-words" data-testid="chat-other-name">
          {c.role === "customer" && c.providerListed ? (
            <Link to={`/provider/${c.providerId}`} className="hover:underline">
              <bdi>{otherName}</bdi>
            </Link>
          ) : (
            <bdi>{otherName}</bdi>
          )}
        </h1>
        {!c.providerListed && !c.otherLeft && (
          <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="chat-not-listed">
            {t("chat.notListed")}
          </p>
        )}
        <TextedNote texted={c.texted} />
        <ChatPanel
          key={c.id}
          conversationId={c.id}
          providerId={c.providerId}
          role={c.role}
          otherName={otherName}
          initial={c.page.messages as unknown as WireMessage[]}
          hasOlder={c.page.hasOlder}
          otherLeft={c.otherLeft}
        />
      </section>
    </div>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
