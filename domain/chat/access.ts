import { eq, sql } from "drizzle-orm";
import { conversations, serviceProviders, users } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { conversationIdSchema } from "./schemas";
import type { RoomParticipants } from "../ports";

export type ChatRole = "customer" | "provider";

export interface ParticipantView {
  conversationId: number;
  providerId: number;
  customerId: number;
  /** the user who owns the listing (null if the listing has no account) */
  providerUserId: number | null;
  lastMessageAt: Date | null;
  customerLastReadId: number;
  providerLastReadId: number;
  /** which side the asking user is on */
  role: ChatRole;
  userId: number;
  /** the other participant's user id, if there is one to tell */
  otherUserId: number | null;
  /** the other participant left Dalil (ADR 041): the conversation is read, never written into */
  otherLeft: boolean;
}

/** The conversation and its listing's owner: what decides who may take part (one query, batchable). */
export const participantQuery = (db: ServiceContext["db"], conversationId: number) =>
  db
    .select({
      conversationId: conversations.id,
      providerId: conversations.providerId,
      customerId: conversations.customerId,
      providerUserId: serviceProviders.userId,
      lastMessageAt: conversations.lastMessageAt,
      customerLastReadId: conversations.customerLastReadId,
      providerLastReadId: conversations.providerLastReadId,
      customerLeft: sql<number>`exists (select 1 from ${users} where ${users.id} = ${conversations.customerId}
          and ${users.deletedAt} is not null)`.mapWith(Number),
      providerLeft: sql<number>`exists (select 1 from ${users} where ${users.id} = ${serviceProviders.userId}
          and ${users.deletedAt} is not null)`.mapWith(Number),
    })
    .from(conversations)
    .innerJoin(serviceProviders, eq(serviceProviders.id, conversations.providerId))
    .where(eq(conversations.id, conversationId))
    .limit(1);

/** The row asParticipant reads: D1's (participantQuery) or a room's own (its flags set when a side left). */
type ConversationRow = Omit<Awaited<ReturnType<typeof participantQuery>>[number], "customerLeft" | "providerLeft"> & {
  customerLeft: number | boolean;
  providerLeft: number | boolean;
};

/**
 * The participant view of `row` for `userId`: the customer, or the user who owns the listing. NOT_FOUND
 * without a row; everyone else gets FORBIDDEN.
 */
export function asParticipant(row: ConversationRow | undefined, userId: number): ParticipantView {
  if (!row) throw new ServiceError("NOT_FOUND", "chat.errors.notFound");
  const { customerLeft, providerLeft, ...rest } = row;
  if (row.customerId === userId)
    return { ...rest, role: "customer", userId, otherUserId: row.providerUserId, otherLeft: Boolean(providerLeft) };
  if (row.providerUserId === userId)
    return { ...rest, role: "provider", userId, otherUserId: row.customerId, otherLeft: Boolean(customerLeft) };
  throw new ServiceError("FORBIDDEN", "chat.errors.notParticipant");
}

/**
 * The conversation, if the signed-in user is one of its two participants: the customer, or the user who
 * owns the listing. Everyone else gets FORBIDDEN (403), an anonymous caller UNAUTHENTICATED (401).
 */
export async function requireParticipant(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawId: unknown,
): Promise<ParticipantView> {
  const { userId } = requireUser(ctx.actor);
  const id = parseInput(conversationIdSchema, rawId);
  const [row] = await participantQuery(ctx.db, id);
  return asParticipant(row, userId);
}

/** A conversations row joined with its listing's owner (snake_case, as raw SQL reads it): what its room must know. */
export interface ConversationIndexRow {
  id: number;
  provider_id: number;
  customer_id: number;
  provider_user_id: number | null;
  customer_last_read_id: number;
  provider_last_read_id: number;
}

export const roomParticipantsOf = (r: ConversationIndexRow): RoomParticipants => ({
  conversationId: r.id,
  providerId: r.provider_id,
  customerId: r.customer_id,
  providerUserId: r.provider_user_id,
  customerLastReadId: r.customer_last_read_id,
  providerLastReadId: r.provider_last_read_id,
});
