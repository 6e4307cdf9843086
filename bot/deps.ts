import type { ServiceContext } from "../domain/context";

/**
 * What the bot needs, given by the Worker that builds it (`createBot` in bot/bot.ts, wired in workers/services.ts;
 * ADR 089): the bot imports nothing of the Worker, as grammY's templates build the bot from its dependencies.
 */

/**
 * The settings the bot reads: its channels' addresses, secrets
 * and approved templates. The Worker's bindings include them.
 */
export interface BotSettings {
  TELEGRAM_API_ROOT: string;
  TWILIO_API_BASE: string;
  TELEGRAM_BOT_TOKEN?: string;
  TELEGRAM_WEBHOOK_SECRET?: string;
  TELEGRAM_BOT_USERNAME?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** the WhatsApp sender, E.164 (e.g. +14155238886) */
  TWILIO_WHATSAPP_FROM?: string;
  /** the SMS sender (a Twilio number or alphanumeric sender ID): where a code goes when WhatsApp can't take it */
  TWILIO_SMS_FROM?: string;
  /** approved WhatsApp template (Content) SIDs, for messages outside the 24-hour window */
  TWILIO_TEMPLATE_CODE_AR?: string;
  TWILIO_TEMPLATE_CODE_EN?: string;
  TWILIO_TEMPLATE_BOOKING_AR?: string;
  TWILIO_TEMPLATE_BOOKING_EN?: string;
  TWILIO_TEMPLATE_CHAT_AR?: string;
  TWILIO_TEMPLATE_CHAT_EN?: string;
  TWILIO_TEMPLATE_UPDATE_AR?: string;
  /** Content API templates for choices (scripts/whatsapp-content.mjs): quick replies for 1–3, a list for 4–10 */
  TWILIO_CONTENT_QUICK_1?: string;
  TWILIO_CONTENT_QUICK_2?: string;
  TWILIO_CONTENT_QUICK_3?: string;
  TWILIO_CONTENT_LIST_4?: string;
  TWILIO_CONTENT_LIST_5?: string;
  TWILIO_CONTENT_LIST_6?: string;
  TWILIO_CONTENT_LIST_7?: string;
  TWILIO_CONTENT_LIST_8?: string;
  TWILIO_CONTENT_LIST_9?: string;
  TWILIO_CONTENT_LIST_10?: string;
  TWILIO_TEMPLATE_UPDATE_EN?: string;
  /** the reminders and the review's ask outside the 24-hour window (ADR 043) */
  TWILIO_TEMPLATE_REMINDER_CUSTOMER_AR?: string;
  TWILIO_TEMPLATE_REMINDER_CUSTOMER_EN?: string;
  TWILIO_TEMPLATE_REMINDER_PROVIDER_AR?: string;
  TWILIO_TEMPLATE_REMINDER_PROVIDER_EN?: string;
  TWILIO_TEMPLATE_REVIEW_AR?: string;
  TWILIO_TEMPLATE_REVIEW_EN?: string;
  /** the public https origin Twilio posts to (signatures cover the exact URL); defaults to the request's */
  PUBLIC_URL?: string;
}

/**
 * The settings and the two bindings the bot reads itself: D1 (a chat's state, its menus) and R2 (voice notes to send).
 */
export interface BotEnv extends BotSettings {
  DB: D1Database;
  IMAGES: R2Bucket;
}

/** The keys a bot chat has handled, kept for a while where they are counted (ADR 054). */
export interface ChatKeys {
  claim(key: string, now: number, ttlMs: number): Promise<boolean>;
  unclaim(key: string): Promise<void>;
}

export interface BotDeps {
  env: BotEnv;
  /** local development or tests: a send with no stand-in running is written to the log instead */
  development: boolean;
  /** the domain's context for one update: the db, the clock, the ports (the outbox among them) */
  services(): ServiceContext;
  /** the store of one bot chat's handled updates (`telegram:<chat id>`, `whatsapp:<phone>`, `sms:<phone>`) */
  chatKeys(chat: string): ChatKeys;
  /** a body read up to `limit` bytes, or null past it (ADR 024): what a channel's file download is read with */
  readAtMost(body: Pick<Request, "headers" | "body">, limit: number): Promise<Uint8Array<ArrayBuffer> | null>;
  /** a short-lived signed address of a voice note, for Twilio to fetch; null when Twilio is not configured */
  signedVoiceUrl(origin: string, file: string): Promise<string | null>;
}

/** What the outbox's senders need: no services, no webhooks. */
export type DelivererDeps = Pick<BotDeps, "env" | "development" | "signedVoiceUrl">;
