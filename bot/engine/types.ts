/**
 * The channel-neutral vocabulary of the bot. Adapters turn a channel's updates into `BotEvent`s and
 * `Reply`s into that channel's messages; the engine never knows which channel it talks to.
 */
import type { Lang } from "../../domain/context";

export type Channel = "telegram" | "whatsapp";

export type BotEvent =
  | { kind: "text"; text: string }
  /** a tapped button: its action string (≤ 64 bytes, Telegram's callback_data limit) */
  | { kind: "action"; action: string }
  | { kind: "location"; lat: number; lng: number }
  /** a shared contact; `own` is true only when the channel says it is the sender's own */
  | { kind: "contact"; phone: string; own: boolean }
  /** Telegram /start, optionally with a deep-link payload */
  | { kind: "start"; payload?: string }
  /** a photo; its bytes are fetched from the channel only when the bot keeps it (a chat) */
  | { kind: "image"; fetch: () => Promise<ArrayBuffer | null>; caption?: string }
  /**
   * a voice note: its bytes are fetched from the channel only when it goes into a chat (null when they can't be had,
   * "tooLarge" past the channel cap); `done` then removes the channel's copy (Twilio's media)
   */
  | { kind: "voice"; fetch: () => Promise<ArrayBuffer | null | "tooLarge">; done?: () => Promise<void> }
  /** audio, video or a file the bot can't read: it says what it can take instead */
  | { kind: "unreadable"; what: "voice" | "other" };

export interface Inbound {
  channel: Channel;
  /** Telegram chat id, or the WhatsApp number in E.164 */
  externalId: string;
  /** a display name the channel gives (Telegram first name, WhatsApp ProfileName) */
  profileName?: string;
  /** the sender's @username (Telegram), to name the chat on the profile and in notices */
  handle?: string;
  /** the channel's idea of the user's language (Telegram language_code) */
  languageHint?: string;
  /** the channel itself proves this phone (a WhatsApp sender) */
  provenPhone?: string;
  /** the id of the bot's message this one quotes (Telegram reply_to_message, WhatsApp OriginalRepliedMessageSid) */
  repliedTo?: string;
  /** the channel's id of this message (Telegram message_id, WhatsApp MessageSid): a chat message's idempotency */
  messageId?: string;
  event: BotEvent;
}

export interface Button {
  label: string;
  action: string;
  /** the reply text already shows this choice under its number (WhatsApp then doesn't repeat it) */
  listed?: boolean;
}

export interface Reply {
  text: string;
  /** rows of choices: inline keyboards on Telegram, numbered options on WhatsApp */
  buttons?: Button[][];
  links?: { label: string; url: string }[];
  /** ask the channel for a location or the user's own contact (Telegram reply keyboard) */
  ask?: "location" | "contact";
}

export interface EngineResult {
  replies: Reply[];
  lang: Lang;
}

/** Every choice, numbered in the order shown: "3" on WhatsApp means the third button. */
export const flatten = (rows: Button[][] | undefined): Button[] => (rows ?? []).flat();

/** Telegram's limit on callback_data, in bytes. */
export const MAX_ACTION_BYTES = 64;
