import { and, eq } from "drizzle-orm";
import { conversations } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { asParticipant, participantQuery, requireParticipant } from "./access";
import { cursorSchema, providerIdSchema } from "./schemas";
import type { MessageView } from "./view";

export interface MessagePage {
  conversationId: number | null;
  /** oldest first */
  messages: MessageView[];
  /** more older messages exist (page with before=<first id>) */
  hasOlder: boolean;
  /** after= only: more newer messages exist (ask again with the last id) */
  hasNewer?: boolean;
}

/**
 * A participant's messages, oldest first, from the conversation's room (ids are its sequence numbers). `after` returns
 * exactly what came after that id (a reconnecting client's gap, up to a page); `before` pages backwards; neither
 * returns the newest page.
 */
export async function listMessages(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawId: unknown,
  rawCursor: unknown,
): Promise<MessagePage> {
  const p = await requireParticipant(ctx, rawId);
  return {
    conversationId: p.conversationId,
    ...(await ctx.ports.chatRooms.page(p, parseInput(cursorSchema, rawCursor))),
  };
}

/** The spec's GET /api/chat?providerId=: the signed-in customer's conversation with that listing. */
export async function listMyChatWith(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawProviderId: unknown,
  rawCursor: unknown = {},
): Promise<MessagePage> {
  const { userId } = requireUser(ctx.actor);
  const parsed = providerIdSchema.safeParse(rawProviderId);
  if (!parsed.success) throw new ServiceError("VALIDATION", "errors.invalidProviderId");
  const cursor = parseInput(cursorSchema, rawCursor);
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, userId), eq(conversations.providerId, parsed.data)))
    .limit(1);
  if (!row) return { conversationId: null, messages: [], hasOlder: false };
  const [conversation] = await participantQuery(ctx.db, row.id);
  return { conversationId: row.id, ...(await ctx.ports.chatRooms.page(asParticipant(conversation, userId), cursor)) };
}
