import { listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { TtlKeys } from "../workers/durable-objects/TtlKeys";

/**
 * Short-lived records in their objects (workers/durable-objects/TtlKeys.ts, ADR 054): a rate limit's slots
 * (`limit:<key>`) and a bot chat's handled updates (`chat:<channel>:<id>`).
 */
export const limitObject = (key: string) => env.TTL_KEYS.get(env.TTL_KEYS.idFromName(`limit:${key}`));
export const chatObject = (chat: string) => env.TTL_KEYS.get(env.TTL_KEYS.idFromName(`chat:${chat}`));

/** `n` slots of `key` taken at `now`, as `n` earlier attempts would have (each counts for `windowMs`). */
export async function takeSlots(key: string, n: number, now = Date.now(), windowMs = 60 * 60_000) {
  for (let i = 0; i < n; i++) if (!(await limitObject(key).take(key, now, n + 1_000, windowMs))) throw new Error(`slot ${i} of ${key} refused`);
}

/** How many slots of `key` count now. */
export const slotsOf = (key: string, now = Date.now()) => limitObject(key).count(key, now);

/** The rows an object holds in its storage (none once its alarm found nothing left). */
export const keptRows = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_o, state) =>
    state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'kept'").toArray().length
      ? (state.storage.sql.exec<{ key: string; until: number }>("SELECT key, until FROM kept ORDER BY id").toArray() as { key: string; until: number }[])
      : [],
  );

/** Every object's records go (D1 ids and test phones start again in each module, as the limits' keys do). */
export async function emptyTtlKeys() {
  for (const id of await listDurableObjectIds(env.TTL_KEYS)) {
    await runInDurableObject(env.TTL_KEYS.get(id), async (object, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
      (object as TtlKeys).ready = false;
    });
  }
}
