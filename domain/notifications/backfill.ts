import type { ServiceContext } from "../context";
import type { NewBellItem } from "../ports";
import { BELL_BOUND, bellItemOf, type StoredNotification } from "./bound";

/** Where migration 0021 left D1's notifications (ADR 051) until they are moved into each person's object. */
export const LEGACY_TABLE = "legacy_notifications";

/**
 * People moved per run (one call to each one's object), and the most rows moved for one person: the bell's own bound.
 */
export const BACKFILL = { usersPerRun: 100, parallel: 10 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

type LegacyRow = StoredNotification & { user_id: number };

/**
 * Moves D1's notifications into their people's objects, `usersPerRun` people at a time (ADR 051). Each person's rows
 * within the bell's bound (read: 180 days, unread: 90, the newest 500) go to their object in one call, keyed by
 * their D1 id, then every row of theirs leaves D1. A run that stops between the two moves the same rows again next
 * time, and the object adds none of them twice. When no row is left, the table is dropped; after that a run costs
 * one read of sqlite_master.
 */
export async function moveLegacyNotifications(
  ctx: Pick<ServiceContext, "db" | "ports">,
  opts: { usersPerRun?: number } = {},
): Promise<{ people: number; moved: number; dropped: boolean } | { done: true }> {
  const d1 = ctx.db.$client as D1Database;
  const exists = await d1
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .bind(LEGACY_TABLE)
    .first();
  if (!exists) return { done: true };
  const people = (
    await d1
      .prepare(`SELECT DISTINCT user_id FROM ${LEGACY_TABLE} ORDER BY user_id LIMIT ?`)
      .bind(opts.usersPerRun ?? BACKFILL.usersPerRun)
      .all<{ user_id: number }>()
  ).results.map((r) => r.user_id);
  if (!people.length) {
    await d1.prepare(`DROP TABLE ${LEGACY_TABLE}`).run();
    return { people: 0, moved: 0, dropped: true };
  }
  const now = Date.now();
  const { results: rows } = await d1
    .prepare(
      `SELECT id, user_id, type, title, message, message_key, params, is_read, related_id, created_at FROM (
         SELECT *, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS n FROM ${LEGACY_TABLE}
          WHERE user_id IN (SELECT value FROM json_each(?1))
            AND ((is_read = 1 AND created_at >= ?2) OR (is_read = 0 AND created_at >= ?3)))
        WHERE n <= ?4 ORDER BY user_id, id`,
    )
    .bind(
      JSON.stringify(people),
      now - BELL_BOUND.readDays * DAY_MS,
      now - BELL_BOUND.unreadDays * DAY_MS,
      BELL_BOUND.kept,
    )
    .all<LegacyRow>();
  const byPerson = new Map<number, (NewBellItem & { legacyId: number; isRead: boolean })[]>(people.map((p) => [p, []]));
  for (const r of rows) {
    const { id: legacyId, ...item } = bellItemOf(r);
    byPerson.get(r.user_id)!.push({ legacyId, ...item });
  }
  let moved = 0;
  const queue = [...byPerson].filter(([, items]) => items.length);
  for (let i = 0; i < queue.length; i += BACKFILL.parallel) {
    const added = await Promise.all(
      queue.slice(i, i + BACKFILL.parallel).map(([userId, items]) => ctx.ports.bells.importLegacy(userId, items)),
    );
    moved += added.reduce((a, b) => a + b, 0);
  }
  // only once every object holds its rows: a failure above leaves them all here for the next run
  await d1
    .prepare(`DELETE FROM ${LEGACY_TABLE} WHERE user_id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(people))
    .run();
  return { people: people.length, moved, dropped: false };
}
