/** What the domain needs from the platform. workers/ implements these; unit tests pass in-memory ones. */

export interface OutboundMessage {
  /**
   * telegram / whatsapp: a linked chat; "code": a verification code to a phone, WhatsApp then SMS (ADR 022);
   * "log": the server log, development and tests only
   */
  channel: "telegram" | "whatsapp" | "code" | "log";
  recipient: string;
  /** what to say, as a translation key: the delivering edge renders it in `lang` */
  key: string;
  params?: Record<string, string | number>;
  /** params that must never be readable in the outbox (a code): sealed when queued, wiped once delivered */
  secret?: Record<string, string | number>;
  lang: "en" | "ar" | "ku";
  dedupeKey?: string;
  /** an already-rendered text (a bot reply that must be retried); `key` is then only a label */
  text?: string;
  /** choices the recipient can answer with in a chat: a label key and the bot action it performs */
  buttons?: { key: string; action: string }[][];
}

export interface Outbox {
  /** stores the message and schedules its delivery; never loses it */
  enqueue(message: OutboundMessage): Promise<void>;
}

export interface Notifier {
  /** tells a user's open sockets that something changed for them */
  notifyUser(userId: number, event: { type: "notification"; notificationId?: number }): Promise<void>;
  /**
   * closes the user's sockets opened under revoked sessions: one session (`only`), or all of them but
   * `allExcept` (null: every one). Session ids are the stored hashes, never cookie tokens.
   */
  closeSessionSockets(userId: number, which: { only: string } | { allExcept: string | null }): Promise<void>;
}

/** One live room per conversation (its two participants' open sockets). */
export interface ChatRooms {
  /** sends an event to the conversation's open sockets; returns the user ids that had one open */
  publish(conversationId: number, event: import("./chat/view").ChatEvent): Promise<number[]>;
}

export interface ImageStore {
  put(key: string, body: ArrayBuffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Renders a translation key in a language: the domain decides what to say and to whom, never the words. */
export interface Texts {
  render(lang: "en" | "ar" | "ku", key: string, params?: Record<string, string | number>): string;
}

/**
 * Device cookies for sign-in (OWASP's device-cookie defence, ADR 022): a signed token saying "this browser has
 * signed in to this phone before". Failures from elsewhere cannot lock such a device out.
 */
export interface Devices {
  /** a token for `phone` on this device (keeping its id when it has one) */
  issue(phone: string, deviceId?: string): Promise<string>;
  /** the device id when `token` was issued for `phone` by us, else null */
  verify(token: string | null | undefined, phone: string): Promise<string | null>;
}

export interface Ports {
  devices: Devices;
  texts: Texts;
  outbox: Outbox;
  notifier: Notifier;
  images: ImageStore;
  chatRooms: ChatRooms;
}
