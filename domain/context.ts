import type { Db } from "../db/client";
import type { Ports } from "./ports";

export type Lang = "en" | "ar" | "ku";

/** Who is asking, and through which door. */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "user"; userId: number; userType: "customer" | "provider"; isAdmin: boolean }
  | { kind: "telegram"; chatId: string; userId: number | null }
  | { kind: "whatsapp"; phone: string; userId: number | null }
  | { kind: "system" };

export interface ServiceContext {
  db: Db;
  actor: Actor;
  now: () => Date;
  locale: Lang;
  ports: Ports;
}

export const ANONYMOUS: Actor = { kind: "anonymous" };
