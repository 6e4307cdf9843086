import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { roomParticipantsOf, type ConversationIndexRow } from "./access";
import { isSiteVoiceUrl, voiceKeyOf } from "../uploads/storeVoice";

/** Rooms told at once while erasing: an account with hundreds of conversations is done a few rooms at a time. */
const ROOMS_AT_ONCE = 6;

/**
 * When an account is deleted (ADR 041): its messages are emptied in place in every room it wrote in (the other
 * side reads "Message deleted" there), D1's legacy copies too, and the images they held leave R2. D1's
 * conversation ids say which rooms. Returns how many messages were erased.
 */
export async function eraseUserChats(ctx: Pick<ServiceContext, "db" | "ports">, userId: number): Promise<number> {
  const rows = await ctx.db.all<ConversationIndexRow>(sql`
    SELECT c.id, c.provider_id, c.customer_id, p.user_id AS provider_user_id, c.customer_last_read_id,
    c.provider_last_read_id
      FROM conversations c JOIN service_providers p ON p.id = c.provider_id
     WHERE c.customer_id = ${userId} OR p.user_id = ${userId}`);
  let erased = 0;
  const images: string[] = [];
  for (let i = 0; i < rows.length; i += ROOMS_AT_ONCE) {
    const done = await Promise.all(
      rows.slice(i, i + ROOMS_AT_ONCE).map((r) => ctx.ports.chatRooms.erase(roomParticipantsOf(r), userId)),
    );
    for (const d of done) {
      erased += d.erased;
      images.push(...d.images);
    }
  }
  // the read-only legacy table (migration 0009) keeps no copy either
  await ctx.db.run(sql`UPDATE chat_messages SET message = NULL, image_url = NULL WHERE sender_user_id = ${userId}`);
  await removeImages(ctx, images);
  return erased;
}

/** Our own uploads (`/images/<key>`, voice notes `/api/voice/<file>`) leave R2; anything else is not ours to remove. */
export async function removeImages(
  ctx: Pick<ServiceContext, "ports">,
  urls: (string | null | undefined)[],
): Promise<void> {
  const keys = [
    ...new Set(
      urls.flatMap((u) =>
        u && u.startsWith("/images/") ? [u.slice("/images/".length)] : u && isSiteVoiceUrl(u) ? [voiceKeyOf(u)] : [],
      ),
    ),
  ];
  for (let i = 0; i < keys.length; i += 20)
    await Promise.all(keys.slice(i, i + 20).map((k) => ctx.ports.images.delete(k)));
}
