import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";

/**
 * Before an account is deleted: its messages leave every room it wrote in (ADR 029). D1's conversation ids
 * say which rooms: a customer's conversations go entirely (their D1 rows go with the account), a provider's
 * lose that user's messages. Returns how many rooms were told.
 */
export async function eraseUserChats(ctx: Pick<ServiceContext, "db" | "ports">, userId: number): Promise<number> {
  const rows = await ctx.db.all<{ id: number; customer_id: number }>(sql`
    SELECT c.id, c.customer_id FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.customer_id = ${userId} OR p.user_id = ${userId}`);
  await Promise.all(rows.map((r) => ctx.ports.chatRooms.erase(r.id, userId, r.customer_id === userId)));
  return rows.length;
}
