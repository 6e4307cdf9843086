import type { ServiceContext } from "../context";

/**
 * Uploads nobody sent, and a leaver's uploads: a voice note whose conversation is still NULL and a chat or
 * booking-draft photo still in `draft_photos` are unsent. The rows are claimed first (a DELETE … RETURNING is atomic: a
 * note sent at the same moment is either attached before, and kept, or refused as not one's own), then their bytes
 * leave R2.
 */

type Ctx = Pick<ServiceContext, "db" | "ports">;

const keysOf = (rows: { key: string }[] | undefined) => (rows ?? []).map((r) => r.key);

async function dropBytes(ctx: Pick<ServiceContext, "ports">, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 20)
    await Promise.all(keys.slice(i, i + 20).map((k) => ctx.ports.images.delete(k)));
}

/** Every voice note (sent or not) and every unsent photo the person uploaded: rows and bytes. How many went. */
export async function removeUploadsOf(ctx: Ctx, userId: number): Promise<number> {
  const d1 = ctx.db.$client as D1Database;
  const [voice, photos] = await d1.batch<{ key: string }>([
    d1.prepare(`DELETE FROM voice_notes WHERE uploader_id = ?1 RETURNING key`).bind(userId),
    d1.prepare(`DELETE FROM draft_photos WHERE uploader_id = ?1 RETURNING key`).bind(userId),
  ]);
  const keys = [...keysOf(voice?.results), ...keysOf(photos?.results)];
  await dropBytes(ctx, keys);
  return keys.length;
}

/**
 * One bounded step of the retention sweep: up to `limit` unsent voice notes, then photos, older than the cutoff
 * (oldest first, through migration 0020's indexes), rows then bytes. How many went.
 */
export async function sweepUnsentUploads(ctx: Ctx, cutoff: number, limit: number): Promise<number> {
  const d1 = ctx.db.$client as D1Database;
  const voice = await d1
    .prepare(
      `DELETE FROM voice_notes WHERE key IN (SELECT key FROM voice_notes WHERE conversation_id IS NULL
        AND created_at < ?1 ORDER BY created_at LIMIT ?2)
         AND conversation_id IS NULL RETURNING key`,
    )
    .bind(cutoff, limit)
    .all<{ key: string }>();
  const left = limit - voice.results.length;
  const photos =
    left > 0
      ? await d1
          .prepare(
            `DELETE FROM draft_photos WHERE key IN (SELECT key FROM draft_photos WHERE created_at < ?1
              ORDER BY created_at LIMIT ?2) RETURNING key`,
          )
          .bind(cutoff, left)
          .all<{ key: string }>()
      : { results: [] as { key: string }[] };
  const keys = [...keysOf(voice.results), ...keysOf(photos.results)];
  await dropBytes(ctx, keys);
  return keys.length;
}
