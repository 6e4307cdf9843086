import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./_shared";
import { serviceProviders } from "./providers";
import { users } from "./users";

/** One customer talking with one provider: nobody else can read it. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    customerLastReadId: integer("customer_last_read_id").notNull().default(0),
    /** read marks and the index below are sequence ids in the conversation's ChatRoom, written by the room (ADR 029) */
    providerLastReadId: integer("provider_last_read_id").notNull().default(0),
    lastSeq: integer("last_seq").notNull().default(0),
    lastText: text("last_text"),
    lastImage: text("last_image"),
    lastSender: text("last_sender", { enum: ["user", "provider"] }),
    customerUnread: integer("customer_unread").notNull().default(0),
    providerUnread: integer("provider_unread").notNull().default(0),
    /** the room's version of this row: a write lands only on an older one */
    indexVersion: integer("index_version").notNull().default(0),
    /** how many times the room wrote this row (D1 writes per message, for the chat bench) */
    indexWrites: integer("index_writes").notNull().default(0),
    /** when the room took this conversation's chat_messages rows (migration 0009) */
    movedAt: integer("moved_at", { mode: "timestamp_ms" }),
    /** the customer's first message and the provider's first reply after it, set once by the room (ADR 052) */
    firstAskedAt: integer("first_asked_at", { mode: "timestamp_ms" }),
    firstAnsweredAt: integer("first_answered_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_idx").on(t.customerId, t.providerId),
    index("conversations_provider_idx").on(t.providerId, t.lastMessageAt),
  ],
);

export const SENDER_TYPES = ["user", "provider"] as const;

/**
 * Read-only since migration 0009 (its rows moved into each conversation's ChatRoom); dropped once every room has them.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    senderType: text("sender_type", { enum: SENDER_TYPES }).notNull(),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message"),
    imageUrl: text("image_url"),
    /** client-chosen id so a resent message is stored once */
    clientId: text("client_id"),
    timestamp: integer("timestamp", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    uniqueIndex("chat_messages_client_idx").on(t.conversationId, t.clientId),
    // the send limit counts the sender's own messages of the last 10 s (ADR 021)
    index("chat_messages_sender_idx").on(t.senderUserId, t.timestamp),
  ],
);

/** A participant reported the conversation (once each): an admin may then read it, through its room (ADR 029). */
export const chatReports = sqliteTable(
  "chat_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_reports_once_idx").on(t.conversationId, t.reporterId)],
);

/**
 * A voice note stored in R2 (ADR 045): who recorded or sent it, and the conversation it went into (null until it is
 * sent; until then only its sender may play it). Its duration and waveform are read from the file once, when it is
 * stored.
 */
export const voiceNotes = sqliteTable(
  "voice_notes",
  {
    /** the R2 key: voice/<random>.ogg or voice/<random>.m4a */
    key: text("key").primaryKey(),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** JSON: 64 values 0–100 */
    peaks: text("peaks").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("voice_notes_conversation_idx").on(t.conversationId),
    index("voice_notes_uploader_idx").on(t.uploaderId),
  ],
);

/**
 * A photo stored for a chat or a booking draft that no message carries yet (migration 0020): the row goes when a
 * message sends it; one left a day is swept with its bytes (domain/retention/rules.ts), and an account's deletion takes
 * every one of its own.
 */
export const draftPhotos = sqliteTable(
  "draft_photos",
  {
    /** the R2 key: img/<random>.<ext> */
    key: text("key").primaryKey(),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("draft_photos_created_idx").on(t.createdAt), index("draft_photos_uploader_idx").on(t.uploaderId)],
);
