import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLaterStrings, useTranslation } from "../../i18n/react";
import { ChatComposer, type ComposedMessage } from "./ChatComposer";
import { ChatMenu } from "./ChatMenu";
import { ChatMessageList } from "./ChatMessageList";
import { mergeMessage, type ChatItem, type WireMessage } from "./messages";
import { SocketRefusal, useChatSocket } from "./useChatSocket";

export interface ChatPanelProps {
  /** null until the customer's first message makes the conversation */
  conversationId: number | null;
  providerId: number;
  /** which side the reader is on */
  role: "customer" | "provider";
  /** the other participant's name (shown in the reader's script direction) */
  otherName: string;
  initial: WireMessage[];
  hasOlder: boolean;
  /** a taller panel on the chat pages, a compact one on the profile */
  size?: "page" | "embedded";
  /** the other side deleted their account: the history stays, the composer does not */
  otherLeft?: boolean;
}

/** The phone-code step of a first message from an unproven account (ADR 022), loaded when it is needed. */
const ChatCodeStep = lazy(() => import("./ChatCodeStep"));
/**
 * The full-screen photo comes with the first tap on a photo
 * (keeping the page's first load as it was before voice notes).
 */
const PhotoViewer = lazy(() => import("./PhotoViewer"));
const newClientId = () => `c-${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/**
 * The chat panel of /chat/{providerId}, the provider profile and /messages/{id}: history (paged backwards),
 * live messages over the conversation's socket, and a composer whose messages show sending / sent /
 * failed (with retry). The server stores each message before anyone sees it; the client de-duplicates by id.
 */
export function ChatPanel({
  conversationId: initialConversation,
  providerId,
  role,
  otherName,
  initial,
  hasOlder: initialHasOlder,
  size = "page",
  otherLeft = false,
}: ChatPanelProps) {
  const { t } = useTranslation();
  // the photo viewer's words (it loads on the first tap on a photo)
  useLaterStrings("common.close", "chat.photo");
  const [conversationId, setConversationId] = useState(initialConversation);
  /** the photo open full screen */
  const [viewing, setViewing] = useState<string | null>(null);
  const [items, setItems] = useState<ChatItem[]>(() =>
    initial.reduce<ChatItem[]>((list, m) => mergeMessage(list, m), []),
  );
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const [error, setError] = useState<string | null>(null);
  /** a first message to a listing from an account that has not proven its phone: the code is asked here */
  const [codeStep, setCodeStep] = useState(false);
  const stickToBottom = useRef(true);
  const mySide = role === "customer" ? "user" : "provider";

  const receive = useCallback((m: WireMessage) => setItems((list) => mergeMessage(list, m)), []);
  const lastId = useCallback(() => items.reduce((max, i) => (i.id && i.id > max ? i.id : max), 0), [items]);
  const lastIdRef = useRef(lastId);
  lastIdRef.current = lastId;

  // what arrives from the other side while the panel is open counts as read
  const readUpTo = useRef(0);
  const unreadFromOther = items.some((i) => i.id && i.senderType !== mySide && i.id > readUpTo.current);
  useEffect(() => {
    if (!conversationId || !unreadFromOther || document.visibilityState === "hidden") return;
    const timer = setTimeout(() => {
      readUpTo.current = lastIdRef.current();
      void fetch(`/api/conversations/${conversationId}/read`, { method: "POST", credentials: "same-origin" });
    }, 300);
    return () => clearTimeout(timer);
  }, [conversationId, unreadFromOther, items]);

  /** the other side left Dalil (on arrival, or while the panel is open): nothing more can be sent */
  const [closed, setClosed] = useState(otherLeft);
  const { state: socket, send: sendOverSocket } = useChatSocket(
    conversationId,
    () => lastIdRef.current(),
    receive,
    (side) => side !== role && setClosed(true),
  );

  const failed = (item: ChatItem, e: unknown) => {
    setError(e instanceof Error ? e.message : String(e));
    setItems((list) => list.map((i) => (i.clientId === item.clientId && !i.id ? { ...i, status: "failed" } : i)));
  };

  async function post(item: ChatItem) {
    const body = {
      message: item.message ?? undefined,
      imageUrl: item.imageUrl ?? undefined,
      audioUrl: item.audioUrl ?? undefined,
      clientId: item.clientId!,
    };
    // over the open socket when there is one (no request per message); the API otherwise, or when the
    // socket closes or stays silent: the same clientId makes the second attempt harmless
    if (conversationId && socket === "open") {
      try {
        receive(await sendOverSocket(body));
        setError(null);
        return;
      } catch (e) {
        if (e instanceof SocketRefusal) return failed(item, e);
      }
    }
    const url = conversationId ? `/api/conversations/${conversationId}/messages` : "/api/chat";
    try {
      const res = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(conversationId ? body : { ...body, providerId }),
      });
      const json = (await res.json().catch(() => ({}))) as WireMessage & {
        message?: string | null;
        fields?: Record<string, string>;
      };
      if (res.status === 403 && json.fields?.verificationCode) {
        // starting a conversation needs a proven phone (ADR 022): the message waits while the code is asked
        setItems((list) => list.map((i) => (i.clientId === item.clientId && !i.id ? { ...i, status: "failed" } : i)));
        setCodeStep(true);
        await fetch("/api/auth/send-code", { method: "POST", credentials: "same-origin" });
        return;
      }
      if (!res.ok) throw new Error(`${res.status}: ${json.message ?? res.statusText}`);
      setError(null);
      if (!conversationId) setConversationId(json.conversationId);
      receive(json);
    } catch (e) {
      failed(item, e);
    }
  }

  function send(content: ComposedMessage) {
    const item: ChatItem = {
      key: newClientId(),
      clientId: "",
      senderType: mySide,
      message: content.message ?? null,
      imageUrl: content.imageUrl ?? null,
      ...(content.audio
        ? { audioUrl: content.audio.url, audioMs: content.audio.durationMs, audioPeaks: content.audio.peaks }
        : {}),
      timestamp: new Date().toISOString(),
      status: "sending",
    };
    item.clientId = item.key;
    stickToBottom.current = true;
    setItems((list) => [...list, item]);
    void post(item);
  }

  /** The phone is proven: what was typed before the code goes out now, in order. */
  function codeConfirmed() {
    setCodeStep(false);
    for (const item of items.filter((i) => i.status === "failed" && !i.id)) retry(item);
  }

  function retry(item: ChatItem) {
    setItems((list) => list.map((i) => (i.key === item.key ? { ...i, status: "sending" } : i)));
    void post(item);
  }

  async function loadOlder() {
    const first = items.find((i) => i.id);
    if (!conversationId || !first?.id) return;
    const res = await fetch(`/api/conversations/${conversationId}/messages?before=${first.id}`, {
      credentials: "same-origin",
    });
    if (!res.ok) return;
    const page = (await res.json()) as { messages: WireMessage[]; hasOlder: boolean };
    stickToBottom.current = false;
    setItems((list) => page.messages.reduce((acc, m) => mergeMessage(acc, m), list));
    setHasOlder(page.hasOlder);
  }

  return (
    <div
      className={`flex flex-col ${size === "page" ? "max-sm:min-h-0 max-sm:flex-1" : ""}`}
      data-testid="chat"
      data-conversation-id={conversationId ?? ""}
      data-online={socket === "open" ? "yes" : "no"}
    >
      {conversationId && <ChatMenu conversationId={conversationId} />}
      <ChatMessageList
        items={items}
        mySide={mySide}
        otherName={otherName}
        hasOlder={hasOlder}
        size={size}
        stickToBottom={stickToBottom}
        onLoadOlder={() => void loadOlder()}
        onRetry={retry}
        onOpenImage={setViewing}
      />
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer url={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {conversationId && socket === "reconnecting" && (
        <p className="mt-1 text-xs text-stone-500" data-testid="chat-reconnecting">
          {t("chat.reconnecting")}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="chat-error">
          {error}
        </p>
      )}
      {codeStep && (
        <Suspense fallback={null}>
          <ChatCodeStep onConfirmed={codeConfirmed} />
        </Suspense>
      )}
      {closed ? (
        <p
          role="status"
          className="mt-3 rounded-xl bg-stone-100 px-3 py-3 text-sm text-stone-700"
          data-testid="chat-other-left"
        >
          {t("chat.otherLeft")}
        </p>
      ) : (
        <ChatComposer onSend={send} onError={setError} />
      )}
    </div>
  );
}
