import { desc, inArray } from "drizzle-orm";
import { outbox } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";

export interface UndeliveredMessage {
  id: number;
  channel: string;
  recipient: string;
  status: "failed" | "dead";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Outbox rows that are failing or dead (Telegram/WhatsApp/log), newest first: for the admin to see and act on. */
export async function listUndeliveredMessages(
  ctx: Pick<ServiceContext, "db" | "actor">,
  limit = 100,
): Promise<UndeliveredMessage[]> {
  requireAdmin(ctx.actor);
  const rows = await ctx.db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(inArray(outbox.status, ["failed", "dead"]))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows as UndeliveredMessage[];
}
