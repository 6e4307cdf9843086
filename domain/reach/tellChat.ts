/**
 * A customer's first message to a listing not on Dalil yet reaches the listing's number, once per conversation (ADR
 * 052), under the same rules as a booking (ADR 047): WhatsApp where the number opted in, else one SMS; 3 a number a
 * Baghdad day, held 22:00–08:00, never after STOP. Its link (`/r/c/<token>`) lets the number reply once into the chat
 * without an account. The chat tells the customer what became of it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { channelLinks, conversations, listingChats, serviceProviders, users } from "../../db/schema";
import { randomToken, sha256Hex } from "../accounts/tokens";
import type { Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { clip } from "../text/clip";
import { withoutContacts } from "../text/withoutContacts";
import { firstName } from "../text/localParams";
import { isStopped, mobileOf, stopNumber } from "./numbers";
import { takeOutreach } from "./outreach";
import { quietUntil } from "./quietHours";
import { linkInLanguage, takeNumberSlot } from "./tellListing";
import { CHAT_SEND_LIMIT } from "../chat/limits";

export const CHAT_LINK_PATH = "/r/c/";
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** the link lives this long: a reply weeks later would surprise the customer */
export const CHAT_LINK_TTL_MS = 7 * 24 * 3_600_000;

/** `outreach`: the customer's first messages already reached the day's 5 numbers not on Dalil (ADR 075) */
export type ChatTold = "sent" | "held" | "noMobile" | "stopped" | "limited" | "outreach";

/**
 * Tells the number of `conversationId`'s listing about the customer's first message `text`, if the listing is not
 * on Dalil and nothing was told for this conversation yet. Never throws for a limit or a stop.
 */
export async function tellListingChat(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  conversationId: number,
  text: string,
): Promise<ChatTold | null> {
  const [row] = await ctx.db
    .select({
      providerId: conversations.providerId,
      customerId: conversations.customerId,
      phone: serviceProviders.phone,
      ownerId: serviceProviders.userId,
      told: listingChats.id,
    })
    .from(conversations)
    .innerJoin(serviceProviders, eq(serviceProviders.id, conversations.providerId))
    .leftJoin(listingChats, eq(listingChats.conversationId, conversations.id))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  // an owned listing hears through its account; a conversation is told once
  if (!row || row.ownerId != null || row.told != null) return null;
  const excerpt = clip(text, 200);
  const now = ctx.now();
  const phone = mobileOf(row.phone);
  let outcome: ChatTold = !phone ? "noMobile" : (await isStopped(ctx, phone)) ? "stopped" : "sent";
  const reach = outcome === "sent" ? await takeOutreach(ctx, row.customerId, phone!) : null;
  if (outcome === "sent" && !reach) outcome = "outreach";
  // counted on the day it is sent (ADR 076)
  const slot = outcome === "sent" ? await takeNumberSlot(ctx, phone!, now, quietUntil(now)) : null;
  if (outcome === "sent" && !slot) {
    outcome = "limited";
    await reach?.release();
  }
  const sendAt = outcome === "sent" ? quietUntil(now) : null;
  if (sendAt) outcome = "held";
  const reaches = outcome === "sent" || outcome === "held";
  const [link] = reaches
    ? await ctx.db
        .select({ optedIn: channelLinks.optedIn })
        .from(channelLinks)
        .where(
          and(
            eq(channelLinks.channel, "whatsapp"),
            eq(channelLinks.externalId, phone!),
            eq(channelLinks.optedIn, true),
          ),
        )
        .limit(1)
    : [];
  const channel = reaches ? (link ? "whatsapp" : "sms") : null;
  const token = reaches ? randomToken(24) : null;
  const inserted = await ctx.db
    .insert(listingChats)
    .values({
      conversationId,
      providerId: row.providerId,
      phone,
      tokenHash: token ? await sha256Hex(token) : null,
      channel,
      outcome,
      excerpt,
      sendAt,
    })
    .onConflictDoNothing()
    .returning({ id: listingChats.id });
  // two first messages at once: the other one told it
  if (!inserted.length) return null;
  if (!reaches) return outcome;
  const [customer] = await ctx.db
    .select({ name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, row.customerId))
    .limit(1);
  const lang: Lang = (customer?.language as Lang | undefined) ?? "ar";
  await ctx.ports.outbox.enqueue({
    channel: channel!,
    recipient: phone!,
    key: `reach.${channel}.chat`,
    // never the customer's words, nor a link or number hidden in a name: a customer wrote, and Dalil's link (ADR 075)
    params: { customer: firstName(withoutContacts(customer?.name ?? "")) || "…", dalil: "" },
    secret: { link: linkInLanguage(`${CHAT_LINK_PATH}${token}`, lang) },
    lang,
    // checked when it leaves (the listing claimed meanwhile answers
    // in its account), its slot given back if withdrawn (ADR 076)
    guard: { listingText: "chat", conversationId, ...(slot ? { slot: { key: slot.key, id: slot.id } } : {}) },
    dedupeKey: `listing:chat:${conversationId}`,
    ...(sendAt ? { notBefore: sendAt.getTime() } : {}),
  });
  return outcome;
}

/** What the chat tells the customer about a listing not on Dalil yet: null when nothing was (or needs to be) told. */
export async function chatTold(ctx: Pick<ServiceContext, "db">, conversationId: number): Promise<ChatTold | null> {
  const [row] = await ctx.db
    .select({ outcome: listingChats.outcome })
    .from(listingChats)
    .where(eq(listingChats.conversationId, conversationId))
    .limit(1);
  return row?.outcome ?? null;
}

async function chatLinkRow(ctx: Pick<ServiceContext, "db">, token: string) {
  if (typeof token !== "string" || !TOKEN.test(token)) throw new ServiceError("NOT_FOUND", "reach.errors.linkInvalid");
  const [row] = await ctx.db
    .select({
      id: listingChats.id,
      conversationId: listingChats.conversationId,
      providerId: listingChats.providerId,
      phone: listingChats.phone,
      excerpt: listingChats.excerpt,
      usedAt: listingChats.usedAt,
      createdAt: listingChats.createdAt,
      providerName: serviceProviders.name,
      providerPhone: serviceProviders.phone,
      providerUserId: serviceProviders.userId,
      customerId: conversations.customerId,
      customerName: users.name,
    })
    .from(listingChats)
    .innerJoin(conversations, eq(conversations.id, listingChats.conversationId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, listingChats.providerId))
    .leftJoin(users, eq(users.id, conversations.customerId))
    .where(eq(listingChats.tokenHash, await sha256Hex(token)))
    .limit(1);
  // a listing that changed its number, or that an account now owns, no longer answers to this link
  if (!row || !row.phone || mobileOf(row.providerPhone) !== row.phone || row.providerUserId != null)
    throw new ServiceError("NOT_FOUND", "reach.errors.linkInvalid");
  return row;
}

export interface ChatLinkView {
  state: "open" | "used" | "closed";
  providerName: string;
  customer: string;
  excerpt: string;
}

/** What the chat link's page shows (opening reads; it never spends the token). */
export async function openChatLink(ctx: Pick<ServiceContext, "db" | "now">, token: string): Promise<ChatLinkView> {
  const row = await chatLinkRow(ctx, token);
  const state =
    ctx.now().getTime() - row.createdAt.getTime() >= CHAT_LINK_TTL_MS ? "closed" : row.usedAt ? "used" : "open";
  return { state, providerName: row.providerName, customer: firstName(row.customerName ?? ""), excerpt: row.excerpt };
}

/**
 * The number replies once (or says STOP): the token is spent in one guarded UPDATE, then the reply goes into the
 * conversation as the listing's message (the room's sender is the listing, `-providerId`, as no account exists),
 * and the customer hears as from any provider. A reply the room refuses gives the token back.
 */
export async function answerChatLink(ctx: ServiceContext, token: string, raw: unknown): Promise<"replied" | "stop"> {
  const row = await chatLinkRow(ctx, token);
  const body = (raw ?? {}) as Record<string, unknown>;
  const action = body.action === "stop" ? "stop" : body.action === "reply" ? "reply" : null;
  const text = typeof body.message === "string" ? body.message.trim() : "";
  if (!action) throw new ServiceError("VALIDATION", "reach.errors.chatAction");
  if (action === "reply" && (!text || text.length > 2000))
    throw new ServiceError("VALIDATION", "reach.errors.chatReply", { message: "reach.errors.chatReply" });
  if (ctx.now().getTime() - row.createdAt.getTime() >= CHAT_LINK_TTL_MS)
    throw new ServiceError("CONFLICT", "reach.errors.linkClosed");
  const now = ctx.now();
  const spent = await ctx.db
    .update(listingChats)
    .set({ usedAt: now })
    .where(and(eq(listingChats.id, row.id), isNull(listingChats.usedAt)))
    .returning({ id: listingChats.id });
  if (!spent.length) throw new ServiceError("CONFLICT", "reach.errors.linkUsed");
  if (action === "stop") {
    await stopNumber(ctx, row.phone!);
    return "stop";
  }
  try {
    const [c] = await ctx.db
      .select({
        customerLastReadId: conversations.customerLastReadId,
        providerLastReadId: conversations.providerLastReadId,
      })
      .from(conversations)
      .where(eq(conversations.id, row.conversationId))
      .limit(1);
    const result = await ctx.ports.chatRooms.append(
      {
        conversationId: row.conversationId,
        providerId: row.providerId,
        customerId: row.customerId,
        providerUserId: null,
        customerLastReadId: c?.customerLastReadId ?? 0,
        providerLastReadId: c?.providerLastReadId ?? 0,
      },
      {
        senderUserId: -row.providerId,
        role: "provider",
        message: text,
        imageUrl: null,
        audio: null,
        clientId: `listing-chat-${row.id}`,
        now: now.getTime(),
        limit: CHAT_SEND_LIMIT,
      },
    );
    if (!result.ok) throw new ServiceError("RATE_LIMITED", "errors.rateLimited");
  } catch (err) {
    await ctx.db
      .update(listingChats)
      .set({ usedAt: null })
      .where(and(eq(listingChats.id, row.id), sql`${listingChats.usedAt} = ${now.getTime()}`));
    throw err;
  }
  return "replied";
}
