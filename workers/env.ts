import type { ChatRoomRpc, TtlKeysRpc, UserSocketsRpc } from "./durable-objects/rpc";
import type { QueueJob } from "./queue/jobs";
import type { BotSettings } from "../bot/deps";

/**
 * The Worker's bindings, as declared in wrangler.toml. Typed from type-only modules (the objects' RPC
 * interfaces, the outbox's job, the bot's settings), never from the code that uses them: everything imports this file.
 */
export interface Env extends BotSettings {
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
  /** /contact's phone, WhatsApp (E.164) and e-mail */
  SUPPORT_PHONE: string;
  SUPPORT_WHATSAPP: string;
  SUPPORT_EMAIL: string;
  // secrets (.dev.vars locally, `wrangler secret put` in
  // production); the channels' own are in BotSettings (bot/deps.ts)
  /** seals verification codes in the outbox (AES-GCM key material; workers/queue/seal.ts) */
  OUTBOX_SEAL_KEY?: string;
  /** signs the payment page's link a chat sends (workers/paymentLinks.ts) */
  PAYMENT_LINK_KEY?: string;
  /** signs device cookies (workers/devices.ts) */
  DEVICE_COOKIE_KEY?: string;
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
