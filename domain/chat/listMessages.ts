import { and, desc, eq, gt, lt, asc } from "drizzle-orm";
import { chatMessages, conversations } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { requireParticipant } from "./access";
import { cursorSchema, HISTORY_PAGE, providerIdSchema } from "./schemas";
import { messageColumns, type MessageView } from "./view";

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
 * A participant's messages, oldest first. `after` returns exactly what came after that id (a reconnecting
 * client's gap, up to a page); `before` pages backwards; neither returns the newest page.
 */
export async function listMessages(ctx: Pick<ServiceContext, "db" | "actor">, rawId: unknown, rawCursor: unknown): Promise<MessagePage> {
  const p = await requireParticipant(ctx, rawId);
  return page(ctx, p.conversationId, parseInput(cursorSchema, rawCursor));
}

/** The spec's GET /api/chat?providerId=: the signed-in customer's conversation with that listing. */
export async function listMyChatWith(ctx: Pick<ServiceContext, "db" | "actor">, rawProviderId: unknown, rawCursor: unknown = {}): Promise<MessagePage> {
  const { userId } = requireUser(ctx.actor);
  const parsed = providerIdSchema.safeParse(rawProviderId);
  if (!parsed.success) throw new ServiceError("VALIDATION", "errors.invalidProviderId");
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, userId), eq(conversations.providerId, parsed.data)))
    .limit(1);
  if (!row) return { conversationId: null, messages: [], hasOlder: false };
  return page(ctx, row.id, parseInput(cursorSchema, rawCursor));
}

async function page(ctx: Pick<ServiceContext, "db">, conversationId: number, cursor: { before?: number; after?: number }): Promise<MessagePage> {
  const inConversation = eq(chatMessages.conversationId, conversationId);
  if (cursor.after !== undefined) {
    const rows = await ctx.db
      .select(messageColumns)
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, cursor.after)))
      .orderBy(asc(chatMessages.id))
      .limit(HISTORY_PAGE + 1);
    // a gap longer than a page: the client asks again with the last id it got
    return { conversationId, messages: rows.slice(0, HISTORY_PAGE), hasOlder: false, hasNewer: rows.length > HISTORY_PAGE };
  }
  const rows = await ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .where(cursor.before !== undefined ? and(inConversation, lt(chatMessages.id, cursor.before)) : inConversation)
    .orderBy(desc(chatMessages.id))
    .limit(HISTORY_PAGE + 1);
  return { conversationId, messages: rows.slice(0, HISTORY_PAGE).reverse(), hasOlder: rows.length > HISTORY_PAGE };
}
