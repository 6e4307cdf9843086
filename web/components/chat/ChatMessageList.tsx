import { AlertCircle, Check, MessageCircle, RotateCw } from "lucide-react";
import { lazy, Suspense, useLayoutEffect, useRef, type MutableRefObject } from "react";
import { formatDate } from "../../../domain/text/dates";
import { useLanguage, useTranslation } from "../../i18n/react";
import { IRAQ_TIME } from "../admin/shared";
import type { ChatItem } from "./messages";

/**
 * The voice message player comes with the first voice message on screen, never with a chat that has none.
 */
const VoiceMessage = lazy(() => import("./VoiceMessage"));

/**
 * The chat's history as a live log: older pages on demand, the empty state, and one bubble per message. It follows the
 * newest message while the reader is at the bottom (`stickToBottom`, which the panel sets when it sends or pages).
 */
export function ChatMessageList({
  items,
  mySide,
  otherName,
  hasOlder,
  size,
  stickToBottom,
  onLoadOlder,
  onRetry,
  onOpenImage,
}: {
  items: ChatItem[];
  mySide: ChatItem["senderType"];
  otherName: string;
  hasOlder: boolean;
  size: "page" | "embedded";
  stickToBottom: MutableRefObject<boolean>;
  onLoadOlder: () => void;
  onRetry: (item: ChatItem) => void;
  onOpenImage: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const list = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);

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
            onClick={() => onLoadOlder()}
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
          {items.map((item) => (
            <ChatBubble
              key={item.key}
              item={item}
              mine={item.senderType === mySide}
              stamp={stamp(item.timestamp)}
              onRetry={onRetry}
              onOpenImage={onOpenImage}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const BUBBLE_MINE = "rounded-ee-sm bg-brand-600 text-white";
const BUBBLE_THEIRS = "rounded-es-sm bg-white text-stone-900";

/** One message: deleted, photo, voice note and text, its time, and sending / sent / failed with retry. */
function ChatBubble({
  item,
  mine,
  stamp,
  onRetry,
  onOpenImage,
}: {
  item: ChatItem;
  mine: boolean;
  stamp: string;
  onRetry: (item: ChatItem) => void;
  onOpenImage: (url: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={`flex ${mine ? "justify-end" : "justify-start"}`}
      data-testid="chat-message"
      data-mine={mine ? "yes" : "no"}
      data-status={item.status}
    >
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm ${mine ? BUBBLE_MINE : BUBBLE_THEIRS}`}>
        {item.deleted && (
          <p className={`italic ${mine ? "text-brand-50" : "text-stone-500"}`} data-testid="chat-deleted">
            {t("chat.messageDeleted")}
          </p>
        )}
        {item.imageUrl && (
          <button
            type="button"
            onClick={() => onOpenImage(item.imageUrl!)}
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
        <p className={`mt-1 flex items-center justify-end gap-1 text-xs ${mine ? "text-brand-50" : "text-stone-500"}`}>
          <time dateTime={item.timestamp}>{stamp}</time>
          {mine && item.status === "sent" && <Check aria-label={t("chat.sent")} className="size-3.5" />}
          {item.status === "sending" && <span>{t("chat.sending")}</span>}
        </p>
        {item.status === "failed" && (
          <p className="mt-1 flex items-center gap-2 text-xs">
            <AlertCircle aria-hidden className="size-4" />
            {t("chat.failed")}
            <button
              type="button"
              onClick={() => onRetry(item)}
              className="inline-flex min-h-9 items-center gap-1 rounded-lg bg-white/20 px-2 font-semibold underline"
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
}
