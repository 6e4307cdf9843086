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
    providerLastReadId: integer("provider_last_read_id").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_idx").on(t.customerId, t.providerId),
    index("conversations_provider_idx").on(t.providerId, t.lastMessageAt),
  ],
);

export const SENDER_TYPES = ["user", "provider"] as const;

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
