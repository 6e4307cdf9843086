import { specialtyIn } from "../../domain/providers/displayName";
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { ChevronLeft, Lightbulb, MapPin } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { chatWithProvider } from "../../domain/chat/chatWithProvider";
import { isServiceError } from "../../domain/errors";
import { listCities } from "../../domain/places/listCities";
import { TextedNote } from "../components/ReachNote";
import { chatTold } from "../../domain/reach/tellChat";
import { ChatPanel } from "../components/chat/ChatPanel";
import { ChatLoadFailed, ChatOwnListing } from "../components/chat/ChatNotices";
import type { WireMessage } from "../components/chat/messages";

import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { withCatalog } from "../i18n/pageCatalog";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && data.state === "found" ? [{ title: `${data.provider.name} — Dalil` }] : [];

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  // chats are private: sign in first, then come back to this same chat
  if (!context.account) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  try {
    const ctx = servicesFor(context);
    const [{ provider, own, page }, cities] = await Promise.all([
      chatWithProvider(ctx, params.providerId ?? ""),
      listCities(ctx),
    ]);
    const city = cities.find((c) => c.id === provider.cityId) ?? null;
    // a listing not on Dalil yet: the chat says what became of the first message at its number (ADR 052)
    const texted = page.conversationId ? await chatTold(ctx, page.conversationId) : null;
    return { state: "found" as const, provider, city, own, page, texted };
  } catch (e) {
    if (isServiceError(e) && (e.code === "NOT_FOUND" || e.code === "VALIDATION"))
      return data({ state: "failed" as const }, { status: 404 });
    console.error("loading a chat failed", e);
    return data({ state: "failed" as const }, { status: 500 });
  }
}

/** The spec's chat page: provider name, specialty, location, back button, the chat panel and tips. */
export default function ChatPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const [tipsOpen, setTipsOpen] = useState(false);
  if (loaded.state !== "found") return <ChatLoadFailed />;
  const { provider, city, own, page, texted } = loaded;
  const back = (e: MouseEvent) => {
    if (window.history.length > 1) {
      e.preventDefault();
      navigate(-1);
    }
  };
  return (
    <div
      className={
        "mx-auto max-w-3xl px-4 py-4 sm:py-8 max-sm:fixed max-sm:inset-0 max-sm:z-[60] max-sm:flex " +
        "max-sm:h-[100dvh] max-sm:flex-col max-sm:bg-white max-sm:px-2 max-sm:py-1"
      }
      data-testid="chat-page"
    >
      <Link
        to={`/provider/${provider.id}`}
        onClick={back}
        className={
          "inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 max-sm:order-1 " +
          "max-sm:min-h-9"
        }
        data-testid="chat-back"
      >
        <ChevronLeft aria-hidden className="flip-rtl size-4" />
        {t("chat.back")}
      </Link>
      <section
        className={
          "mt-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 max-sm:order-3 max-sm:mt-0 " +
          "max-sm:flex max-sm:min-h-0 max-sm:flex-1 max-sm:flex-col max-sm:rounded-none max-sm:border-0 max-sm:p-1 " +
          "max-sm:shadow-none"
        }
      >
        <header className="mb-3 max-sm:mb-1">
          <h1 className="text-xl font-bold break-words" data-testid="chat-provider-name">
            <bdi>{provider.name}</bdi>
          </h1>
          <p className="text-stone-700 max-sm:hidden">{specialtyIn(provider, lang)}</p>
          <p className="mt-0.5 flex items-start gap-1 text-sm text-stone-600 max-sm:hidden">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <bdi>{provider.location}</bdi>
              {lang === "en" ? ", " : "، "}
              <bdi>{city ? localized(city, lang) : provider.city}</bdi>
            </span>
          </p>
        </header>
        <TextedNote texted={texted} />
        {own ? (
          <ChatOwnListing />
        ) : (
          <ChatPanel
            conversationId={page.conversationId}
            providerId={provider.id}
            role="customer"
            otherName={provider.name}
            initial={page.messages as unknown as WireMessage[]}
            hasOlder={page.hasOlder}
          />
        )}
      </section>
      {/* on a phone the tips are one line above the chat, opened on a tap */}
      <aside
        className={
          "mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 max-sm:order-2 max-sm:mt-1 max-sm:px-3 " +
          "max-sm:py-1"
        }
        data-testid="chat-tips"
      >
        <h2 className="font-semibold">
          <button
            type="button"
            aria-expanded={tipsOpen}
            onClick={() => setTipsOpen((o) => !o)}
            className="flex min-h-9 items-center gap-2 text-start sm:pointer-events-none"
          >
            <Lightbulb aria-hidden className="size-5 text-amber-600" />
            {t("chat.tipsTitle")}
          </button>
        </h2>
        <ul className={`mt-2 list-disc space-y-1 ps-6 text-sm text-stone-700 ${tipsOpen ? "" : "max-sm:hidden"}`}>
          {(["photos", "specific", "pricing", "credentials"] as const).map((k) => (
            <li key={k}>{t(`chat.tips.${k}`)}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
