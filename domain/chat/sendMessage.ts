import { and, eq, gt, isNull } from "drizzle-orm";
import { conversations, serviceProviders, sessions } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { asParticipant, participantQuery, type ParticipantView } from "./access";
import { conversationIdSchema, messageInput, providerIdSchema } from "./schemas";
import type { MessageView } from "./view";
import { attachVoice } from "../uploads/storeVoice";
import { photoSent } from "../uploads/storeImage";
import { tellListingChat } from "../reach/tellChat";
import { CHAT_SEND_LIMIT } from "./limits";

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
 * The sender and its side come from the session, never from the body. The message is stored in the
 * conversation's room (ADR 029) and only then announced (socket broadcast, notification). A resent clientId
 * returns the stored message.
 *
 * D1 is only read here: one batch reads the conversation's participants and (for a socket) the session;
 * the room counts the send limit with the sender's UserSockets object and writes the message.
 */
export async function sendMessage(
  ctx: ServiceContext,
  target: SendTarget,
  raw: unknown,
  opts: SendOptions = {},
): Promise<{ message: MessageView; created: boolean }> {
  const actor = requireUser(ctx.actor);
  const input = parseMessage(raw);
  const conversationId =
    "conversationId" in target
      ? parseInput(conversationIdSchema, target.conversationId)
      : await openConversation(ctx, target.providerId);
  const now = ctx.now().getTime();
  const participant = await participantWithSession(ctx, actor.userId, conversationId, opts.sessionId, now);
  return appendAs(ctx, participant, input, now);
}

/**
 * The user as a participant of the conversation (FORBIDDEN otherwise) and, when a socket's session is named, that
 * session still alive (UNAUTHENTICATED otherwise), asked at the same time: the participant from D1, the session from
 * the person's object (ADR 054's amendment) or, one from before the move, from D1 in the same batch. A chat
 * socket's periodic check (ADR 036) is this same read.
 */
export async function participantWithSession(
  ctx: Pick<ServiceContext, "db" | "ports">,
  userId: number,
  conversationId: number,
  sessionId: string | undefined,
  now: number,
): Promise<ParticipantView> {
  const [[[row], legacy], live] = await Promise.all([
    ctx.db.batch([
      participantQuery(ctx.db, conversationId),
      ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.id, sessionId ?? ""), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))),
        )
        .limit(1),
    ]),
    sessionId ? ctx.ports.sessions.has(userId, sessionId, now) : Promise.resolve(false),
  ]);
  const participant = asParticipant(row, userId);
  if (sessionId && !live && !legacy.length) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  return participant;
}

/**
 * A message from a socket whose user, conversation and session the room checked moments ago (ADR 036): the same
 * input rules, clientId rule and send limit as sendMessage, without reading D1 again. `participant` is the
 * room's own view of its two participants for the socket's user (asParticipant: FORBIDDEN for anyone else).
 */
export async function sendOnCheckedSocket(
  ctx: ServiceContext,
  participant: ParticipantView,
  raw: unknown,
): Promise<{ message: MessageView; created: boolean }> {
  return appendAs(ctx, participant, parseMessage(raw), ctx.now().getTime());
}

async function appendAs(
  ctx: ServiceContext,
  participant: ParticipantView,
  input: ReturnType<typeof parseMessage>,
  now: number,
) {
  // the other side left Dalil (ADR 041): nobody reads here any more, so nothing is written into the void
  if (participant.otherLeft) throw new ServiceError("CONFLICT", "chat.errors.otherLeft");
  // every stored message has a clientId: the one the client chose (resends are harmless), or one made here
  const clientId = input.clientId ?? `s-${crypto.randomUUID()}`;
  // a voice note must be the sender's own, and joins this conversation (its listeners are now the participants)
  const audio = input.audioUrl
    ? {
        url: input.audioUrl,
        ...(await attachVoice(ctx, input.audioUrl, participant.userId, participant.conversationId)),
      }
    : null;
  const result = await ctx.ports.chatRooms.append(participant, {
    senderUserId: participant.userId,
    role: participant.role,
    message: input.message || null,
    imageUrl: input.imageUrl || null,
    audio,
    clientId,
    now,
    limit: CHAT_SEND_LIMIT,
  });
  if (!result.ok) throw new ServiceError("RATE_LIMITED", "errors.rateLimited");
  // a photo the sender stored for this chat is no longer an unsent upload (the retention sweep leaves it)
  if (input.imageUrl && result.created) await photoSent(ctx, input.imageUrl, participant.userId);
  // a listing not on Dalil yet hears of the first message at its own number (ADR 052); the chat says what happened
  if (result.created && participant.role === "customer" && participant.providerUserId === null) {
    await tellListingChat(ctx, participant.conversationId, input.message || "📷").catch((err) =>
      console.error("telling the listing's number failed", err),
    );
  }
  return { message: result.message, created: result.created };
}

/** Like parseInput, but the sentence is the chat's own (chat.errors.*). */
function parseMessage(raw: unknown) {
  const result = messageInput(raw);
  if (result.ok) return result.data;
  const { key, field } = result.issue;
  throw new ServiceError("VALIDATION", key, { [field]: key });
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
