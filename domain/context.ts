import type { Db } from "../db/client";
import type { Ports } from "./ports";

export type Lang = "en" | "ar" | "ku";

/** Who is asking, and through which door. */
export type Actor =
  | { kind: "anonymous" }
  /** `session`: the cookie that signed this request in, so a verb can end the person's other sessions and keep it */
  | { kind: "user"; userId: number; userType: "customer" | "provider"; isAdmin: boolean; session?: string }
  | { kind: "telegram"; chatId: string; userId: number | null; user?: BotUser }
  | { kind: "whatsapp"; phone: string; userId: number | null; user?: BotUser; provenPhone?: string }
  /** whoever opened a single-use link sent to a listing's number: proves that number, for that booking (ADR 047) */
  | { kind: "listing"; phone: string; bookingId: number }
  | { kind: "system" };

/**
 * Where a request comes from, for per-address limits. The web and API doors fill `ip` from
 * CF-Connecting-IP; a door without an address (a bot, a job) leaves it null and per-IP slots are skipped,
 * while per-phone and per-user limits still apply.
 */
export interface ClientIdentity {
  ip: string | null;
}

/** The account a bot chat is linked to: the bot acts as this user (never with admin powers). */
export interface BotUser {
  userId: number;
  userType: "customer" | "provider";
}

export interface ServiceContext {
  db: Db;
  actor: Actor;
  /** absent means "no address known", like `{ ip: null }` */
  client?: ClientIdentity;
  now: () => Date;
  locale: Lang;
  ports: Ports;
}

export const ANONYMOUS: Actor = { kind: "anonymous" };
