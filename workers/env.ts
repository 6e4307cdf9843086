import type { ChatRoomRpc, TtlKeysRpc, UserSocketsRpc } from "./durable-objects/rpc";
import type { QueueJob } from "./queue/jobs";

/**
 * The Worker's bindings, as declared in wrangler.toml. Typed from type-only modules (the objects' RPC
 * interfaces, the outbox's job), never from the code that uses them: everything imports this file.
 */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  /** closed bookings past 60 days (ADR 062): read only through domain/bookings/archive.ts, never served as files */
  ARCHIVE: R2Bucket;
  ASSETS: Fetcher;
  CHAT_ROOM: DurableObjectNamespace<ChatRoomRpc>;
  USER_SOCKETS: DurableObjectNamespace<UserSocketsRpc>;
  /** short-lived records where they are counted: a bot chat's handled updates, a rate limit's slots (ADR 054) */
  TTL_KEYS: DurableObjectNamespace<TtlKeysRpc>;
  OUTBOX: Queue<QueueJob>;
  AUTH_IP_LIMITER: RateLimit;
  APP_ENV: string;
  ADMIN_PHONES: string;
  TELEGRAM_API_ROOT: string;
  TWILIO_API_BASE: string;
  /** /contact's phone, WhatsApp (E.164) and e-mail */
  SUPPORT_PHONE: string;
  SUPPORT_WHATSAPP: string;
  SUPPORT_EMAIL: string;
  /** secrets (.dev.vars locally, `wrangler secret put` in production); absent means that channel is off */
  TELEGRAM_BOT_TOKEN?: string;
  TELEGRAM_WEBHOOK_SECRET?: string;
  TELEGRAM_BOT_USERNAME?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** the WhatsApp sender, E.164 (e.g. +14155238886) */
  TWILIO_WHATSAPP_FROM?: string;
  /** the SMS sender (a Twilio number or alphanumeric sender ID): where a code goes when WhatsApp can't take it */
  TWILIO_SMS_FROM?: string;
  /** seals verification codes in the outbox (AES-GCM key material; workers/queue/seal.ts) */
  OUTBOX_SEAL_KEY?: string;
  /** signs the payment page's link a chat sends (workers/paymentLinks.ts) */
  PAYMENT_LINK_KEY?: string;
  /** signs device cookies (workers/devices.ts) */
  DEVICE_COOKIE_KEY?: string;
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
  /** the reminders and the review's ask outside the 24-hour window (issue #28, ADR 043) */
  TWILIO_TEMPLATE_REMINDER_CUSTOMER_AR?: string;
  TWILIO_TEMPLATE_REMINDER_CUSTOMER_EN?: string;
  TWILIO_TEMPLATE_REMINDER_PROVIDER_AR?: string;
  TWILIO_TEMPLATE_REMINDER_PROVIDER_EN?: string;
  TWILIO_TEMPLATE_REVIEW_AR?: string;
  TWILIO_TEMPLATE_REVIEW_EN?: string;
  /** the public https origin Twilio posts to (signatures cover the exact URL); defaults to the request's */
  PUBLIC_URL?: string;
  /** the payment gateways' secrets (docs/deploying.md, ADR 079): a gateway whose secrets are absent is off */
  ZAINCASH_BASE_URL?: string;
  ZAINCASH_CLIENT_ID?: string;
  ZAINCASH_CLIENT_SECRET?: string;
  ZAINCASH_API_KEY?: string;
  QICARD_BASE_URL?: string;
  QICARD_USERNAME?: string;
  QICARD_PASSWORD?: string;
  QICARD_TERMINAL_ID?: string;
  QICARD_PUBLIC_KEY?: string;
  FIB_BASE_URL?: string;
  FIB_CLIENT_ID?: string;
  FIB_CLIENT_SECRET?: string;
  /** booking deposits (ADR 085): "on" lets providers ask one; absent in production until the Central Bank allows it */
  DEPOSITS?: string;
}

export type AppBindings = {
  Bindings: Env;
  Variables: {
    lang: import("../i18n/config").Lang;
    /** whether the request stated its language (?lng= or the language cookie), or fell back to the default */
    langStated: boolean;
    actor: import("../domain/context").Actor;
    account: import("../domain/accounts/sessions").AccountView | null;
    sessionToken: string | null;
    /** per-response nonce for the inline scripts Remix renders (CSP) */
    cspNonce: string;
  };
};
