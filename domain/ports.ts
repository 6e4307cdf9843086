import type { ScheduledGuard, SentReport } from "./scheduler/messages";
import type { ListingTextGuard } from "./reach/textGuard";
/** What the domain needs from the platform. workers/ implements these; unit tests pass in-memory ones. */

export interface OutboundMessage {
  /**
   * telegram / whatsapp: a linked chat; "code": a code to a phone, WhatsApp then SMS (ADR 022); "notice": an account
   * notice to the phone itself, the same way (a chat linked or removed); "sms": one SMS to a listing's own number (ADR
   * 047); "log": the server log, development and tests only
   */
  channel: "telegram" | "whatsapp" | "code" | "notice" | "sms" | "log";
  recipient: string;
  /** what to say, as a translation key: the delivering edge renders it in `lang` */
  key: string;
  params?: Record<string, string | number>;
  /** params that must never be readable in the outbox (a code): sealed when queued, wiped once delivered */
  secret?: Record<string, string | number>;
  lang: "en" | "ar" | "ku";
  dedupeKey?: string;
  /**
   * a notification's copy in a linked chat: whose it is and what
   * it is about, for their bell if it never arrives (ADR 084)
   */
  about?: { userId: number; type: string; key: string; relatedId: number | null };
  /** an already-rendered text (a bot reply that must be retried); `key` is then only a label */
  text?: string;
  /** choices the recipient can answer with in a chat: a label key and the bot action it performs */
  buttons?: { key: string; action: string }[][];
  /** a relayed chat message: the conversation a reply to it goes back into (ADR 034) */
  thread?: { conversationId: number; name: string };
  /** a photo to send with the text: a site path (`/images/…`) the deliverer makes absolute */
  mediaUrl?: string;
  /**
   * checked when it leaves: a message the scheduler planned (its row's facts, ADR 043, 054), or a text to a listing's
   * number (what it asks or tells, and the daily slot it gives back if withdrawn, ADR 076)
   */
  guard?: ScheduledGuard | number | ListingTextGuard;
  /**
   * a voice note to send after the text: its site path (`/api/voice/…`); the deliverer uploads its bytes to Telegram
   * (sendVoice) or hands Twilio a short-lived signed address
   */
  voiceUrl?: string;
  /** not delivered before this time (epoch ms): a message held through quiet hours (ADR 047) */
  notBefore?: number;
}

/**
 * An outbox row's payload: the message as the domain queued it, less where it goes (the row's own columns) and its
 * secret, which travels sealed (workers/queue/seal.ts), opened only to deliver.
 */
export type OutboxPayload = Omit<OutboundMessage, "channel" | "recipient" | "secret" | "dedupeKey" | "params"> & {
  params: Record<string, string | number>;
  sealed?: string;
};

/**
 * One channel's sender: the message to one recipient, or a DeliveryError (domain/errors.ts) saying whether to retry.
 */
export type Deliverer = (recipient: string, payload: OutboxPayload) => Promise<void>;

/** The channels' senders the outbox hands a message to: the bot's, given to the outbox by the Worker (ADR 089). */
export type Deliverers = Record<"telegram" | "whatsapp" | "code" | "notice" | "sms", Deliverer>;

export interface Outbox {
  /** stores the message and schedules its delivery; never loses it */
  enqueue(message: OutboundMessage): Promise<void>;
  /**
   * Stores the message and tries it once in this request (a code the person is waiting for, ADR 084): false when it
   * could not be sent, and then nothing retries it (a code that came minutes later would only confuse).
   */
  sendNow(message: OutboundMessage): Promise<boolean>;
  /**
   * Hands claimed scheduler rows to their sender (ADR 043): the queue in production, one job per row; inline under
   * `POST /dev/scheduler`, which returns what was sent.
   */
  dispatchScheduled(ids: number[]): Promise<SentReport[] | void>;
}

export interface Notifier {
  /** tells a user's open sockets that something changed for them */
  notifyUser(
    userId: number,
    event:
      | { type: "notification"; notificationId?: number; topic?: string }
      | { type: "changed"; topic: "booking" | "request" },
  ): Promise<void>;
}

/**
 * A sign-in session as the person's object keeps it (ADR 054's amendment): `id` is the SHA-256 of the cookie's token.
 */
export interface StoredSession {
  id: string;
  /** epoch ms */
  expiresAt: number;
  userAgent: string | null;
  /** epoch ms */
  createdAt: number;
}

/**
 * Each person's sign-in sessions, held by their own object (ADR
 * 054's amendment): every call reaches exactly one object.
 */
export interface Sessions {
  add(userId: number, session: StoredSession): Promise<void>;
  /** the session is the person's and has not expired */
  has(userId: number, id: string, now: number): Promise<boolean>;
  /**
   * ends the person's sessions and closes the sockets opened under them, in one call: one session (`only`), or all
   * of them but `allExcept` (null: every one). Session ids are the stored hashes, never cookie tokens. How many
   * sessions the object held that ended (a session from before the move ends in D1; its sockets close here too).
   */
  end(userId: number, which: { only: string } | { allExcept: string | null }): Promise<number>;
  /** the live sessions, oldest first (the data export) */
  list(userId: number, now: number): Promise<StoredSession[]>;
}

/** One live room per conversation (its two participants' open sockets). */
/** What a room must know of its conversation (from D1's index row): who takes part (ADR 029). */
export interface RoomParticipants {
  conversationId: number;
  providerId: number;
  customerId: number;
  providerUserId: number | null;
  customerLastReadId: number;
  providerLastReadId: number;
}

/** One message to store, as checked by the domain (participant, session, input). */
export interface RoomSend {
  senderUserId: number;
  role: "customer" | "provider";
  message: string | null;
  imageUrl: string | null;
  /** a voice note already attached to this conversation (attachVoice), with its length and waveform */
  audio: { url: string; durationMs: number; peaks: number[] } | null;
  clientId: string;
  now: number;
  /** the sender's send limit across all their conversations, counted where all their sends are seen (ADR 037) */
  limit: { max: number; windowMs: number };
}

export type RoomSendResult =
  { ok: true; message: import("./chat/view").MessageView; created: boolean } | { ok: false; code: "RATE_LIMITED" };

export interface RoomPage {
  /** oldest first */
  messages: import("./chat/view").MessageView[];
  hasOlder: boolean;
  hasNewer?: boolean;
}

/** Each conversation's room holds its messages (ADR 029): the domain reads and writes them through here. */
export interface ChatRooms {
  /** sends an event to the conversation's open sockets; returns the user ids that had one open */
  publish(conversationId: number, event: import("./chat/view").ChatEvent): Promise<number[]>;
  /** stores a message (once per clientId) within the sender's send limit, then broadcasts it */
  append(conversation: RoomParticipants, send: RoomSend): Promise<RoomSendResult>;
  /** the newest page, or the page before/after a sequence id */
  page(conversation: RoomParticipants, cursor: { before?: number; after?: number }): Promise<RoomPage>;
  /** `role` has read up to the newest message: returns that sequence id */
  markRead(conversation: RoomParticipants, role: "customer" | "provider"): Promise<number>;
  /** every message of the conversation, oldest first (export, or an admin reading a reported conversation) */
  transcript(conversation: RoomParticipants): Promise<import("./chat/view").MessageView[]>;
  /** copies the conversation's rows of D1's read-only chat_messages in (idempotent): how many were new */
  migrate(conversation: RoomParticipants): Promise<number>;
  /** empties this user's messages in place (account deletion, ADR 041): how many, and the images they held */
  erase(conversation: RoomParticipants, userId: number): Promise<{ erased: number; images: string[] }>;
  /** the backfill of ADR 065: writes both people's list entries from the room and empties D1's old list columns */
  moveList(conversation: RoomParticipants): Promise<boolean>;
}

/**
 * One notification as the person's own object stores it (ADR 051): the bell lives in the recipient's `UserSockets`
 * Durable Object, not in D1. `title`/`message` are the text in the recipient's language when it was sent (a
 * fallback); `messageKey`/`params` render it in the reader's language of the moment (ADR 025).
 */
export interface BellItem {
  id: number;
  type: string;
  title: string;
  message: string;
  messageKey: string | null;
  /** JSON of the key's parameters */
  params: string | null;
  isRead: boolean;
  relatedId: number | null;
  /** epoch ms */
  createdAt: number;
}

export type NewBellItem = Omit<BellItem, "id" | "isRead">;

/** Which of a person's notifications to mark read: one by id, every unread one, or those about something. */
export type BellSelection = { id: number } | { all: true } | { type: string; relatedId?: number };

/** Each person's bell, held by their own object (ADR 051): every call reaches exactly one object. */
export interface Bells {
  /**
   * Stores one and tells the person's open tabs, in one call to their object. `oncePerUnread`: nothing is stored
   * (0) while an unread one of the same type and relatedId waits (the chat notice, once per conversation until read).
   */
  add(userId: number, item: NewBellItem, opts?: { oncePerUnread?: boolean }): Promise<number>;
  /** the newest `limit`, newest first, and how many are unread */
  list(userId: number, limit: number): Promise<{ items: BellItem[]; unread: number }>;
  /**
   * unread → read; returns the items that changed (or, for `{ id }`,
   * the item whether it changed or not; none if it is not theirs)
   */
  markRead(userId: number, which: BellSelection, opts?: { tellTabs?: boolean }): Promise<BellItem[]>;
  /** every notification the person holds, oldest first (the data export) */
  all(userId: number): Promise<BellItem[]>;
  /** empties the bell (account deletion): how many went */
  erase(userId: number): Promise<number>;
  /** the backfill from D1 (ADR 051): rows keyed by their D1 id, so a second import of the same rows adds nothing */
  importLegacy(userId: number, items: (NewBellItem & { legacyId: number; isRead: boolean })[]): Promise<number>;
}

/**
 * One conversation as one of its two people lists it (ADR 065): kept in that person's own object, written by the
 * conversation's room with the room's version (a write lands only on an older one).
 */
export interface ChatListEntry {
  conversationId: number;
  /** the side this person is on */
  role: "customer" | "provider";
  providerId: number;
  /** epoch ms of the last message */
  lastMessageAt: number;
  lastText: string | null;
  /** a photo's address, or a voice note's (the list says "Voice message") */
  lastImage: string | null;
  lastSender: "user" | "provider";
  /** the other side's messages after this person's read mark */
  unread: number;
  version: number;
  /** how many times the room wrote this entry (writes per message, for the tests and the chat bench) */
  writes: number;
}

/** Each person's list of conversations, held by their own object (ADR 065). */
export interface ChatLists {
  /** the newest `limit`, newest first; only one listing's, as its owner sees them, when `providerId` is given */
  list(userId: number, limit: number, providerId?: number): Promise<ChatListEntry[]>;
  /** stores the room's newer view (false: this version or a newer one is there already) */
  put(userId: number, entry: Omit<ChatListEntry, "writes">): Promise<boolean>;
  /** forgets the person's whole list (account deletion): how many went */
  erase(userId: number): Promise<number>;
}

export interface ImageStore {
  put(key: string, body: ArrayBuffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Where closed bookings past their age go (ADR 062): small JSON documents by key. Workers' R2 bucket `ARCHIVE`;
 * a put replaces the whole document, so every writer reads, merges by booking id and writes back, on condition
 * that nobody wrote in between (`putIf`).
 */
export interface ArchiveStore {
  get(key: string): Promise<string | null>;
  put(key: string, text: string): Promise<void>;
  /** the document and its version (R2's etag), for a conditional write */
  read(key: string): Promise<{ text: string; etag: string } | null>;
  /**
   * writes only if the document is still at `etag` (null: only if there is none yet); false when it changed meanwhile
   */
  putIf(key: string, text: string, etag: string | null): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  /** every key under `prefix` */
  list(prefix: string): Promise<string[]>;
}

/** Renders a translation key in a language: the domain decides what to say and to whom, never the words. */
export interface Texts {
  render(lang: "en" | "ar" | "ku", key: string, params?: Record<string, string | number>): string;
}

/**
 * Device cookies for sign-in (OWASP's device-cookie defence, ADR 022): a signed token saying "this browser has
 * signed in to this phone before". Failures from elsewhere cannot lock such a device out.
 */
/**
 * A device is known for one account on one phone (ADR 022): a cookie made for an account that was later released by the
 * owner's proof names that account, so it never counts as a known device for the owner.
 */
export interface DeviceSubject {
  phone: string;
  userId: number;
}

export interface Devices {
  /** a token for the account on this device (keeping its id when it has one) */
  issue(subject: DeviceSubject, deviceId?: string): Promise<string>;
  /** the device id when `token` was issued by us for this account and phone, else null */
  verify(token: string | null | undefined, subject: DeviceSubject): Promise<string | null>;
}

/**
 * The slots of rate limits (ADR 054): each limit key is counted in an object of its own, never in D1. Exact: one
 * key's takes are answered one at a time, so parallel requests stop at `max`.
 */
export interface Limits {
  /** one of `max` slots of `key` in the `windowMs` before `now`: its id, or 0 when all are taken */
  take(limit: { key: string; max: number; windowMs: number }, now: number): Promise<number>;
  /** gives a taken slot back */
  release(key: string, slot: number): Promise<void>;
  /** forgets every slot of `key` */
  clear(key: string): Promise<void>;
  /** how many slots of `key` still count at `now` */
  count(key: string, now: number): Promise<number>;
}

export interface Ports {
  devices: Devices;
  limits: Limits;
  texts: Texts;
  outbox: Outbox;
  notifier: Notifier;
  images: ImageStore;
  archive: ArchiveStore;
  chatRooms: ChatRooms;
  bells: Bells;
  chatLists: ChatLists;
  sessions: Sessions;
  /** the payment gateways configured (ADR 079, 085); absent ones are not offered */
  payments: PaymentsPort;
}

export interface PaymentsPort {
  gateways: Partial<Record<import("./payments/gateway").GatewayName, import("./payments/gateway").PaymentGateway>>;
  /** booking deposits: off in production until the Central Bank's word (ADR 085) */
  depositsAllowed: boolean;
  /** signs the link to one payment's page that a chat sends (no session on the phone's browser); null when unkeyed */
  links: PaymentLinks;
}

export interface PaymentLinks {
  sign(paymentId: number, now: number): Promise<string | null>;
  verify(paymentId: number, token: string, now: number): Promise<boolean>;
}
