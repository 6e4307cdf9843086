import type { Lang } from "../context";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { unlinkSessionChats, type RemovedChat } from "./channels";
import { randomToken, sha256Hex } from "./tokens";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccountView {
  id: number;
  name: string;
  phone: string;
  userType: "customer" | "provider";
  isPhoneVerified: boolean;
  isAdmin: boolean;
  /** the person's language on every door: the bell, WhatsApp, Telegram, codes (ADR 025) */
  language: Lang;
}

export const accountColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  userType: users.userType,
  isPhoneVerified: users.isPhoneVerified,
  isAdmin: users.isAdmin,
  language: users.language,
};

/** A new session (a new random id at every login); returns the token for the cookie. */
export async function createSession(ctx: Pick<ServiceContext, "db" | "now">, userId: number, userAgent?: string | null) {
  const token = randomToken(16);
  await ctx.db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 200) ?? null,
  });
  return token;
}

/** The account behind a cookie token, or null if the session is unknown, revoked or expired. */
export async function accountForToken(ctx: Pick<ServiceContext, "db" | "now">, token: string | null | undefined): Promise<AccountView | null> {
  if (!token || token.length > 64) return null;
  const id = await sha256Hex(token);
  const [row] = await ctx.db
    .select(accountColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, ctx.now())))
    .limit(1);
  return row ?? null;
}

/** Sign out: the session row goes, and so do the sockets opened under it. */
export async function revokeSession(ctx: Pick<ServiceContext, "db" | "ports">, token: string): Promise<void> {
  const id = await sha256Hex(token);
  const [gone] = await ctx.db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
  if (gone) await ctx.ports.notifier.closeSessionSockets(gone.userId, { only: id });
}

/**
 * Sign out everywhere else: every session of the user except the one given, and their sockets; and every chat
 * that was linked from a session, since whoever held one could have linked it (issue #26). Returns those chats,
 * for the page to say which were removed (the owner is also told in the bell and on the number).
 */
export async function revokeOtherSessions(ctx: Pick<ServiceContext, "db" | "ports">, userId: number, keepToken: string | null): Promise<RemovedChat[]> {
  const keep = keepToken ? await sha256Hex(keepToken) : null;
  const [, [me]] = await ctx.db.batch([
    ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep ?? ""))),
    ctx.db.select({ phone: users.phone, language: users.language }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const [removed] = await Promise.all([
    me ? unlinkSessionChats(ctx, userId, me.phone, me.language) : Promise.resolve([]),
    ctx.ports.notifier.closeSessionSockets(userId, { allExcept: keep }),
  ]);
  return removed;
}

/** The stored id of a cookie token's session (what a socket is tagged with). */
export const sessionIdOf = (token: string) => sha256Hex(token);
