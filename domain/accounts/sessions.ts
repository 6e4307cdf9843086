import type { Lang } from "../context";
import { and, eq, gt, isNull, ne, notLike } from "drizzle-orm";
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

/**
 * A session cookie's value (ADR 054's amendment): `<userId>.<token>`, so the Worker knows whose object to ask. A
 * value of the old shape (the token alone) names a session D1 still holds from before the move: it is read there
 * until it expires (30 days at most), and no new one is made.
 */
export function parseSessionCookie(value: string | null | undefined): { userId: number | null; token: string } | null {
  if (!value || value.length > 80) return null;
  const dot = value.indexOf(".");
  if (dot < 0) return { userId: null, token: value };
  const userId = Number(value.slice(0, dot));
  const token = value.slice(dot + 1);
  if (!/^[1-9][0-9]{0,15}$/.test(value.slice(0, dot)) || !Number.isSafeInteger(userId) || !token) return null;
  return { userId, token };
}

/** A new session (a new random id at every login), kept in the person's own object; returns the cookie's value. */
export async function createSession(
  ctx: Pick<ServiceContext, "now" | "ports">,
  userId: number,
  userAgent?: string | null,
) {
  const token = randomToken(16);
  const now = ctx.now().getTime();
  await ctx.ports.sessions.add(userId, {
    id: await sha256Hex(token),
    expiresAt: now + SESSION_TTL_MS,
    userAgent: userAgent?.slice(0, 200) ?? null,
    createdAt: now,
  });
  return `${userId}.${token}`;
}

/**
 * The account behind a cookie, or null if the session is unknown, revoked or expired: the person's object is asked
 * about the session while D1 is asked for the account, at the same time, and it is the account only if both agree.
 */
export async function accountForToken(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  cookie: string | null | undefined,
): Promise<AccountView | null> {
  const parsed = parseSessionCookie(cookie);
  if (!parsed || parsed.token.length > 64) return null;
  const id = await sha256Hex(parsed.token);
  if (parsed.userId === null) return legacyAccountFor(ctx, id);
  const [live, [row]] = await Promise.all([
    ctx.ports.sessions.has(parsed.userId, id, ctx.now().getTime()),
    // an account deleted or released (its number taken by its proven owner) is nobody's, whatever its object still
    // holds: ending the sessions there is a second step after the D1 batch (ADR 054's amendment)
    ctx.db
      .select(accountColumns)
      .from(users)
      .where(and(eq(users.id, parsed.userId), isNull(users.deletedAt), notLike(users.phone, "released:%")))
      .limit(1),
  ]);
  return live && row ? row : null;
}

/** A session from before the move, still in D1 until it expires. */
async function legacyAccountFor(ctx: Pick<ServiceContext, "db" | "now">, id: string): Promise<AccountView | null> {
  const [row] = await ctx.db
    .select(accountColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, ctx.now())))
    .limit(1);
  return row ?? null;
}

/**
 * Sign out: the session ends in the person's object (or in D1,
 * one from before the move), with the sockets opened under it.
 */
export async function revokeSession(ctx: Pick<ServiceContext, "db" | "ports">, cookie: string): Promise<void> {
  const parsed = parseSessionCookie(cookie);
  if (!parsed) return;
  const id = await sha256Hex(parsed.token);
  if (parsed.userId !== null) {
    await ctx.ports.sessions.end(parsed.userId, { only: id });
    return;
  }
  const [gone] = await ctx.db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
  if (gone) await ctx.ports.sessions.end(gone.userId, { only: id });
}

/**
 * Sign out everywhere else: every session of the user except the one given, and their sockets; and every chat that was
 * linked from a session, since whoever held one could have linked it. Returns those chats, for the page to say which
 * were removed (the owner is also told in the bell and on the number).
 */
export async function revokeOtherSessions(
  ctx: Pick<ServiceContext, "db" | "ports">,
  userId: number,
  keepCookie: string | null,
): Promise<RemovedChat[]> {
  const parsed = parseSessionCookie(keepCookie);
  const keep = parsed ? await sha256Hex(parsed.token) : null;
  // D1 first (the sessions from before the move), then the person's
  // object; a failure fails the request, and ending twice is harmless
  const [, [me]] = await ctx.db.batch([
    ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep ?? ""))),
    ctx.db.select({ phone: users.phone, language: users.language }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const [removed] = await Promise.all([
    me ? unlinkSessionChats(ctx, userId, me.phone, me.language) : Promise.resolve([]),
    ctx.ports.sessions.end(userId, { allExcept: keep }),
  ]);
  return removed;
}

/** The stored id of a cookie's session (what a socket is tagged with). */
export const sessionIdOf = (cookie: string) => sha256Hex(parseSessionCookie(cookie)?.token ?? cookie);
