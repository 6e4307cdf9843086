import { and, eq, gt, isNull } from "drizzle-orm";
import { conversations, serviceProviders, sessions } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { asParticipant } from "./access";
import { CHAT_SEND_LIMIT } from "./limits";
import { messageAdded } from "./messageAdded";
import { conversationIdSchema, messageInputSchema, providerIdSchema } from "./schemas";
import type { MessageView } from "./view";

export type SendTarget = { providerId: unknown } | { conversationId: unknown };

export interface SendOptions {
  /**
   * A socket that was opened with a session sends with that session's id (its SHA-256, as stored): the
   * message is stored only while the session is still valid, so signing out everywhere stops a socket
   * that is already open from writing.
   */
  sessionId?: string;
}

/**
 * Sends a message as the signed-in user. A customer may write to a listing by its provider id (the
 * conversation is made on the first message); either participant may write to a conversation by id.
 * The sender and its side come from the session, never from the body. The message is stored in D1 first;
 * only then is it announced (socket broadcast, notification). A resent clientId returns the stored message.
 *
 * Storing is ONE D1 round trip (ADR 021): a single INSERT … SELECT checks the participant, the session,
 * the rate limit (the sender's own messages in the last 10 s, so nothing else has to be counted or
 * released) and the clientId (a unique index), and the same batch moves the conversation's read mark and
 * reads back the stored message. Only when nothing was stored does a second read find out why.
 */
export async function sendMessage(ctx: ServiceContext, target: SendTarget, raw: unknown, opts: SendOptions = {}): Promise<{ message: MessageView; created: boolean }> {
  const actor = requireUser(ctx.actor);
  const input = parseMessage(raw);
  const conversationId =
    "conversationId" in target ? parseInput(conversationIdSchema, target.conversationId) : await openConversation(ctx, target.providerId);
  // every stored message has a clientId: the one the client chose (resends are harmless), or one made here
  const clientId = input.clientId ?? `s-${crypto.randomUUID()}`;
  const now = ctx.now().getTime();
  const me = actor.userId;
  const d1 = ctx.db.$client as D1Database;
  const session = opts.sessionId ? `AND EXISTS (SELECT 1 FROM sessions WHERE id = ?9 AND user_id = ?2 AND expires_at > ?8)` : "";
  // raw statements: drizzle's D1 batch takes neither an INSERT … SELECT with conditions nor raw SQL
  const [inserted, , stored, found] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO chat_messages (conversation_id, provider_id, sender_type, sender_user_id, message, image_url, client_id, timestamp)
         SELECT c.id, c.provider_id, CASE WHEN c.customer_id = ?2 THEN 'user' ELSE 'provider' END, ?2, ?3, ?4, ?5, ?8
           FROM conversations c JOIN service_providers p ON p.id = c.provider_id
          WHERE c.id = ?1 AND (c.customer_id = ?2 OR p.user_id = ?2)
            AND (SELECT count(*) FROM chat_messages WHERE sender_user_id = ?2 AND timestamp > ?6) < ?7
            ${session}
         ON CONFLICT DO NOTHING
         RETURNING id`,
      )
      .bind(conversationId, me, input.message || null, input.imageUrl || null, clientId, now - CHAT_SEND_LIMIT.windowMs, CHAT_SEND_LIMIT.max, now, ...(opts.sessionId ? [opts.sessionId] : [])),
    // writing a message means having read the conversation up to it (only if this request stored one)
    d1
      .prepare(
        `UPDATE conversations
            SET last_message_at = ?3,
                customer_last_read_id = CASE WHEN customer_id = ?2 THEN max(customer_last_read_id, (SELECT max(id) FROM chat_messages WHERE conversation_id = ?1)) ELSE customer_last_read_id END,
                provider_last_read_id = CASE WHEN customer_id = ?2 THEN provider_last_read_id ELSE max(provider_last_read_id, (SELECT max(id) FROM chat_messages WHERE conversation_id = ?1)) END
          WHERE id = ?1 AND EXISTS (SELECT 1 FROM chat_messages WHERE conversation_id = ?1 AND client_id = ?4 AND sender_user_id = ?2 AND timestamp = ?3)`,
      )
      .bind(conversationId, me, now, clientId),
    // the stored message for this clientId: the one just written, or the one an earlier send wrote
    d1.prepare(`SELECT ${MESSAGE_SQL} FROM chat_messages WHERE conversation_id = ?1 AND client_id = ?2`).bind(conversationId, clientId),
    d1.prepare(CONVERSATION_SQL).bind(conversationId),
  ]);

  const participant = asParticipant(conversationFrom(found.results[0] as ConversationSqlRow | undefined), me);
  const row = stored.results[0] as MessageSqlRow | undefined;
  const message = row && messageFrom(row);
  if (inserted.results[0] && message) {
    await messageAdded(ctx, participant, message);
    return { message, created: true };
  }
  // nothing stored: an earlier send with this clientId, an ended session, or the rate limit
  if (message && input.clientId) return { message, created: false };
  if (opts.sessionId && !(await sessionIsValid(ctx, opts.sessionId, me, now))) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  throw new ServiceError("RATE_LIMITED", "errors.rateLimited");
}

// the same columns as messageColumns and participantQuery, as raw D1 rows
const MESSAGE_SQL = "id, conversation_id, provider_id, sender_type, sender_user_id, message, image_url, client_id, timestamp";
type MessageSqlRow = {
  id: number;
  conversation_id: number;
  provider_id: number;
  sender_type: "user" | "provider";
  sender_user_id: number | null;
  message: string | null;
  image_url: string | null;
  client_id: string | null;
  timestamp: number;
};
const messageFrom = (r: MessageSqlRow): MessageView => ({
  id: r.id,
  conversationId: r.conversation_id,
  providerId: r.provider_id,
  senderType: r.sender_type,
  senderUserId: r.sender_user_id,
  message: r.message,
  imageUrl: r.image_url,
  clientId: r.client_id,
  timestamp: new Date(r.timestamp),
});

const CONVERSATION_SQL = `SELECT c.id, c.provider_id, c.customer_id, p.user_id AS provider_user_id, c.last_message_at, c.customer_last_read_id, c.provider_last_read_id
  FROM conversations c JOIN service_providers p ON p.id = c.provider_id WHERE c.id = ?1`;
type ConversationSqlRow = {
  id: number;
  provider_id: number;
  customer_id: number;
  provider_user_id: number | null;
  last_message_at: number | null;
  customer_last_read_id: number;
  provider_last_read_id: number;
};
const conversationFrom = (r: ConversationSqlRow | undefined) =>
  r && {
    conversationId: r.id,
    providerId: r.provider_id,
    customerId: r.customer_id,
    providerUserId: r.provider_user_id,
    lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
    customerLastReadId: r.customer_last_read_id,
    providerLastReadId: r.provider_last_read_id,
  };

async function sessionIsValid(ctx: ServiceContext, sessionId: string, userId: number, now: number) {
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return Boolean(row);
}

/** Like parseInput, but the sentence is the chat's own (chat.errors.*). */
function parseMessage(raw: unknown) {
  const result = messageInputSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue?.message.startsWith("chat.errors.") ? issue.message : "errors.validation";
  throw new ServiceError("VALIDATION", key, { [issue?.path.join(".") || "message"]: key });
}

/**
 * The signed-in customer's conversation with a listing (its id), made if it does not exist yet. A conversation
 * that exists stays open whatever happened since; a NEW one needs a listing that is listed (not hidden by the
 * admin: 404 as everywhere a hidden listing is asked for) and a customer who proved their phone (ADR 022:
 * an unproven account must not reach every provider).
 */
async function openConversation(ctx: ServiceContext, rawProviderId: unknown): Promise<number> {
  const { userId } = requireUser(ctx.actor);
  const parsed = providerIdSchema.safeParse(rawProviderId);
  if (!parsed.success) throw new ServiceError("VALIDATION", "errors.invalidProviderId");
  const [existing] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, userId), eq(conversations.providerId, parsed.data)))
    .limit(1);
  if (existing) return existing.id;
  const [provider] = await ctx.db
    .select({ id: serviceProviders.id, userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, parsed.data), isNull(serviceProviders.hiddenAt)))
    .limit(1);
  if (!provider) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  if (provider.userId === userId) throw new ServiceError("VALIDATION", "chat.errors.ownListing");
  await requireVerifiedPhone(ctx, userId);
  const [, [row]] = await ctx.db.batch([
    ctx.db.insert(conversations).values({ customerId: userId, providerId: provider.id }).onConflictDoNothing(),
    ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.customerId, userId), eq(conversations.providerId, provider.id)))
      .limit(1),
  ]);
  return row!.id;
}
