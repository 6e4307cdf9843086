import type { Db } from "../db/client";
import type { Ports } from "./ports";

export type Lang = "en" | "ar" | "ku";

/** Who is asking, and through which door. */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "user"; userId: number; userType: "customer" | "provider"; isAdmin: boolean }
  | { kind: "telegram"; chatId: string; userId: number | null; user?: BotUser }
  | { kind: "whatsapp"; phone: string; userId: number | null; user?: BotUser }
  | { kind: "system" };

/** The account a bot chat is linked to: the bot acts as this user (never with admin powers). */
export interface BotUser {
  userId: number;
  userType: "customer" | "provider";
}

export interface ServiceContext {
  db: Db;
  actor: Actor;
  now: () => Date;
  locale: Lang;
  ports: Ports;
}

export const ANONYMOUS: Actor = { kind: "anonymous" };
