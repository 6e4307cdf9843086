import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./_shared";
import { bookings } from "./bookings";
import { serviceProviders } from "./providers";
import { users } from "./users";

// the choices live without drizzle, so the admin's tab that offers them ships no schema code (paymentChoices.ts)
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "./paymentChoices";
export { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES };
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * The ledger (ADR 085): every dinar that moved or was agreed, whole dinars. `customerId` is the payer (the provider
 * for a subscription or a sponsored place). Fee and earnings are computed on the server from what was paid less what
 * was refunded; what happened is in `paymentEvents`, never overwritten.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull().default("booking"),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id),
    amount: integer("amount").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("cash"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** the gateway's payment id */
    transactionId: text("transaction_id"),
    platformFee: integer("platform_fee").notNull().default(0),
    providerEarnings: integer("provider_earnings").notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** what the purpose needs, as JSON: a sponsored place's position and days */
    details: text("details"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    /** a refund in flight: two refunds of one payment can't both call the gateway */
    refundClaimedAt: integer("refund_claimed_at", { mode: "timestamp_ms" }),
    /** a deposit its booking is done with: the job was done, or it was kept under the no-show rule (migration 0046) */
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one job payment per booking: a double submit records it once
    uniqueIndex("payments_booking_idx")
      .on(t.bookingId)
      .where(sql`purpose = 'booking'`),
    uniqueIndex("payments_gateway_idx")
      .on(t.paymentMethod, t.transactionId)
      .where(sql`transaction_id is not null`),
    index("payments_provider_idx").on(t.providerId, t.createdAt),
    index("payments_deposit_idx")
      .on(t.bookingId)
      .where(sql`purpose = 'deposit'`),
    // the deposits still waiting on their booking: the only ones the 5-minute sweep reads
    index("payments_live_deposit_idx")
      .on(t.bookingId)
      .where(sql`purpose = 'deposit' and payment_status = 'paid' and settled_at is null`),
    index("payments_open_idx")
      .on(t.createdAt)
      .where(sql`payment_status = 'pending'`),
    index("payments_status_idx").on(t.paymentMethod, t.paymentStatus, t.createdAt),
  ],
);

/** One thing that happened to a payment (or a callback that named none): a callback delivered ten times is one row. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    gateway: text("gateway"),
    /** created, started, paid, failed, expired, cancelled, refunded, kept, duplicate, rejected, mismatch, checked */
    kind: text("kind").notNull(),
    status: text("status"),
    amount: integer("amount"),
    /** gateway + payment + status for a gateway's word: the dedupe */
    eventKey: text("event_key"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_events_key_idx")
      .on(t.eventKey)
      .where(sql`event_key is not null`),
    index("payment_events_payment_idx").on(t.paymentId, t.id),
  ],
);

/**
 * What Dalil charges, whole dinars, set by the admin: `subscription`,
 * `free_first_month` (1 = on), `sponsored_<position>` a day.
 */
export const prices = sqliteTable("prices", {
  key: text("key").primaryKey(),
  amount: integer("amount").notNull(),
  updatedAt: updatedAt(),
});
