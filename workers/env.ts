import type { OutboxJob } from "./queue/outbox";

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS: Fetcher;
  CHAT_ROOM: DurableObjectNamespace<import("./durable-objects/ChatRoom").ChatRoom>;
  USER_SOCKETS: DurableObjectNamespace<import("./durable-objects/UserSockets").UserSockets>;
  OUTBOX: Queue<OutboxJob>;
  AUTH_IP_LIMITER: RateLimit;
  APP_ENV: string;
  ADMIN_PHONES: string;
  TELEGRAM_API_ROOT: string;
  TWILIO_API_BASE: string;
  /** /contact's phone, WhatsApp (E.164) and e-mail */
  SUPPORT_PHONE: string;
  SUPPORT_WHATSAPP: string;
  SUPPORT_EMAIL: string;
}

export type AppBindings = {
  Bindings: Env;
  Variables: {
    lang: import("../web/i18n/config").Lang;
    actor: import("../domain/context").Actor;
    account: import("../domain/accounts/sessions").AccountView | null;
    sessionToken: string | null;
    /** per-response nonce for the inline scripts Remix renders (CSP) */
    cspNonce: string;
  };
};
