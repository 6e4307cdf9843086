import {
  AlertCircle,
  Check,
  Download,
  ImagePlus,
  Loader2,
  MessageCircle,
  MoreVertical,
  RotateCw,
  SendHorizontal,
} from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLanguage, useLaterStrings, useTranslation } from "../../i18n/react";
import { IRAQ_TIME } from "../admin/shared";
import { mergeMessage, type ChatItem, type WireMessage } from "./messages";
import { SocketRefusal, useChatSocket } from "./useChatSocket";
import { formatDate } from "../../../domain/text/dates";
import { MicButton } from "./MicButton";

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

const MAX_CHARS = 2000;
/**
 * The voice message player comes with the first voice message on screen, never with a chat that has none.
 */
const VoiceMessage = lazy(() => import("./VoiceMessage"));
/** The phone-code step of a first message from an unproven account (ADR 022), loaded when it is needed. */
const ChatCodeStep = lazy(() => import("./ChatCodeStep"));
/** The report form loads when the chat's menu is opened. */
const ChatReport = lazy(() => import("./ChatReport"));
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
  const { locale } = useLanguage();
  // the photo viewer's words (it loads on the first tap on a photo)
  useLaterStrings("common.close", "chat.photo");
  const [conversationId, setConversationId] = useState(initialConversation);
  /** the photo open full screen */
  const [viewing, setViewing] = useState<string | null>(null);
  const [items, setItems] = useState<ChatItem[]>(() =>
    initial.reduce<ChatItem[]>((list, m) => mergeMessage(list, m), []),
  );
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** a first message to a listing from an account that has not proven its phone: the code is asked here */
  const [codeStep, setCodeStep] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const fileInput = useRef<HTMLInputElement>(null);
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

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);

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

  function send(content: {
    message?: string;
    imageUrl?: string;
    audio?: { url: string; durationMs: number; peaks: number[] };
  }) {
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

  function submitText() {
    const message = text.trim();
    if (!message || message.length > MAX_CHARS) return;
    setText("");
    send({ message });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter makes a new line (and an IME composing a word keeps its Enter)
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submitText();
    }
  }

  async function sendImage(file: File) {
    setUploading(true);
    try {
      const form = new FormData();
      form.set("image", file);
      // a chat photo: unsent, it is swept after a day
      form.set("for", "chat");
      const res = await fetch("/api/upload", { method: "POST", body: form, credentials: "same-origin" });
      const json = (await res.json().catch(() => ({}))) as { imageUrl?: string; message?: string };
      if (!res.ok || !json.imageUrl) throw new Error(`${res.status}: ${json.message ?? t("upload.failed")}`);
      send({ imageUrl: json.imageUrl });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
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

  // formatDate, not Intl: Chromium has no ckb data and would print English months and digits (ADR 013)
  const time = (d: Date) => formatDate(d, locale, { timeStyle: "short", timeZone: IRAQ_TIME });
  const day = (d: Date) => formatDate(d, locale, { dateStyle: "medium", timeZone: IRAQ_TIME });
  const today = day(new Date());
  const stamp = (iso: string) => {
    const d = new Date(iso);
    const date = day(d);
    return date === today ? time(d) : `${date} ${time(d)}`;
  };

  return (
    <div
      className={`flex flex-col ${size === "page" ? "max-sm:min-h-0 max-sm:flex-1" : ""}`}
      data-testid="chat"
      data-conversation-id={conversationId ?? ""}
      data-online={socket === "open" ? "yes" : "no"}
    >
      {conversationId && <ChatMenu conversationId={conversationId} />}
      <div
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className={
          `${size === "page" ? "h-[50vh] min-h-72 max-sm:h-auto max-sm:min-h-0 max-sm:flex-1" : "h-80"} ` +
          `overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-stone-50 p-3`
        }
        role="log"
        aria-live="polite"
        data-testid="chat-messages"
      >
        {hasOlder && (
          <div className="mb-2 text-center">
            <button
              type="button"
              onClick={() => void loadOlder()}
              className="min-h-11 rounded-xl px-4 text-sm font-medium text-brand-700 hover:bg-white"
              data-testid="chat-older"
            >
              {t("chat.loadOlder")}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <div
            className="flex h-full flex-col items-center justify-center text-center text-stone-600"
            data-testid="chat-empty"
          >
            <MessageCircle aria-hidden className="size-8 text-brand-600" />
            <p className="mt-2">{t("chat.startWith", { name: "\u2068" + otherName + "\u2069" })}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {items.map((item) => {
              const mine = item.senderType === mySide;
              return (
                <li
                  key={item.key}
                  className={`flex ${mine ? "justify-end" : "justify-start"}`}
                  data-testid="chat-message"
                  data-mine={mine ? "yes" : "no"}
                  data-status={item.status}
                >
                  <div
                    className={
                      `max-w-[85%] rounded-2xl px-3 py-2 ` +
                      `shadow-sm ${mine ? "rounded-ee-sm bg-brand-600 text-white" : "rounded-es-sm bg-white text-stone-900"}`
                    }
                  >
                    {item.deleted && (
                      <p className={`italic ${mine ? "text-brand-50" : "text-stone-500"}`} data-testid="chat-deleted">
                        {t("chat.messageDeleted")}
                      </p>
                    )}
                    {item.imageUrl && (
                      <button
                        type="button"
                        onClick={() => setViewing(item.imageUrl)}
                        aria-label={t("chat.openImage")}
                        className="block"
                        data-testid="chat-image"
                      >
                        {/* its own proportions, up to 16 rem high */}
                        <img
                          src={item.imageUrl}
                          alt={t("chat.photo")}
                          loading="lazy"
                          className="max-h-64 w-auto max-w-full rounded-xl object-contain"
                        />
                      </button>
                    )}
                    {item.audioUrl && (
                      // the player's own size while it loads: nothing moves when it arrives
                      <Suspense fallback={<div className="h-[5.75rem] w-64 max-w-full" aria-busy="true" />}>
                        <VoiceMessage
                          url={item.audioUrl}
                          durationMs={item.audioMs ?? 0}
                          peaks={item.audioPeaks ?? []}
                          mine={mine}
                        />
                      </Suspense>
                    )}
                    {item.message && (
                      <p dir="auto" className="text-start break-words whitespace-pre-wrap">
                        {item.message}
                      </p>
                    )}
                    <p
                      className={
                        `mt-1 flex items-center justify-end gap-1 ` +
                        `text-xs ${mine ? "text-brand-50" : "text-stone-500"}`
                      }
                    >
                      <time dateTime={item.timestamp}>{stamp(item.timestamp)}</time>
                      {mine && item.status === "sent" && <Check aria-label={t("chat.sent")} className="size-3.5" />}
                      {item.status === "sending" && <span>{t("chat.sending")}</span>}
                    </p>
                    {item.status === "failed" && (
                      <p className="mt-1 flex items-center gap-2 text-xs">
                        <AlertCircle aria-hidden className="size-4" />
                        {t("chat.failed")}
                        <button
                          type="button"
                          onClick={() => retry(item)}
                          className={
                            "inline-flex min-h-9 items-center gap-1 rounded-lg bg-white/20 px-2 font-semibold " +
                            "underline"
                          }
                          data-testid="chat-retry"
                        >
                          <RotateCw aria-hidden className="size-3.5" />
                          {t("chat.retry")}
                        </button>
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
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
        <form
          className="relative mt-3 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submitText();
          }}
        >
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => e.target.files?.[0] && void sendImage(e.target.files[0])}
            data-testid="chat-file"
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
            aria-label={uploading ? t("chat.uploading") : t("chat.attach")}
            title={uploading ? t("chat.uploading") : t("chat.attach")}
            className={
              "inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-stone-300 " +
              "bg-white text-stone-700 hover:bg-stone-100 disabled:opacity-60"
            }
            data-testid="chat-attach"
          >
            {uploading ? (
              <Loader2 aria-hidden className="size-5 animate-spin" />
            ) : (
              <ImagePlus aria-hidden className="size-5" />
            )}
          </button>
          <label className="min-w-0 flex-1">
            <span className="sr-only">{t("chat.placeholder")}</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              rows={1}
              maxLength={MAX_CHARS}
              dir="auto"
              placeholder={t("chat.placeholder")}
              className={
                "block max-h-32 min-h-12 w-full resize-none rounded-xl border border-stone-300 bg-white px-3 " +
                "py-3 text-start"
              }
              data-testid="chat-input"
            />
          </label>
          <MicButton
            onSend={(audio) => {
              setError(null);
              send({ audio });
            }}
            onError={setError}
          />
          <button
            type="submit"
            disabled={!text.trim()}
            aria-label={t("chat.send")}
            className={
              "inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white " +
              "hover:bg-brand-700 disabled:bg-stone-300"
            }
            data-testid="chat-send"
          >
            <SendHorizontal aria-hidden className="flip-rtl size-5" />
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * The chat's menu: report the conversation with a reason (an admin may then read it, ADR 029), and download
 * all my conversations. Both answer through the API, which checks that I take part.
 */
function ChatMenu({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  // the report form's words: in the page, though the form itself loads when the menu opens
  useLaterStrings(
    "chat.report",
    "chat.reportReasonLabel",
    "chat.reportSend",
    "chat.reported",
    "chat.errors.reportReason",
    "errors.unavailable",
  );
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group relative mb-1 self-end"
      data-testid="chat-menu"
      onToggle={(e) => e.currentTarget.open && setOpen(true)}
    >
      <summary
        className={
          "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm " +
          "text-stone-700 hover:bg-stone-100"
        }
        aria-label={t("chat.menu")}
      >
        <MoreVertical aria-hidden className="size-5" />
      </summary>
      <div
        className={
          "absolute end-0 z-30 mt-1 w-72 max-w-[90vw] space-y-3 rounded-xl border border-stone-200 bg-white p-3 " +
          "shadow-lg"
        }
      >
        {open && (
          <Suspense fallback={<div className="h-36" aria-busy="true" />}>
            <ChatReport conversationId={conversationId} />
          </Suspense>
        )}
        <a
          href="/api/conversations/export"
          download
          className="flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700"
          data-testid="chat-download"
        >
          <Download aria-hidden className="size-4" />
          {t("chat.download")}
        </a>
      </div>
    </details>
  );
}
