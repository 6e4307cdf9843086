import { and, eq, isNotNull, like, sql } from "drizzle-orm";
import { channelLinks, stoppedNumbers, users } from "../../db/schema";
import { notify } from "../notifications/notifications";
import { isolate, isolateParams } from "../text/bidi";
import type { BotUser, Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { requireUser } from "./requireUser";
import { claimByChannel } from "./claim";
import { randomToken } from "./tokens";
import { oneLine } from "../text/oneLine";

export type Channel = "telegram" | "whatsapp";

export interface ChannelAccount extends BotUser {
  language: Lang;
  phone: string;
  isPhoneVerified: boolean;
}

const accountColumns = {
  userId: users.id,
  userType: users.userType,
  language: users.language,
  phone: users.phone,
  isPhoneVerified: users.isPhoneVerified,
};

export async function channelAccountById(
  ctx: Pick<ServiceContext, "db">,
  userId: number,
): Promise<ChannelAccount | null> {
  const [row] = await ctx.db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * The account behind a phone the channel itself has proven (Twilio delivered from it; Telegram shared the
 * sender's own contact): the number's verified holder, or a new passwordless customer account that becomes
 * its verified holder, releasing anyone who had registered the number without proving it (`claimByChannel`,
 * ADR 022). An unverified account is never handed "verified" by someone else's proof.
 */
export async function accountForProvenPhone(
  ctx: Pick<ServiceContext, "db" | "ports">,
  phone: string,
  name: string,
  lang: Lang,
): Promise<ChannelAccount> {
  const account = await claimByChannel(ctx, phone, { name, lang });
  if (!account) throw new ServiceError("CONFLICT", "errors.conflict");
  return account;
}

/**
 * A message arrived from a proven number (WhatsApp): its verified holder, or — when someone registered the
 * number without proving it — the prover becomes the owner now (the stranger's claim is released). A number
 * nobody registered makes no account until the person does something that needs one.
 */
export async function accountOnProvenMessage(
  ctx: Pick<ServiceContext, "db" | "ports">,
  phone: string,
  name: string,
  lang: Lang,
): Promise<ChannelAccount | null> {
  return claimByChannel(ctx, phone, { name, lang }, { createIfUnclaimed: false });
}

export interface LinkedChannel {
  channel: Channel;
  /** a WhatsApp number, or the Telegram chat's name ("Telegram · Ali (@ali)"); chat ids mean nothing to people */
  label: string;
  linkedAt: Date;
  /** the owner's own WhatsApp, unlinked by them: shown with "Link again" */
  unlinked?: boolean;
}

const labelOf = (r: { channel: Channel; externalId: string; label: string | null }) =>
  r.label ?? (r.channel === "whatsapp" ? r.externalId : "Telegram");

/** The signed-in user's linked chats, for the profile page, and their own WhatsApp if they unlinked it. */
export async function listMyChannels(ctx: Pick<ServiceContext, "db" | "actor">): Promise<LinkedChannel[]> {
  const { userId } = requireUser(ctx.actor);
  const cols = {
    channel: channelLinks.channel,
    externalId: channelLinks.externalId,
    label: channelLinks.label,
    updatedAt: channelLinks.updatedAt,
  };
  const [rows, [me]] = await Promise.all([
    ctx.db
      .select(cols)
      .from(channelLinks)
      .where(and(eq(channelLinks.userId, userId), isNotNull(channelLinks.userId))),
    ctx.db
      .select({ phone: users.phone, verified: users.isPhoneVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
  ]);
  const linked: LinkedChannel[] = rows
    .filter((r) => !r.externalId.startsWith(PENDING))
    .map((r) => ({ channel: r.channel, label: labelOf(r), linkedAt: r.updatedAt }));
  if (me?.verified && !linked.some((l) => l.channel === "whatsapp")) {
    const [own] = await ctx.db
      .select(cols)
      .from(channelLinks)
      .where(
        and(
          eq(channelLinks.channel, "whatsapp"),
          eq(channelLinks.externalId, me.phone),
          eq(channelLinks.unlinked, true),
        ),
      )
      .limit(1);
    if (own) linked.push({ channel: "whatsapp", label: labelOf(own), linkedAt: own.updatedAt, unlinked: true });
  }
  return linked;
}

/**
 * Unlinks a channel from the signed-in user's account: that chat can search, but no longer acts as them. An
 * unlinked WhatsApp stays unlinked although it is the number itself, until the person links it again on purpose
 * (a "link" reply in the chat, or "Link again" on the profile).
 */
export async function unlinkMyChannel(ctx: Pick<ServiceContext, "db" | "actor">, channel: string): Promise<void> {
  const { userId } = requireUser(ctx.actor);
  if (channel !== "telegram" && channel !== "whatsapp") throw new ServiceError("VALIDATION", "errors.validation");
  await ctx.db
    .update(channelLinks)
    .set({ userId: null, optedIn: false, state: null, linkedVia: null, unlinked: channel === "whatsapp" })
    .where(and(eq(channelLinks.userId, userId), eq(channelLinks.channel, channel)));
}

/** "Link again" on the profile: the account's own WhatsApp number, unlinked earlier, acts as them again. */
export async function relinkMyWhatsApp(ctx: Pick<ServiceContext, "db" | "actor">): Promise<void> {
  const { userId } = requireUser(ctx.actor);
  const [me] = await ctx.db
    .select({ phone: users.phone, verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!me?.verified) throw new ServiceError("FORBIDDEN", "errors.linkNeedsVerifiedPhone");
  await ctx.db
    .update(channelLinks)
    // linking is not consent over a STOP: only the number itself, writing to the bot, undoes it
    .set({
      userId,
      linkedVia: "phone",
      unlinked: false,
      optedIn: sql`not exists (select 1 from ${stoppedNumbers} where ${stoppedNumbers.phone} = ${me.phone})`,
    })
    .where(and(eq(channelLinks.channel, "whatsapp"), eq(channelLinks.externalId, me.phone)));
}

/** A chat the owner no longer controls, as the notices and the page name it. */
export interface RemovedChat {
  channel: Channel;
  label: string;
}

/**
 * Sign out everywhere, a new password and a reset end every chat that was linked from a session (a /start code made on
 * a signed-in page): whoever held a session then may have linked their own Telegram. A chat that is the number itself
 * (the owner's WhatsApp, a Telegram share of the owner's own contact) stays. The owner is told which, in the bell and
 * through WhatsApp (or SMS) to the number. Pending link codes go too.
 */
export async function unlinkSessionChats(
  ctx: Pick<ServiceContext, "db" | "ports">,
  userId: number,
  phone: string,
  lang: Lang,
): Promise<RemovedChat[]> {
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(channelLinks)
      .set({ userId: null, optedIn: false, state: null, linkedVia: null })
      .where(and(eq(channelLinks.userId, userId), eq(channelLinks.linkedVia, "session")))
      .returning({ channel: channelLinks.channel, externalId: channelLinks.externalId, label: channelLinks.label }),
    ctx.db
      .delete(channelLinks)
      .where(and(eq(channelLinks.userId, userId), like(channelLinks.externalId, `${PENDING}%`))),
  ]);
  const removed = rows.map((r) => ({ channel: r.channel, label: labelOf(r) }));
  if (removed.length)
    await tellTheOwner(ctx, { userId, phone, lang }, "notices.chatsUnlinked", {
      chats: removed.map((r) => isolate(r.label)).join(" · "),
    });
  return removed;
}

/**
 * An account notice (a chat linked, chats removed) in the bell and, through the linked chats that are the number
 * itself, or else WhatsApp/SMS to the number (outbox channel `notice`), to the person who holds the phone.
 */
async function tellTheOwner(
  ctx: Pick<ServiceContext, "db" | "ports">,
  to: { userId: number; phone: string; lang: Lang },
  key: string,
  params: Record<string, string>,
) {
  await notify(ctx, { userId: to.userId, type: "account", key, params });
  const [ownWhatsApp] = await ctx.db
    .select({ id: channelLinks.id })
    .from(channelLinks)
    .where(
      and(
        eq(channelLinks.channel, "whatsapp"),
        eq(channelLinks.externalId, to.phone),
        eq(channelLinks.userId, to.userId),
        eq(channelLinks.optedIn, true),
      ),
    )
    .limit(1);
  // the owner's own WhatsApp chat already had it from the bell's fan-out (notifyChannels)
  if (!ownWhatsApp)
    await ctx.ports.outbox.enqueue({
      channel: "notice",
      recipient: to.phone,
      key: `${key}.message`,
      params: isolateParams(params),
      lang: to.lang,
    });
}

/** A pending link code waits in a row of its own until a Telegram chat claims it. */
const PENDING = "pending:";
export const LINK_CODE_TTL_MS = 30 * 60 * 1000;

/**
 * A one-time code for `t.me/<bot>?start=<code>`: whoever opens it in Telegram links that chat to this account. Only an
 * account whose phone is proven can link a chat: otherwise a stranger who registered someone else's number could make
 * their own Telegram act for it.
 */
export async function createTelegramLinkCode(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
): Promise<{ code: string }> {
  const { userId } = requireUser(ctx.actor);
  const [me] = await ctx.db
    .select({ verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!me?.verified) throw new ServiceError("FORBIDDEN", "errors.linkNeedsVerifiedPhone");
  const code = randomToken(12)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 24);
  await ctx.db
    .insert(channelLinks)
    .values({ channel: "telegram", externalId: `${PENDING}${userId}`, userId, linkCode: code, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: [channelLinks.channel, channelLinks.externalId],
      set: { linkCode: code, updatedAt: ctx.now() },
    });
  return { code };
}

export type LinkCodeCheck = { ok: false; reason: "invalid" | "unproven" } | { ok: true; account: ChannelAccount };

/** What a link code would link to, without using it up (the bot asks before moving a chat). */
export async function peekTelegramLinkCode(
  ctx: Pick<ServiceContext, "db" | "now">,
  code: string,
): Promise<LinkCodeCheck> {
  if (!/^[A-Za-z0-9]{6,64}$/.test(code)) return { ok: false, reason: "invalid" };
  const [pending] = await ctx.db
    .select({ userId: channelLinks.userId, externalId: channelLinks.externalId, updatedAt: channelLinks.updatedAt })
    .from(channelLinks)
    .where(and(eq(channelLinks.linkCode, code), eq(channelLinks.channel, "telegram")))
    .limit(1);
  if (!pending?.userId || !pending.externalId.startsWith(PENDING)) return { ok: false, reason: "invalid" };
  if (ctx.now().getTime() - pending.updatedAt.getTime() > LINK_CODE_TTL_MS) return { ok: false, reason: "invalid" };
  const account = await channelAccountById(ctx, pending.userId);
  if (!account) return { ok: false, reason: "invalid" };
  // the phone may have been released since the code was made (someone else proved it)
  if (!account.isPhoneVerified) return { ok: false, reason: "unproven" };
  return { ok: true, account };
}

/**
 * Uses a link code for a Telegram chat (single use, 30 minutes): the chat acts as the account from now on, as a
 * chat linked from a session, and the number is told ("Telegram chat ‹name› was linked…; if this wasn't you,
 * sign out everywhere"). The caller has asked the person first when the chat belonged to another account.
 */
export async function claimTelegramLinkCode(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  code: string,
  chat: { externalId: string; label: string },
): Promise<LinkCodeCheck> {
  const check = await peekTelegramLinkCode(ctx, code);
  if (!check.ok) return check;
  const [used] = await ctx.db
    .delete(channelLinks)
    .where(and(eq(channelLinks.linkCode, code), eq(channelLinks.channel, "telegram")))
    .returning({ userId: channelLinks.userId });
  if (!used?.userId) return { ok: false, reason: "invalid" };
  const label = oneLine(chat.label).slice(0, 80) || "Telegram";
  await ctx.db
    .update(channelLinks)
    .set({ userId: used.userId, linkedVia: "session", label, unlinked: false })
    .where(and(eq(channelLinks.channel, "telegram"), eq(channelLinks.externalId, chat.externalId)));
  await tellTheOwner(
    ctx,
    { userId: check.account.userId, phone: check.account.phone, lang: check.account.language },
    "notices.chatLinked",
    { chat: label },
  );
  return check;
}
