import { and, eq, sql } from "drizzle-orm";
import { chatMessages, conversations, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { releaseOnError, takeSlot } from "../rateLimit";
import { requireParticipant, type ParticipantView } from "./access";
import { chatSendLimit } from "./limits";
import { messageAdded } from "./messageAdded";
import { messageInputSchema, providerIdSchema } from "./schemas";
import { messageColumns, type MessageView } from "./view";

export type SendTarget = { providerId: unknown } | { conversationId: unknown };

/**
 * Sends a message as the signed-in user. A customer may write to a listing by its provider id (the
 * conversation is made on the first message); either participant may write to a conversation by id.
 * The sender and its side come from the session, never from the body. The message is stored in D1 first;
 * only then is it announced (socket broadcast, notification). A resent clientId returns the stored message.
 */
export async function sendMessage(ctx: ServiceContext, target: SendTarget, raw: unknown): Promise<{ message: MessageView; created: boolean }> {
  const actor = requireUser(ctx.actor);
  const input = parseMessage(raw);

  const participant = "conversationId" in target ? await requireParticipant(ctx, target.conversationId) : await openConversation(ctx, target.providerId);

  if (input.clientId) {
    const existing = await messageByClientId(ctx, participant.conversationId, input.clientId);
    if (existing) return { message: existing, created: false };
  }

  // reserve the slot first: parallel sends cannot overshoot 20 per 10 s
  const slot = await takeSlot(ctx, chatSendLimit(actor.userId));
  const now = ctx.now();
  const lastRead = participant.role === "customer" ? conversations.customerLastReadId : conversations.providerLastReadId;
  const [inserted] = await releaseOnError(slot, () =>
    ctx.db.batch([
      ctx.db
        .insert(chatMessages)
        .values({
          conversationId: participant.conversationId,
          providerId: participant.providerId,
          senderType: participant.role === "customer" ? "user" : "provider",
          senderUserId: actor.userId,
          message: input.message || null,
          imageUrl: input.imageUrl || null,
          clientId: input.clientId ?? null,
          timestamp: now,
        })
        .onConflictDoNothing()
        .returning(messageColumns),
      // writing a message means having read the conversation up to it
      ctx.db
        .update(conversations)
        .set({
          lastMessageAt: now,
          [participant.role === "customer" ? "customerLastReadId" : "providerLastReadId"]: sql`max(${lastRead}, (SELECT max(id) FROM chat_messages WHERE conversation_id = ${participant.conversationId}))`,
        })
        .where(eq(conversations.id, participant.conversationId)),
    ]),
  );

  if (!inserted[0]) {
    // the same clientId arrived twice at once: the other request stored it
    await slot.release();
    const winner = input.clientId ? await messageByClientId(ctx, participant.conversationId, input.clientId) : undefined;
    if (!winner) throw new ServiceError("CONFLICT", "errors.conflict");
    return { message: winner, created: false };
  }

  const message = inserted[0];
  await messageAdded(ctx, participant, message);
  return { message, created: true };
}

/** Like parseInput, but the sentence is the chat's own (chat.errors.*). */
function parseMessage(raw: unknown) {
  const result = messageInputSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue?.message.startsWith("chat.errors.") ? issue.message : "errors.validation";
  throw new ServiceError("VALIDATION", key, { [issue?.path.join(".") || "message"]: key });
}

async function messageByClientId(ctx: Pick<ServiceContext, "db">, conversationId: number, clientId: string) {
  const [row] = await ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

/** The signed-in customer's conversation with a listing, made if it does not exist yet. */
async function openConversation(ctx: ServiceContext, rawProviderId: unknown): Promise<ParticipantView> {
  const { userId } = requireUser(ctx.actor);
  const parsed = providerIdSchema.safeParse(rawProviderId);
  if (!parsed.success) throw new ServiceError("VALIDATION", "errors.invalidProviderId");
  const [provider] = await ctx.db
    .select({ id: serviceProviders.id, userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, parsed.data))
    .limit(1);
  if (!provider) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  if (provider.userId === userId) throw new ServiceError("VALIDATION", "chat.errors.ownListing");
  const [, [row]] = await ctx.db.batch([
    ctx.db.insert(conversations).values({ customerId: userId, providerId: provider.id }).onConflictDoNothing(),
    ctx.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.customerId, userId), eq(conversations.providerId, provider.id)))
      .limit(1),
  ]);
  return {
    conversationId: row.id,
    providerId: provider.id,
    customerId: userId,
    providerUserId: provider.userId,
    lastMessageAt: row.lastMessageAt,
    customerLastReadId: row.customerLastReadId,
    providerLastReadId: row.providerLastReadId,
    role: "customer",
    userId,
    otherUserId: provider.userId,
  };
}
