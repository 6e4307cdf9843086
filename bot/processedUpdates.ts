import { eq } from "drizzle-orm";
import { processedUpdates } from "../db/schema";
import type { Db } from "../db/client";

/** Claims an update id (Telegram update_id, Twilio MessageSid): true the first time only, even at once. */
export async function claimUpdate(db: Db, key: string): Promise<boolean> {
  const rows = await db.insert(processedUpdates).values({ key }).onConflictDoNothing().returning({ key: processedUpdates.key });
  return rows.length === 1;
}

/** Gives the claim back when handling failed, so the channel's retry is handled instead of dropped. */
export async function releaseUpdate(db: Db, key: string): Promise<void> {
  await db.delete(processedUpdates).where(eq(processedUpdates.key, key));
}
