import { runInDurableObject } from "cloudflare:test";
import { objectName } from "../workers/objectNames";
import { env } from "cloudflare:workers";
import type { StoredNotification } from "../domain/notifications/bound";
import type { UserSockets } from "../workers/durable-objects/UserSockets";

/** A person's object: their sockets, send count and bell (ADR 051). */
export const userObject = (userId: number) =>
  env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${userId}`)));

export type BellRow = StoredNotification & { legacy_id: number | null };

/** The rows of a person's bell as their object stores them (its SQLite storage), oldest first. */
export const bellRows = (userId: number): Promise<BellRow[]> =>
  runInDurableObject(userObject(userId), (object, state) =>
    (object as UserSockets).bell.exists()
      ? (state.storage.sql.exec<BellRow>("SELECT * FROM bell ORDER BY id").toArray() as BellRow[])
      : [],
  );

/** The newest row of a person's bell, or undefined. */
export const newestBell = async (userId: number) => (await bellRows(userId)).at(-1);

/** Every bell row of the people whose ids are given, with their user id. */
export async function bellRowsOf(userIds: number[]): Promise<(BellRow & { user_id: number })[]> {
  const out: (BellRow & { user_id: number })[] = [];
  for (const id of userIds) for (const r of await bellRows(id)) out.push({ ...r, user_id: id });
  return out;
}

/** A user's id by phone. */
export const userIdByPhone = async (phone: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE phone = ?").bind(phone).first<{ id: number }>())!.id;

/** Every bell row of every account in D1, with its user id (what a query over D1's notifications table read before). */
export async function allBellRows(): Promise<(BellRow & { user_id: number })[]> {
  const { results } = await env.DB.prepare("SELECT id FROM users ORDER BY id").all<{ id: number }>();
  return bellRowsOf(results.map((r) => r.id));
}
