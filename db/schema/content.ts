import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt } from "./_shared";

export const AD_POSITIONS = ["hero", "category", "sidebar", "footer"] as const;

export const sponsoredAds = sqliteTable(
  "sponsored_ads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    position: text("position", { enum: AD_POSITIONS }).notNull(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    titleKu: text("title_ku"),
    description: text("description"),
    descriptionAr: text("description_ar"),
    descriptionKu: text("description_ku"),
    imageUrl: text("image_url"),
    linkUrl: text("link_url").notNull(),
    sponsor: text("sponsor").notNull(),
    ctaText: text("cta_text"),
    ctaTextAr: text("cta_text_ar"),
    ctaTextKu: text("cta_text_ku"),
    isActive: bool("is_active").notNull().default(true),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** a place the provider bought (ADR 085): its listing and the payment that starts it */
    providerId: integer("provider_id"),
    paymentId: integer("payment_id"),
    createdAt: createdAt(),
  },
  (t) => [index("sponsored_ads_position_idx").on(t.position, t.isActive, t.sortOrder)],
);

export const CONTACT_TYPES = ["general", "technical", "provider", "partnership", "global"] as const;

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: CONTACT_TYPES }).notNull().default("general"),
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
