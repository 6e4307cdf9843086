import { and, eq, like, ne } from "drizzle-orm";
import { notifications, outbox } from "../../db/schema";
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
  const [cleared] = await ctx.db.batch([
    ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, p.userId), eq(notifications.type, "chat"), eq(notifications.relatedId, p.conversationId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id }),
    ctx.db.delete(outbox).where(and(ne(outbox.status, "sent"), like(outbox.dedupeKey, `${whatsappAlertPrefix(p.conversationId, p.userId)}%`))),
  ]);
  // the bell in the reader's other tabs refreshes its count
  if (cleared.length) await ctx.ports.notifier.notifyUser(p.userId, { type: "notification" }).catch((e) => console.error("bell refresh failed", e));
  return { lastReadId };
}
