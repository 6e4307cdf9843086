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
  lastMessage: { text: string | null; imageUrl: string | null; /** a voice note (issue #29) */ voice?: boolean; senderType: "user" | "provider"; mine: boolean } | null;
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

/**
 * The signed-in user's conversations, from D1's index row that each room keeps (ADR 029: a few seconds behind at most), on whichever side, newest first; only those with a message. */
export async function listConversations(ctx: Pick<ServiceContext, "db" | "actor">, limit = 100): Promise<ConversationSummary[]> {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.db.all<Row>(sql`
    SELECT c.id, c.customer_id, c.provider_id, p.user_id AS provider_user_id, p.name AS provider_name,
           p.profile_image AS provider_image, u.name AS customer_name, c.last_message_at,
           c.last_text, c.last_image, c.last_sender,
           CASE WHEN c.customer_id = ${userId} THEN c.customer_unread ELSE c.provider_unread END AS unread
      FROM conversations c
      JOIN service_providers p ON p.id = c.provider_id
      JOIN users u ON u.id = c.customer_id
     WHERE (c.customer_id = ${userId} OR p.user_id = ${userId}) AND c.last_message_at IS NOT NULL
     ORDER BY c.last_message_at DESC, c.id DESC
     LIMIT ${limit}`);
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
        ? { text: r.last_text, imageUrl: r.last_image && !isSiteVoiceUrl(r.last_image) ? r.last_image : null, voice: Boolean(r.last_image && isSiteVoiceUrl(r.last_image)), senderType: r.last_sender, mine: (r.last_sender === "user") === (role === "customer") }
        : null,
      lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
      unread: r.unread,
    };
  });
}

/** How many of my conversations have unread messages (for a badge). */
export const unreadConversations = (list: ConversationSummary[]) => list.filter((c) => c.unread > 0).length;
