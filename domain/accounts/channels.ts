import { and, eq, isNotNull } from "drizzle-orm";
import { channelLinks, users } from "../../db/schema";
import type { BotUser, Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { requireUser } from "./requireUser";
import { randomToken } from "./tokens";

export type Channel = "telegram" | "whatsapp";

/** Marks the password of an account made from a chat: no password matches it until the user sets one. */
const NO_PASSWORD = "none$channel";

export interface ChannelAccount extends BotUser {
  language: Lang;
  phone: string;
  isPhoneVerified: boolean;
}

const accountColumns = { userId: users.id, userType: users.userType, language: users.language, phone: users.phone, isPhoneVerified: users.isPhoneVerified };

export async function channelAccountById(ctx: Pick<ServiceContext, "db">, userId: number): Promise<ChannelAccount | null> {
  const [row] = await ctx.db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * The account behind a phone the channel itself has proven (Twilio delivered from it; Telegram shared the
 * sender's own contact): found, or created as a customer with no password. Either way its phone is verified.
 */
export async function accountForProvenPhone(ctx: Pick<ServiceContext, "db">, phone: string, name: string, lang: Lang): Promise<ChannelAccount> {
  const [existing] = await ctx.db.select(accountColumns).from(users).where(eq(users.phone, phone)).limit(1);
  if (existing) {
    if (!existing.isPhoneVerified) await ctx.db.update(users).set({ isPhoneVerified: true }).where(eq(users.id, existing.userId));
    return { ...existing, isPhoneVerified: true };
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ phone, name: name.trim().slice(0, 80) || phone, passwordHash: NO_PASSWORD, language: lang, isPhoneVerified: true })
    .onConflictDoNothing()
    .returning(accountColumns);
  if (created) return created;
  // the same phone arrived twice at once: the other request made the account
  const [winner] = await ctx.db.select(accountColumns).from(users).where(eq(users.phone, phone)).limit(1);
  if (!winner) throw new ServiceError("CONFLICT", "errors.conflict");
  return winner;
}

export interface LinkedChannel {
  channel: Channel;
  /** a WhatsApp number, or "Telegram" (chat ids mean nothing to people) */
  label: string;
  linkedAt: Date;
}

/** The signed-in user's linked chats, for the profile page. */
export async function listMyChannels(ctx: Pick<ServiceContext, "db" | "actor">): Promise<LinkedChannel[]> {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.db
    .select({ channel: channelLinks.channel, externalId: channelLinks.externalId, updatedAt: channelLinks.updatedAt })
    .from(channelLinks)
    .where(and(eq(channelLinks.userId, userId), isNotNull(channelLinks.userId)));
  return rows
    .filter((r) => !r.externalId.startsWith(PENDING))
    .map((r) => ({ channel: r.channel, label: r.channel === "whatsapp" ? r.externalId : "Telegram", linkedAt: r.updatedAt }));
}

/** Unlinks a channel from the signed-in user's account: that chat can search, but no longer acts as them. */
export async function unlinkMyChannel(ctx: Pick<ServiceContext, "db" | "actor">, channel: string): Promise<void> {
  const { userId } = requireUser(ctx.actor);
  if (channel !== "telegram" && channel !== "whatsapp") throw new ServiceError("VALIDATION", "errors.validation");
  await ctx.db
    .update(channelLinks)
    .set({ userId: null, optedIn: false, state: null })
    .where(and(eq(channelLinks.userId, userId), eq(channelLinks.channel, channel)));
}

/** A pending link code waits in a row of its own until a Telegram chat claims it. */
const PENDING = "pending:";
export const LINK_CODE_TTL_MS = 30 * 60 * 1000;

/** A one-time code for `t.me/<bot>?start=<code>`: whoever opens it in Telegram links that chat to this account. */
export async function createTelegramLinkCode(ctx: Pick<ServiceContext, "db" | "actor" | "now">): Promise<{ code: string }> {
  const { userId } = requireUser(ctx.actor);
  const code = randomToken(12).replace(/[^A-Za-z0-9]/g, "").slice(0, 24);
  await ctx.db
    .insert(channelLinks)
    .values({ channel: "telegram", externalId: `${PENDING}${userId}`, userId, linkCode: code, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: [channelLinks.channel, channelLinks.externalId], set: { linkCode: code, updatedAt: ctx.now() } });
  return { code };
}

/** Claims a link code for a Telegram chat; the code is single use and expires. Returns the account or null. */
export async function claimTelegramLinkCode(ctx: Pick<ServiceContext, "db" | "now">, code: string): Promise<ChannelAccount | null> {
  if (!/^[A-Za-z0-9]{6,64}$/.test(code)) return null;
  const [pending] = await ctx.db
    .delete(channelLinks)
    .where(and(eq(channelLinks.linkCode, code), eq(channelLinks.channel, "telegram")))
    .returning({ userId: channelLinks.userId, externalId: channelLinks.externalId, updatedAt: channelLinks.updatedAt });
  if (!pending?.userId || !pending.externalId.startsWith(PENDING)) return null;
  if (ctx.now().getTime() - pending.updatedAt.getTime() > LINK_CODE_TTL_MS) return null;
  return channelAccountById(ctx, pending.userId);
}
