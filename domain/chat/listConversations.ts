import { isSiteVoiceUrl } from "../uploads/storeVoice";
import { sql } from "drizzle-orm";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import type { ChatRole } from "./access";

export interface ConversationSummary {
  id: number;
  role: ChatRole;
  providerId: number;
  providerName: string;
  customerName: string;
  /** the other party's name, as the reader sees it */
  otherName: string;
  otherImage: string | null;
  lastMessage: {
    text: string | null;
    imageUrl: string | null;
    /** a voice note */ voice?: boolean;
    senderType: "user" | "provider";
    mine: boolean;
  } | null;
  lastMessageAt: Date | null;
  /** messages from the other side after my last-read id */
  unread: number;
}

interface Row {
  id: number;
  customer_id: number;
  provider_id: number;
  provider_user_id: number | null;
  provider_name: string;
  provider_image: string | null;
  customer_name: string;
  last_message_at: number | null;
  last_text: string | null;
  last_image: string | null;
  last_sender: "user" | "provider" | null;
  unread: number;
}

/** D1 binds at most 100 values a statement: the names of a list are read this many conversations at a time. */
const IDS_AT_ONCE = 90;

/**
 * The signed-in user's conversations, on whichever side, newest first; only those with a message. Each person's
 * list lives in their own object (ADR 065), written by each room at its flush (a few seconds behind at most); D1
 * gives the names, and says the person still takes part (a listing that changed hands is no longer its former
 * owner's). A conversation whose row is still in the shape from before ADR 065 (its list columns in D1, until its
 * room's next flush or the backfill) is read from D1 as before.
 */
export async function listConversations(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  limit = 100,
): Promise<ConversationSummary[]> {
  const { userId } = requireUser(ctx.actor);
  const [entries, legacy] = await Promise.all([
    ctx.ports.chatLists.list(userId, limit),
    ctx.db.all<Row>(sql`
      SELECT c.id, c.customer_id, c.provider_id, p.user_id AS provider_user_id, p.name AS provider_name,
             p.profile_image AS provider_image, u.name AS customer_name, c.last_message_at,
             c.last_text, c.last_image, c.last_sender,
             CASE WHEN c.customer_id = ${userId} THEN c.customer_unread ELSE c.provider_unread END AS unread
        FROM conversations c
        JOIN service_providers p ON p.id = c.provider_id
        JOIN users u ON u.id = c.customer_id
       WHERE (c.customer_id = ${userId} OR p.user_id = ${userId}) AND c.last_message_at IS NOT NULL
       ORDER BY c.last_message_at DESC, c.id DESC
       LIMIT ${limit}`),
  ]);
  const mine = new Map(entries.map((e) => [e.conversationId, e] as const));
  const names = new Map<number, Row>();
  const ids = [...mine.keys()];
  for (let i = 0; i < ids.length; i += IDS_AT_ONCE) {
    const rows = await ctx.db.all<Row>(sql`
      SELECT c.id, c.customer_id, c.provider_id, p.user_id AS provider_user_id, p.name AS provider_name,
             p.profile_image AS provider_image, u.name AS customer_name
        FROM conversations c
        JOIN service_providers p ON p.id = c.provider_id
        JOIN users u ON u.id = c.customer_id
       WHERE c.id IN (${sql.join(
         ids.slice(i, i + IDS_AT_ONCE).map((id) => sql`${id}`),
         sql`, `,
       )})
         AND (c.customer_id = ${userId} OR p.user_id = ${userId})`);
    for (const r of rows) names.set(r.id, r);
  }
  const moved: Row[] = [];
  for (const [id, e] of mine) {
    const r = names.get(id);
    // the entry's side must still be the person's: the customer, or the listing's owner now
    if (!r || (e.role === "customer" ? r.customer_id !== userId : r.provider_user_id !== userId)) continue;
    moved.push({
      ...r,
      last_message_at: e.lastMessageAt,
      last_text: e.lastText,
      last_image: e.lastImage,
      last_sender: e.lastSender,
      unread: e.unread,
    });
  }
  const rows = [...moved, ...legacy.filter((r) => !mine.has(r.id))]
    .sort((a, b) => (b.last_message_at ?? 0) - (a.last_message_at ?? 0) || b.id - a.id)
    .slice(0, limit);
  return rows.map((r) => {
    const role: ChatRole = r.customer_id === userId ? "customer" : "provider";
    return {
      id: r.id,
      role,
      providerId: r.provider_id,
      providerName: r.provider_name,
      customerName: r.customer_name,
      otherName: role === "customer" ? r.provider_name : r.customer_name,
      otherImage: role === "customer" ? r.provider_image : null,
      lastMessage: r.last_sender
        ? {
            text: r.last_text,
            imageUrl: r.last_image && !isSiteVoiceUrl(r.last_image) ? r.last_image : null,
            voice: Boolean(r.last_image && isSiteVoiceUrl(r.last_image)),
            senderType: r.last_sender,
            mine: (r.last_sender === "user") === (role === "customer"),
          }
        : null,
      lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
      unread: r.unread,
    };
  });
}

/** How many of my conversations have unread messages (for a badge). */
export const unreadConversations = (list: ConversationSummary[]) => list.filter((c) => c.unread > 0).length;
