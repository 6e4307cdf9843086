import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, updatedAt } from "./_shared";
import { users } from "./users";

export const CHANNELS = ["telegram", "whatsapp"] as const;

/** A Telegram chat or WhatsApp number, linked to an account once the phone is proven. */
export const channelLinks = sqliteTable(
  "channel_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    /** Telegram chat id, or WhatsApp number in E.164 */
    externalId: text("external_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    language: text("language").notNull().default("ar"),
    /** nobody is messaged first without opt-in */
    optedIn: bool("opted_in").notNull().default(false),
    /** WhatsApp allows free-form replies only within 24 h of this */
    lastInboundAt: integer("last_inbound_at", { mode: "timestamp_ms" }),
    /** one-time code behind a /start deep link from the web profile */
    linkCode: text("link_code"),
    /** JSON: where the user is in a bot dialogue */
    state: text("state"),
    /**
     * How the chat came to act as its account (ADR 022): "phone" when the chat is the number itself (a WhatsApp sender,
     * a Telegram share of the sender's own contact), "session" when a /start code made on a signed-in page linked it.
     * Chats linked from a session end with the sessions (sign out everywhere, a new password, a reset).
     */
    linkedVia: text("linked_via", { enum: ["phone", "session"] }),
    /** what the person sees of the chat ("Telegram · Ali (@ali)") on the profile and in notices */
    label: text("label"),
    /** the owner unlinked this WhatsApp chat: the number's messages act as nobody until they link it again */
    unlinked: bool("unlinked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("channel_links_external_idx").on(t.channel, t.externalId),
    index("channel_links_user_idx").on(t.userId),
    uniqueIndex("channel_links_code_idx").on(t.linkCode),
  ],
);

/** "skipped": the sender found the booking changed since the message was planned (ADR 043) */
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "dead", "skipped"] as const;

/** Every outbound WhatsApp/Telegram message is written here first, then queued: nothing is lost. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: [...CHANNELS, "code", "notice", "sms", "log"] as const }).notNull(),
    recipient: text("recipient").notNull(),
    /** JSON body in the channel's terms */
    payload: text("payload").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /**
     * when a delivery took the row (ADR 080): another delivery leaves it alone until the claim is too old to be alive
     */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt), uniqueIndex("outbox_dedupe_idx").on(t.dedupeKey)],
);
