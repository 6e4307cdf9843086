import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, updatedAt } from "./_shared";
import { cities } from "./places";
import { users } from "./users";

export const CATEGORY_COLORS = ["red", "blue", "cyan", "green", "purple", "pink", "gray"] as const;

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
  nameKu: text("name_ku").notNull(),
  icon: text("icon").notNull().default("Wrench"),
  color: text("color").notNull().default("gray"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const serviceProviders = sqliteTable(
  "service_providers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** the account that runs this listing; null for listings the admin added */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** the business name in the other script (Arabic/Kurdish script ↔ Latin), optional (ADR 013) */
    nameOther: text("name_other"),
    specialty: text("specialty").notNull(),
    specialtyAr: text("specialty_ar"),
    specialtyKu: text("specialty_ku"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    /** the city as chosen from the list (English name), kept as text like the spec */
    city: text("city").notNull(),
    cityId: integer("city_id").references(() => cities.id),
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp"),
    description: text("description"),
    isVerified: bool("is_verified").notNull().default(false),
    isAvailable: bool("is_available").notNull().default(true),
    profileImage: text("profile_image"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** provider opted in to booking alerts on WhatsApp (nobody is messaged first without it) */
    whatsappAlerts: bool("whatsapp_alerts").notNull().default(false),
    /**
     * Normalised text the search index reads (domain/search/searchText.ts `providerSearchText`):
     * every writer of a provider row sets it; SQL triggers copy it into providers_fts (ADR 006).
     */
    searchText: text("search_text"),
    /** the admin hid the listing (ADR 012): gone from search, profile and booking; its history stays */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** a business name the provider asked for; only the admin renames (ADR 012) */
    requestedName: text("requested_name"),
    nameRequestedAt: integer("name_requested_at", { mode: "timestamp_ms" }),
    /**
     * For ranking, kept on the row by SQL triggers (migration 0028, ADR 059): listing_answers.answers (2 answers, 1 not
     * known yet, 0 mostly silent; ADR 052), and on Dalil (owned by an account whose phone is proven). Never written by
     * code.
     */
    answers: integer("answers").notNull().default(1),
    onDalil: bool("on_dalil").notNull().default(false),
    /**
     * the provider's week as JSON: days off and hours per slot
     * (domain/providers/week.ts, ADR 044); null = every day, the usual hours
     */
    week: text("week"),
    /** paid up to this time (ADR 085): a month's subscription moves it; a lapse hides nothing */
    subscribedUntil: integer("subscribed_until", { mode: "timestamp_ms" }),
    /**
     * the deposit the provider asks at booking, whole dinars; null = none (ADR 085; off in production until allowed)
     */
    depositAmount: integer("deposit_amount"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("service_providers_user_idx")
      .on(t.userId)
      .where(sql`user_id is not null`),
    // a number writing to the bot finds the listings that carry it (ADR 047)
    index("service_providers_phone_idx").on(t.phone),
    // the subscription's reminders read the months ending soon (ADR 085)
    index("service_providers_subscribed_idx")
      .on(t.subscribedUntil)
      .where(sql`subscribed_until is not null`),
    // the plain list, whole or filtered by category and/or city, in its order: available, verified, rating, reviews
    // (ordered index walks: a page reads its own rows, and the capped count at most 300)
    index("service_providers_rank_idx").on(t.isAvailable, t.isVerified, t.rating, t.reviewCount),
    index("service_providers_category_rank_idx").on(t.categoryId, t.isAvailable, t.isVerified, t.rating, t.reviewCount),
    index("service_providers_city_rank_idx").on(t.cityId, t.isAvailable, t.isVerified, t.rating, t.reviewCount),
    index("service_providers_category_city_rank_idx").on(
      t.categoryId,
      t.cityId,
      t.isAvailable,
      t.isVerified,
      t.rating,
      t.reviewCount,
    ),
    // "near me": ~1 km grid cells (0.01°), so a small box reads only the rows in its cells
    // (domain/search/geo.ts gridCell uses the same expressions)
    index("service_providers_geo_cell_idx").on(
      sql`CAST((${t.latitude} + 90) * 100 AS INTEGER)`,
      sql`CAST((${t.longitude} + 180) * 100 AS INTEGER)`,
    ),
    // …and ~200 m cells (0.002°) for small boxes in dense places: a Baghdad cell of 0.01° holds thousands
    // (it carries the coordinates, so the box test runs on the index before any row is read)
    index("service_providers_geo_fine_idx").on(
      sql`CAST((${t.latitude} + 90) * 500 AS INTEGER)`,
      sql`CAST((${t.longitude} + 180) * 500 AS INTEGER)`,
      t.latitude,
      t.longitude,
    ),
  ],
);

/**
 * A listing's description and address in another language than its owner wrote them in (ADR 060): shown to a reader
 * of that language while `ofText` is still what the listing's own column says; otherwise the owner's words are.
 */
export const LISTING_TEXT_FIELDS = ["description", "location"] as const;
export const listingTexts = sqliteTable(
  "listing_texts",
  {
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    field: text("field", { enum: LISTING_TEXT_FIELDS }).notNull(),
    lang: text("lang", { enum: ["en", "ar", "ku"] }).notNull(),
    text: text("text").notNull(),
    /** the owner's words this text says again */
    ofText: text("of_text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.field, t.lang] })],
);

export const providerAnalytics = sqliteTable(
  "provider_analytics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    /** the day in Iraq time (UTC+3), YYYY-MM-DD */
    date: text("date").notNull(),
    profileViews: integer("profile_views").notNull().default(0),
    /** all contact clicks; the three below split them by kind */
    contactClicks: integer("contact_clicks").notNull().default(0),
    callClicks: integer("call_clicks").notNull().default(0),
    whatsappClicks: integer("whatsapp_clicks").notNull().default(0),
    chatStarts: integer("chat_starts").notNull().default(0),
    acceptedBookings: integer("accepted_bookings").notNull().default(0),
    bookingRequests: integer("booking_requests").notNull().default(0),
    completedServices: integer("completed_services").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    averageRating: real("average_rating"),
    /** minutes */
    responseTime: integer("response_time"),
  },
  (t) => [uniqueIndex("provider_analytics_day_idx").on(t.providerId, t.date)],
);

export const CERTIFICATION_STATUSES = ["pending", "verified", "rejected"] as const;

export const providerCertifications = sqliteTable(
  "provider_certifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => serviceProviders.id, { onDelete: "cascade" }),
    certificationType: text("certification_type").notNull(),
    certificateName: text("certificate_name").notNull(),
    issuingOrganization: text("issuing_organization"),
    issueDate: text("issue_date"),
    expiryDate: text("expiry_date"),
    verificationStatus: text("verification_status", { enum: CERTIFICATION_STATUSES }).notNull().default("pending"),
    documentUrl: text("document_url"),
    createdAt: createdAt(),
  },
  (t) => [index("provider_certifications_provider_idx").on(t.providerId)],
);

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;

export const providerApplications = sqliteTable(
  "provider_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    /** the business name in the other script, optional (ADR 013) */
    nameOther: text("name_other"),
    specialty: text("specialty").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    city: text("city").notNull(),
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp"),
    businessLicense: text("business_license"),
    profileImage: text("profile_image"),
    experience: text("experience"),
    description: text("description"),
    whatsappAlerts: bool("whatsapp_alerts").notNull().default(false),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    adminNotes: text("admin_notes"),
    reviewedBy: integer("reviewed_by").references(() => users.id),
    /** the listing an approval created or linked */
    providerId: integer("provider_id").references(() => serviceProviders.id, { onDelete: "set null" }),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("provider_applications_user_idx").on(t.userId, t.status),
    index("provider_applications_status_idx").on(t.status, t.submittedAt),
  ],
);
