import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { roomParticipantsOf, type ConversationIndexRow } from "./access";

/** Conversations moved per Cron run. */
export const MOVE_LISTS_BATCH = 50;

/**
 * The backfill of ADR 065: conversations whose D1 row still carries the people's list (its last message, unread
 * counts, read marks: `last_message_at` is set) have their room write both people's entries into their own objects
 * and empty those columns, `MOVE_LISTS_BATCH` a run, oldest first. A room does it with the room's version, so an
 * entry already there (the room flushed since, or a run stopped halfway) is not written twice; a moved row no
 * longer matches, so a second run moves nothing. Returns how many conversations this run moved.
 */
export async function moveChatLists(
  ctx: Pick<ServiceContext, "db" | "ports">,
  opts: { batch?: number } = {},
): Promise<{ moved: number }> {
  const rows = await ctx.db.all<ConversationIndexRow>(sql`
    SELECT c.id, c.provider_id, c.customer_id, p.user_id AS provider_user_id, c.customer_last_read_id,
    c.provider_last_read_id
      FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.last_message_at IS NOT NULL
     ORDER BY c.id LIMIT ${opts.batch ?? MOVE_LISTS_BATCH}`);
  for (let i = 0; i < rows.length; i += 6)
    await Promise.all(rows.slice(i, i + 6).map((r) => ctx.ports.chatRooms.moveList(roomParticipantsOf(r))));
  return { moved: rows.length };
}

/**
 * The most conversations a claim moves into its new owner's list at once (the rest arrive with each room's next flush).
 */
export const CLAIM_MOVES = 200;

/**
 * A listing that just got an owner (a claim, ADR 052): its conversations so far enter the owner's own list, as D1's
 * join showed them before ADR 065. Each room learns its owner and writes both entries; an entry already there is
 * not written twice.
 */
export async function listChatsOfNewOwner(
  ctx: Pick<ServiceContext, "db" | "ports">,
  providerId: number,
): Promise<number> {
  const rows = await ctx.db.all<ConversationIndexRow>(sql`
    SELECT c.id, c.provider_id, c.customer_id, p.user_id AS provider_user_id, c.customer_last_read_id,
    c.provider_last_read_id
      FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.provider_id = ${providerId}
     ORDER BY c.id DESC LIMIT ${CLAIM_MOVES}`);
  for (let i = 0; i < rows.length; i += 6)
    await Promise.all(rows.slice(i, i + 6).map((r) => ctx.ports.chatRooms.moveList(roomParticipantsOf(r))));
  return rows.length;
}
