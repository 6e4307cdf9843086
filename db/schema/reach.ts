import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./_shared";
import { bookings } from "./bookings";
import { serviceProviders } from "./providers";
import { conversations } from "./chat";

/**
 * A request told to a listing's own number (ADR 047): one row per message, holding the SHA-256 of the single-use token
 * its link carries. The token proves that whoever opens the link received the message at that number, for that booking
 * only; it is spent by the first answer and dies with the booking.
 */
export const listingRequests = sqliteTable(
  "listing_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    /** the listing's number in E.164, as it was when the message went */
    phone: text("phone").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** how it went: "sms", or "whatsapp" where the number opted in */
    channel: text("channel", { enum: ["sms", "whatsapp"] }).notNull(),
    /** what it told: a new booking, or a day the customer proposed */
    kind: text("kind", { enum: ["booking", "dayProposed"] }).notNull(),
    /** quiet hours: not sent before this (08:00 Baghdad) */
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listing_requests_token_idx").on(t.tokenHash),
    index("listing_requests_booking_idx").on(t.bookingId),
  ],
);

/** A number that said STOP («توقف», «ڕاگرتن») to Dalil: it is never messaged about a listing again (ADR 047). */
export const stoppedNumbers = sqliteTable("stopped_numbers", {
  phone: text("phone").primaryKey(),
  stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Who answers, and how fast (ADR 052): a listing's requests over the last 90 days that were answered or ended
 * unanswered, how many were answered, and the median minutes to the first answer. Rewritten by domain/reach/answers.ts
 * when one of its requests is answered or expires; read beside the cards and by ranking.
 */
export const listingAnswers = sqliteTable("listing_answers", {
  providerId: integer("provider_id")
    .primaryKey()
    .references(() => serviceProviders.id, { onDelete: "cascade" }),
  requests: integer("requests").notNull().default(0),
  answered: integer("answered").notNull().default(0),
  medianMinutes: integer("median_minutes"),
  /** for ranking: 2 answers (at least half of 3 or more), 1 not known yet, 0 mostly silent */
  answers: integer("answers").notNull().default(1),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A customer's first message to a listing not on Dalil yet, told to its number once (ADR 052): what became of it (the
 * chat says so to the customer), and the SHA-256 of the link's single-use token, with which the number replies once
 * without an account.
 */
export const listingChats = sqliteTable(
  "listing_chats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    phone: text("phone"),
    tokenHash: text("token_hash"),
    channel: text("channel", { enum: ["sms", "whatsapp"] }),
    outcome: text("outcome", { enum: ["sent", "held", "noMobile", "stopped", "limited", "outreach"] }).notNull(),
    /** the first message, clipped: what the page shows the number */
    excerpt: text("excerpt").notNull(),
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listing_chats_conversation_idx").on(t.conversationId),
    uniqueIndex("listing_chats_token_idx").on(t.tokenHash),
  ],
);
