import { and, eq, like, ne } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { ServiceContext } from "../context";
import { requireParticipant } from "./access";
import { whatsappAlertPrefix } from "./messageAdded";

/**
 * The signed-in participant has read the conversation up to its newest message: its unread count goes to
 * zero, its bell notification is read, and a WhatsApp alert not yet delivered is withdrawn.
 */
export async function markConversationRead(ctx: ServiceContext, rawId: unknown): Promise<{ lastReadId: number }> {
  const p = await requireParticipant(ctx, rawId);
  // the room moves the read mark to its newest message and writes D1's index row now
  const lastReadId = await ctx.ports.chatRooms.markRead(p, p.role);
  // the bell is the reader's own object (ADR 051), which tells their other tabs when it read something
  await Promise.all([
    ctx.ports.bells.markRead(p.userId, { type: "chat", relatedId: p.conversationId }, { tellTabs: true }),
    ctx.db
      .delete(outbox)
      .where(
        and(ne(outbox.status, "sent"), like(outbox.dedupeKey, `${whatsappAlertPrefix(p.conversationId, p.userId)}%`)),
      ),
  ]);
  return { lastReadId };
}
