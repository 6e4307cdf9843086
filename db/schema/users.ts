import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, updatedAt } from "./_shared";

export const USER_TYPES = ["customer", "provider"] as const;
export const LANGUAGES = ["en", "ar", "ku"] as const;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /**
     * E.164, e.g. +9647701234567. Unique among verified accounts only: a number registered but never
     * verified can be claimed by whoever verifies it first (ADR 009); a released account's phone is
     * rewritten to "released:<id>" so it can never sign in again.
     */
    phone: text("phone").notNull(),
    /** "argon2id$…" or "pbkdf2-sha256$iterations$salt$hash": names its algorithm so it can be upgraded */
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    userType: text("user_type", { enum: USER_TYPES }).notNull().default("customer"),
    isAdmin: bool("is_admin").notNull().default(false),
    isVerified: bool("is_verified").notNull().default(false),
    isPhoneVerified: bool("is_phone_verified").notNull().default(false),
    /** SHA-256 of the current 6-digit code, never the code itself */
    verificationCode: text("verification_code"),
    verificationExpiry: integer("verification_expiry", { mode: "timestamp_ms" }),
    verificationAttempts: integer("verification_attempts").notNull().default(0),
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    /** what a provider said at registration; prefills the provider application */
    jobTitle: text("job_title"),
    location: text("location"),
    /** the person left Dalil (ADR 041): the row stays for the other side's records, emptied of who they were */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_verified_phone_unique")
      .on(t.phone)
      .where(sql`is_phone_verified = 1`),
    index("users_phone_idx").on(t.phone),
    // the retention sweep clears codes past their expiry (ADR 041)
    index("users_code_expiry_idx")
      .on(t.verificationExpiry)
      .where(sql`verification_code IS NOT NULL`),
  ],
);

/** Who deleted which account, when and why (ADR 041): the person themself, or an admin with a reason. */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    deletedBy: integer("deleted_by"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("account_deletions_user_idx").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the cookie's random token: a leaked table cannot be replayed */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Password-reset codes (ADR 022): 15 characters (75 bits) sent to the number, stored only as a hash, an hour each;
 * several can be live at once (a stranger's reset only sends the owner another working code), and all of an account's
 * go when one is used or the password changes.
 */
export const resetCodes = sqliteTable(
  "reset_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reset_codes_hash_idx").on(t.codeHash), index("reset_codes_user_idx").on(t.userId)],
);
