import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, updatedAt } from "./_shared";
import { cities } from "./places";
import { categories, serviceProviders } from "./providers";
import { users } from "./users";

// the form's choices live without drizzle, so a page that offers them ships no schema code (bookingChoices.ts)
import { TIME_SLOTS, URGENCY_LEVELS } from "./bookingChoices";
export { TIME_SLOTS, URGENCY_LEVELS };
export const BOOKING_STATUSES = ["pending", "accepted", "declined", "completed", "cancelled", "expired"] as const;

export const bookings = sqliteTable(
  "bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    serviceDescription: text("service_description").notNull(),
    /** YYYY-MM-DD in Baghdad time */
    preferredDate: text("preferred_date"),
    preferredTime: text("preferred_time", { enum: TIME_SLOTS }),
    customerLocation: text("customer_location").notNull(),
    customerPhone: text("customer_phone").notNull(),
    urgency: text("urgency", { enum: URGENCY_LEVELS }).notNull().default("normal"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    estimatedCost: integer("estimated_cost"),
    actualCost: integer("actual_cost"),
    notes: text("notes"),
    providerNotes: text("provider_notes"),
    /** a double tap, a retried webhook or a resubmitted form carries the same key */
    idempotencyKey: text("idempotency_key"),
    /** when the provider accepted or declined (response time, ADR 012) */
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
    /** the customer confirmed from a reminder */
    customerConfirmedAt: integer("customer_confirmed_at", { mode: "timestamp_ms" }),
    /** after the slot, one side said the other did not come: the side that did not come */
    noShow: text("no_show", { enum: ["customer", "provider"] }),
    noShowAt: integer("no_show_at", { mode: "timestamp_ms" }),
    /** the absent side's one answer to the claim, within 48 hours of it (ADR 056) */
    noShowAnswer: text("no_show_answer"),
    noShowAnswerAt: integer("no_show_answer_at", { mode: "timestamp_ms" }),
    /** when the provider said "on my way": the customer is told once (ADR 044) */
    onTheWayAt: integer("on_the_way_at", { mode: "timestamp_ms" }),
    /** while its alerts are unsent: the sending request's claim (0 = free to take); empty once told (ADR 084) */
    alertsDue: integer("alerts_due", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_provider_idx").on(t.providerId, t.status, t.createdAt),
    // pending bookings past their deadline are found by the expiry job; only pending ones are in it (ADR 069)
    index("bookings_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // also a customer's index: their list, last address, download and deletion read it by customer_id (ADR 069)
    uniqueIndex("bookings_idempotency_idx").on(t.customerId, t.idempotencyKey),
    index("bookings_no_show_idx")
      .on(t.noShow, t.providerId)
      .where(sql`${t.noShow} IS NOT NULL`),
    index("bookings_alerts_due_idx")
      .on(t.alertsDue)
      .where(sql`${t.alertsDue} IS NOT NULL`),
  ],
);

export const SCHEDULED_KINDS = ["reminderEvening", "reminderSoon", "reviewAsk", "reviewNudge"] as const;
/** due → claimed (the sweep) → sent (the one handler that won it), or void (the booking no longer wants it) */
export const SCHEDULED_STATUSES = ["due", "claimed", "sent", "void"] as const;

/**
 * What follows a booking in time (ADR 043): one row per message to one side about one booking, written by
 * bookingChanged (domain/bookings/lifecycle.ts) and claimed by the Cron Trigger's sweep when due.
 */
export const scheduledMessages = sqliteTable(
  "scheduled_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["customer", "provider"] }).notNull(),
    kind: text("kind", { enum: SCHEDULED_KINDS }).notNull(),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: SCHEDULED_STATUSES }).notNull().default("due"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("scheduled_messages_status_due_idx").on(t.status, t.dueAt),
    uniqueIndex("scheduled_messages_plan_idx").on(t.bookingId, t.kind, t.role, t.dueAt),
  ],
);

export const DAY_PROPOSAL_STATUSES = ["pending", "accepted", "declined", "superseded"] as const;

/**
 * Another day for a booking, proposed by one side and answered by the other (ADR 044). The rows are the booking's
 * history of proposals; `from_*` is the day it had when this one was made.
 */
export const bookingDayProposals = sqliteTable(
  "booking_day_proposals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    proposedBy: integer("proposed_by").references(() => users.id, { onDelete: "set null" }),
    side: text("side", { enum: ["customer", "provider"] }).notNull(),
    fromDate: text("from_date"),
    fromTime: text("from_time", { enum: TIME_SLOTS }),
    date: text("date").notNull(),
    time: text("time", { enum: TIME_SLOTS }).notNull(),
    status: text("status", { enum: DAY_PROPOSAL_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
  },
  // a booking's proposals in order: its history, its count and its waiting ones
  (t) => [index("booking_day_proposals_booking_idx").on(t.bookingId, t.id)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /**
     * no foreign key since migration 0032: a review outlives its
     * booking's D1 row, which the archive moves to R2 (ADR 062)
     */
    bookingId: integer("booking_id").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /**
     * the four parts and "would recommend": only what the person chose, else null (a star tapped is a review: ADR 078)
     */
    serviceQuality: integer("service_quality"),
    punctuality: integer("punctuality"),
    communication: integer("communication"),
    valueForMoney: integer("value_for_money"),
    wouldRecommend: bool("would_recommend"),
    /** the provider's one answer, shown under the review on the profile */
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_booking_idx").on(t.bookingId),
    index("reviews_provider_idx").on(t.providerId, t.createdAt),
  ],
);

export const REQUEST_STATUSES = ["open", "in_progress", "closed", "cancelled"] as const;

export const serviceRequests = sqliteTable(
  "service_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => categories.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    budget: integer("budget"),
    urgency: text("urgency", { enum: URGENCY_LEVELS }).notNull().default("normal"),
    preferredLocation: text("preferred_location"),
    /** the city as chosen from the list (English name) and its id: providers there (or within 50 km) see it */
    city: text("city"),
    cityId: integer("city_id").references(() => cities.id),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** JSON array of image URLs */
    attachments: text("attachments"),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("open"),
    proposalCount: integer("proposal_count").notNull().default(0),
    deadline: integer("deadline", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("service_requests_customer_idx").on(t.customerId, t.createdAt),
    index("service_requests_open_idx").on(t.status, t.categoryId, t.createdAt),
  ],
);

export const PROPOSAL_STATUSES = ["pending", "accepted", "rejected", "withdrawn"] as const;

export const providerProposals = sqliteTable(
  "provider_proposals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceRequestId: integer("service_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    proposalText: text("proposal_text").notNull(),
    quotedPrice: integer("quoted_price").notNull(),
    estimatedDuration: text("estimated_duration"),
    availabilityDate: text("availability_date"),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("pending"),
    /** the booking an accepted proposal became */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("provider_proposals_once_idx").on(t.serviceRequestId, t.providerId),
    index("provider_proposals_provider_idx").on(t.providerId, t.createdAt),
  ],
);

// notifications: each person's bell lives in their own Durable Object since migration 0021 (ADR 051); D1's rows were
// renamed `legacy_notifications` and are moved by domain/notifications/backfill.ts, which drops the table when empty.
