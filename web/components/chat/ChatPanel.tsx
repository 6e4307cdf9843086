import { AlertCircle, Check, Download, Flag, ImagePlus, Loader2, MessageCircle, MoreVertical, RotateCw, SendHorizontal, X } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLanguage, useLaterStrings, useTranslation } from "../../i18n/react";
import { IRAQ_TIME } from "../admin/shared";
import { mergeMessage, type ChatItem, type WireMessage } from "./messages";
import { SocketRefusal, useChatSocket } from "./useChatSocket";
import { formatDate } from "../../../domain/text/dates";
import { CODE_INPUT } from "../codeInput";
import { VoiceMessage } from "./VoiceMessage";
import { VoiceRecorder } from "./VoiceRecorder";

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
}

const MAX_CHARS = 2000;
const newClientId = () => `c-${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/**
 * The chat panel of /chat/{providerId}, the provider profile and /messages/{id}: history (paged backwards),
 * live messages over the conversation's socket, and a composer whose messages show sending / sent /
 * failed (with retry). The server stores each message before anyone sees it; the client de-duplicates by id.
 */
export function ChatPanel({ conversationId: initialConversation, providerId, role, otherName, initial, hasOlder: initialHasOlder, size = "page" }: ChatPanelProps) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const [conversationId, setConversationId] = useState(initialConversation);
  /** the photo open full screen */
  const [viewing, setViewing] = useState<string | null>(null);
  const [items, setItems] = useState<ChatItem[]>(() => initial.reduce<ChatItem[]>((list, m) => mergeMessage(list, m), []));
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** a first message to a listing from an account that has not proven its phone: the code is asked here */
  const [codeStep, setCodeStep] = useState<{ error: string | null; busy: boolean } | null>(null);
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

  const { state: socket, send: sendOverSocket } = useChatSocket(conversationId, () => lastIdRef.current(), receive);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);

  const failed = (item: ChatItem, e: unknown) => {
    setError(e instanceof Error ? e.message : String(e));
    setItems((list) => list.map((i) => (i.clientId === item.clientId && !i.id ? { ...i, status: "failed" } : i)));
  };

  async function post(item: ChatItem) {
    const body = { message: item.message ?? undefined, imageUrl: item.imageUrl ?? undefined, audioUrl: item.audioUrl ?? undefined, clientId: item.clientId! };
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
      const json = (await res.json().catch(() => ({}))) as WireMessage & { message?: string | null; fields?: Record<string, string> };
      if (res.status === 403 && json.fields?.verificationCode) {
        // starting a conversation needs a proven phone (ADR 022): the message waits while the code is asked
        setItems((list) => list.map((i) => (i.clientId === item.clientId && !i.id ? { ...i, status: "failed" } : i)));
        setCodeStep({ error: null, busy: false });
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

  function send(content: { message?: string; imageUrl?: string; audio?: { url: string; durationMs: number; peaks: number[] } }) {
    const item: ChatItem = {
      key: newClientId(),
      clientId: "",
      senderType: mySide,
      message: content.message ?? null,
      imageUrl: content.imageUrl ?? null,
      ...(content.audio ? { audioUrl: content.audio.url, audioMs: content.audio.durationMs, audioPeaks: content.audio.peaks } : {}),
      timestamp: new Date().toISOString(),
      status: "sending",
    };
    item.clientId = item.key;
    stickToBottom.current = true;
    setItems((list) => [...list, item]);
    void post(item);
  }

  async function confirmCode(code: string) {
    setCodeStep({ error: null, busy: true });
    const res = await fetch("/api/auth/verify-phone", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verificationCode: code }),
    }).catch(() => null);
    const json = ((await res?.json().catch(() => ({}))) ?? {}) as { message?: string; fields?: Record<string, string> };
    if (!res?.ok) return setCodeStep({ error: json.fields?.verificationCode ?? json.message ?? t("errors.unavailable"), busy: false });
    setCodeStep(null);
    // what was typed before the code goes out now, in order
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

  /** A recorded voice note: stored first (the server reads its length and waveform), then sent like a photo. */
  async function sendVoice(file: File) {
    const form = new FormData();
    form.set("audio", file);
    const res = await fetch("/api/upload?kind=audio", { method: "POST", body: form, credentials: "same-origin" });
    const json = (await res.json().catch(() => ({}))) as { url?: string; durationMs?: number; peaks?: number[]; message?: string };
    if (!res.ok || !json.url) throw new Error(json.message ?? t("upload.failed"));
    setError(null);
    send({ audio: { url: json.url, durationMs: json.durationMs ?? 0, peaks: json.peaks ?? [] } });
  }

  async function loadOlder() {
    const first = items.find((i) => i.id);
    if (!conversationId || !first?.id) return;
    const res = await fetch(`/api/conversations/${conversationId}/messages?before=${first.id}`, { credentials: "same-origin" });
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
    <div className={`flex flex-col ${size === "page" ? "max-sm:min-h-0 max-sm:flex-1" : ""}`} data-testid="chat" data-conversation-id={conversationId ?? ""} data-online={socket === "open" ? "yes" : "no"}>
      {conversationId && <ChatMenu conversationId={conversationId} />}
      <div
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className={`${size === "page" ? "h-[50vh] min-h-72 max-sm:h-auto max-sm:min-h-0 max-sm:flex-1" : "h-80"} overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-stone-50 p-3`}
        role="log"
        aria-live="polite"
        data-testid="chat-messages"
      >
        {hasOlder && (
          <div className="mb-2 text-center">
            <button type="button" onClick={() => void loadOlder()} className="min-h-11 rounded-xl px-4 text-sm font-medium text-brand-700 hover:bg-white" data-testid="chat-older">
              {t("chat.loadOlder")}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center text-center text-stone-600" data-testid="chat-empty">
            <MessageCircle aria-hidden className="size-8 text-brand-600" />
            <p className="mt-2">{t("chat.startWith", { name: "\u2068" + otherName + "\u2069" })}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {items.map((item) => {
              const mine = item.senderType === mySide;
              return (
                <li key={item.key} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="chat-message" data-mine={mine ? "yes" : "no"} data-status={item.status}>
                  <div className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm ${mine ? "rounded-ee-sm bg-brand-600 text-white" : "rounded-es-sm bg-white text-stone-900"}`}>
                    {item.deleted && (
                      <p className={`italic ${mine ? "text-brand-50" : "text-stone-500"}`} data-testid="chat-deleted">
                        {t("chat.messageDeleted")}
                      </p>
                    )}
                    {item.imageUrl && (
                      <button type="button" onClick={() => setViewing(item.imageUrl)} aria-label={t("chat.openImage")} className="block" data-testid="chat-image">
                        {/* its own proportions, up to 16 rem high */}
                        <img src={item.imageUrl} alt={t("chat.photo")} loading="lazy" className="max-h-64 w-auto max-w-full rounded-xl object-contain" />
                      </button>
                    )}
                    {item.audioUrl && <VoiceMessage url={item.audioUrl} durationMs={item.audioMs ?? 0} peaks={item.audioPeaks ?? []} mine={mine} />}
                    {item.message && (
                      <p dir="auto" className="text-start break-words whitespace-pre-wrap">
                        {item.message}
                      </p>
                    )}
                    <p className={`mt-1 flex items-center justify-end gap-1 text-xs ${mine ? "text-brand-50" : "text-stone-500"}`}>
                      <time dateTime={item.timestamp}>{stamp(item.timestamp)}</time>
                      {mine && item.status === "sent" && <Check aria-label={t("chat.sent")} className="size-3.5" />}
                      {item.status === "sending" && <span>{t("chat.sending")}</span>}
                    </p>
                    {item.status === "failed" && (
                      <p className="mt-1 flex items-center gap-2 text-xs">
                        <AlertCircle aria-hidden className="size-4" />
                        {t("chat.failed")}
                        <button type="button" onClick={() => retry(item)} className="inline-flex min-h-9 items-center gap-1 rounded-lg bg-white/20 px-2 font-semibold underline" data-testid="chat-retry">
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
      {viewing && <PhotoViewer url={viewing} onClose={() => setViewing(null)} />}
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
        <form
          className="mt-3 space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-3"
          data-testid="chat-code-step"
          onSubmit={(e) => {
            e.preventDefault();
            void confirmCode(String(new FormData(e.currentTarget).get("verificationCode") ?? "").trim());
          }}
        >
          <p className="font-semibold text-brand-800">{t("trust.codeTitle")}</p>
          <p className="text-sm text-stone-700">{t("trust.chatCodeText")}</p>
          <label className="block text-sm font-medium" htmlFor="chat-code">
            {t("trust.codeLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id="chat-code"
              name="verificationCode"
              {...CODE_INPUT}
              aria-invalid={codeStep.error ? true : undefined}
              aria-describedby={codeStep.error ? "chat-code-error" : undefined}
              className="min-h-11 w-32 rounded-xl border border-stone-300 bg-white px-3 text-center tracking-widest"
              data-testid="chat-code-input"
            />
            <button type="submit" disabled={codeStep.busy} className="min-h-11 rounded-xl bg-brand-600 px-4 font-semibold text-white disabled:opacity-60" data-testid="chat-code-submit">
              {t("trust.confirmAndSend")}
            </button>
          </div>
          {codeStep.error && (
            <p id="chat-code-error" role="alert" className="text-sm text-red-700">
              {codeStep.error}
            </p>
          )}
        </form>
      )}
      <form
        className="relative mt-3 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submitText();
        }}
      >
        <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => e.target.files?.[0] && void sendImage(e.target.files[0])} data-testid="chat-file" />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
          aria-label={uploading ? t("chat.uploading") : t("chat.attach")}
          title={uploading ? t("chat.uploading") : t("chat.attach")}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-stone-300 bg-white text-stone-700 hover:bg-stone-100 disabled:opacity-60"
          data-testid="chat-attach"
        >
          {uploading ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <ImagePlus aria-hidden className="size-5" />}
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
            className="block max-h-32 min-h-12 w-full resize-none rounded-xl border border-stone-300 bg-white px-3 py-3 text-start"
            data-testid="chat-input"
          />
        </label>
        <VoiceRecorder onSend={sendVoice} onError={setError} />
        <button
          type="submit"
          disabled={!text.trim()}
          aria-label={t("chat.send")}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white hover:bg-brand-700 disabled:bg-stone-300"
          data-testid="chat-send"
        >
          <SendHorizontal aria-hidden className="flip-rtl size-5" />
        </button>
      </form>
    </div>
  );
}

/** A chat photo full screen, in the app: the close button, Escape or a tap outside the photo close it. */
function PhotoViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  useLaterStrings("common.close", "chat.photo");
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div role="dialog" aria-modal="true" aria-label={t("chat.photo")} className="fixed inset-0 z-[70] flex items-center justify-center bg-black/90 p-2" onClick={onClose} data-testid="chat-photo-viewer">
      <img src={url} alt={t("chat.photo")} className="max-h-full max-w-full object-contain" onClick={(e) => e.stopPropagation()} />
      <button
        ref={close}
        type="button"
        onClick={onClose}
        aria-label={t("common.close")}
        className="absolute end-3 top-3 inline-flex size-12 items-center justify-center rounded-full bg-white/90 text-stone-900"
        data-testid="chat-photo-close"
      >
        <X aria-hidden className="size-6" />
      </button>
    </div>
  );
}

/**
 * The chat's menu: report the conversation with a reason (an admin may then read it, ADR 029), and download
 * all my conversations. Both answer through the API, which checks that I take part.
 */
function ChatMenu({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  useLaterStrings("chat.reported", "chat.errors.reportReason", "errors.unavailable");
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null }>({ busy: false, done: false, error: null });
  async function report(reason: string) {
    setState({ busy: true, done: false, error: null });
    try {
      const res = await fetch(`/api/conversations/${conversationId}/report`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reason }),
      });
      if (res.ok) return setState({ busy: false, done: true, error: null });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setState({ busy: false, done: false, error: body.message ?? t("chat.errors.reportReason") });
    } catch {
      setState({ busy: false, done: false, error: t("errors.unavailable") });
    }
  }
  return (
    <details className="group relative mb-1 self-end" data-testid="chat-menu">
      <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm text-stone-700 hover:bg-stone-100" aria-label={t("chat.menu")}>
        <MoreVertical aria-hidden className="size-5" />
      </summary>
      <div className="absolute end-0 z-30 mt-1 w-72 max-w-[90vw] space-y-3 rounded-xl border border-stone-200 bg-white p-3 shadow-lg">
        {state.done ? (
          <p role="status" className="text-sm text-emerald-800" data-testid="chat-reported">
            {t("chat.reported")}
          </p>
        ) : (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              void report(String(new FormData(e.currentTarget).get("reason") ?? ""));
            }}
          >
            <p className="flex items-center gap-2 font-semibold">
              <Flag aria-hidden className="size-4 text-red-700" />
              {t("chat.report")}
            </p>
            <label className="block text-sm" htmlFor={`chat-report-${conversationId}`}>
              {t("chat.reportReasonLabel")}
            </label>
            <textarea id={`chat-report-${conversationId}`} name="reason" rows={2} maxLength={500} dir="auto" className="block w-full rounded-lg border border-stone-300 px-2 py-1" data-testid="chat-report-reason" />
            {state.error && (
              <p role="alert" className="text-sm text-red-700">
                {state.error}
              </p>
            )}
            <button type="submit" disabled={state.busy} className="min-h-11 rounded-xl bg-red-700 px-3 text-sm font-semibold text-white disabled:opacity-60" data-testid="chat-report-send">
              {t("chat.reportSend")}
            </button>
          </form>
        )}
        <a href="/api/conversations/export" download className="flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700" data-testid="chat-download">
          <Download aria-hidden className="size-4" />
          {t("chat.download")}
        </a>
      </div>
    </details>
  );
}
