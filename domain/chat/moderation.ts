import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { chatReports } from "../../db/schema";
import { requireAdmin, requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { participantQuery, requireParticipant } from "./access";
import { conversationIdSchema } from "./schemas";
import type { MessageView } from "./view";

const reportSchema = z.object({
  reason: z.string().trim().min(3, "chat.errors.reportReason").max(500, "chat.errors.reportReason"),
});

/** A participant reports the conversation, with a reason (once; a second report updates the reason). */
export async function reportConversation(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawId: unknown,
  raw: unknown,
): Promise<{ reported: true }> {
  const p = await requireParticipant(ctx, rawId);
  const parsed = reportSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new ServiceError("VALIDATION", "chat.errors.reportReason", { reason: "chat.errors.reportReason" });
  const { reason } = parsed.data;
  await ctx.db
    .insert(chatReports)
    .values({ conversationId: p.conversationId, reporterId: p.userId, reason })
    .onConflictDoUpdate({ target: [chatReports.conversationId, chatReports.reporterId], set: { reason } });
  return { reported: true };
}

/** Admin: reported conversations, newest report first. */
export async function listChatReports(ctx: Pick<ServiceContext, "db" | "actor">) {
  requireAdmin(ctx.actor);
  return ctx.db
    .select({
      conversationId: chatReports.conversationId,
      reporterId: chatReports.reporterId,
      reason: chatReports.reason,
      createdAt: chatReports.createdAt,
    })
    .from(chatReports)
    .orderBy(desc(chatReports.createdAt))
    .limit(200);
}

/** Admin: the whole of a conversation a participant reported (404 for one nobody reported), read through its room. */
export async function readReportedConversation(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawId: unknown,
): Promise<{ conversationId: number; messages: MessageView[] }> {
  requireAdmin(ctx.actor);
  const id = parseInput(conversationIdSchema, rawId);
  const [[row], reports] = await ctx.db.batch([
    participantQuery(ctx.db, id),
    ctx.db.select({ id: chatReports.id }).from(chatReports).where(eq(chatReports.conversationId, id)).limit(1),
  ]);
  if (!row || !reports.length) throw new ServiceError("NOT_FOUND", "chat.errors.notFound");
  return { conversationId: id, messages: await ctx.ports.chatRooms.transcript(row) };
}

/** The signed-in user's own conversations, each in full, read through its room (a download of their data). */
export async function exportMyConversations(ctx: Pick<ServiceContext, "db" | "actor" | "ports">) {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.db.all<{ id: number }>(sql`
    SELECT c.id FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.customer_id = ${userId} OR p.user_id = ${userId} ORDER BY c.id`);
  const out: { conversationId: number; messages: MessageView[] }[] = [];
  for (const { id } of rows) {
    const [row] = await participantQuery(ctx.db, id);
    if (row) out.push({ conversationId: id, messages: await ctx.ports.chatRooms.transcript(row) });
  }
  return { exportedAt: new Date(), conversations: out };
}
