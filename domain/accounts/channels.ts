import { and, eq, isNotNull } from "drizzle-orm";
import { channelLinks, users } from "../../db/schema";
import type { BotUser, Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { requireUser } from "./requireUser";
import { claimByChannel } from "./claim";
import { randomToken } from "./tokens";

export type Channel = "telegram" | "whatsapp";

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
 * sender's own contact): the number's verified holder, or a new passwordless customer account that becomes
 * its verified holder, releasing anyone who had registered the number without proving it (`claimByChannel`,
 * ADR 022). An unverified account is never handed "verified" by someone else's proof.
 */
export async function accountForProvenPhone(ctx: Pick<ServiceContext, "db" | "ports">, phone: string, name: string, lang: Lang): Promise<ChannelAccount> {
  const account = await claimByChannel(ctx, phone, { name, lang });
  if (!account) throw new ServiceError("CONFLICT", "errors.conflict");
  return account;
}

/**
 * A message arrived from a proven number (WhatsApp): its verified holder, or — when someone registered the
 * number without proving it — the prover becomes the owner now (the stranger's claim is released). A number
 * nobody registered makes no account until the person does something that needs one.
 */
export async function accountOnProvenMessage(ctx: Pick<ServiceContext, "db" | "ports">, phone: string, name: string, lang: Lang): Promise<ChannelAccount | null> {
  return claimByChannel(ctx, phone, { name, lang }, { createIfUnclaimed: false });
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
