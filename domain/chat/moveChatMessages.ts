import { sql } from "drizzle-orm";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { roomParticipantsOf, type ConversationIndexRow } from "./access";

/**
 * Migration 0009's second half (ADR 029): moves the messages of D1's read-only chat_messages table into their
 * conversations' rooms, `batch` conversations a call. Idempotent and resumable: a room copies its rows in
 * once (by clientId, or `legacy-<id>`) and then sets the conversation's moved_at, so a call picks up where
 * the last stopped and a second full run moves nothing. Safe on a live database: chat_messages takes no new
 * rows, and a room woken by a user first copies its history in before anything else runs in it.
 */
export async function moveChatMessages(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  opts: { batch: number },
): Promise<{ conversations: number; messages: number }> {
  requireAdmin(ctx.actor);
  const rows = await ctx.db.all<ConversationIndexRow>(sql`
    SELECT c.id, c.provider_id, c.customer_id, p.user_id AS provider_user_id, c.customer_last_read_id,
    c.provider_last_read_id
      FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.moved_at IS NULL AND EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id)
     ORDER BY c.id LIMIT ${opts.batch}`);
  let messages = 0;
  for (const r of rows) {
    messages += await ctx.ports.chatRooms.migrate(roomParticipantsOf(r));
  }
  return { conversations: rows.length, messages };
}
