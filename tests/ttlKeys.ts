import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { startTtlKeysGeneration, ttlKeysObject } from "../workers/objectNames";

/**
 * Short-lived records in their objects (workers/durable-objects/TtlKeys.ts, ADR 054): a rate limit's slots
 * (`limit:<key>`) and a bot chat's handled updates (`chat:<channel>:<id>`).
 */
export const limitObject = (key: string) => ttlKeysObject(env, `limit:${key}`);
export const chatObject = (chat: string) => ttlKeysObject(env, `chat:${chat}`);

/** `n` slots of `key` taken at `now`, as `n` earlier attempts would have (each counts for `windowMs`). */
export async function takeSlots(key: string, n: number, now = Date.now(), windowMs = 60 * 60_000) {
  for (let i = 0; i < n; i++)
    if (!(await limitObject(key).take(key, now, n + 1_000, windowMs))) throw new Error(`slot ${i} of ${key} refused`);
}

/** How many slots of `key` count now. */
export const slotsOf = (key: string, now = Date.now()) => limitObject(key).count(key, now);

/** The rows an object holds in its storage (none once its alarm found nothing left). */
export const keptRows = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_o, state) =>
    state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'kept'").toArray().length
      ? (state.storage.sql
          .exec<{ key: string; until: number }>("SELECT key, until FROM kept ORDER BY id")
          .toArray() as { key: string; until: number }[])
      : [],
  );

let generations = 0;

/**
 * Every limit and bot chat starts empty again: their names lead to new objects from now on
 * (workers/objectNames.ts); the old ones' alarms forget what they hold. (A new module gets this and more from
 * tests/chat.ts's emptyRoomsAndSendCounts.)
 */
export function emptyTtlKeys() {
  startTtlKeysGeneration(`test${Date.now()}-${++generations}`);
}
