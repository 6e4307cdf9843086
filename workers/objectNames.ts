import type { Env } from "./env";

/**
 * The name a Durable Object is found by: `user:<id>` (UserSockets), `conversation:<id>` (ChatRoom),
 * `limit:<key>` and `chat:<channel>:<id>` (TtlKeys, ADR 054).
 *
 * `generation` is empty in every deployment. The workerd suite runs all its modules in one isolate and starts
 * each on an emptied, reseeded D1 whose ids and test phones begin again; it moves to a new generation then, so
 * a module meets fresh objects, not the previous module's rooms, bells, limits and handled updates. (Opening
 * every object ever made to empty it took a second per hundred objects, per module: the suite stalled.)
 */
let generation = "";
/** The names used since the generation began (tests only: nothing is kept while `generation` is empty). */
const named = new Set<string>();

export function objectName(name: string) {
  if (!generation) return name;
  const full = `${generation}${name}`;
  named.add(full);
  return full;
}

/**
 * Tests only, as `generation`, for the TtlKeys objects alone (a test that wants its limits and handled updates new).
 */
let ttlGeneration = "";

/** The TtlKeys object that keeps the short-lived records under `name`. */
export const ttlKeysObject = (env: Pick<Env, "TTL_KEYS">, name: string) =>
  env.TTL_KEYS.get(env.TTL_KEYS.idFromName(objectName(`${ttlGeneration}${name}`)));

/** A person's object: their sockets, bell, sessions and list of conversations (ADR 051). */
export const userObject = (env: Pick<Env, "USER_SOCKETS">, userId: number) =>
  env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${userId}`)));

/** The object that counts one rate limit's key (ADR 054). */
export const limitObject = (env: Pick<Env, "TTL_KEYS">, key: string) => ttlKeysObject(env, `limit:${key}`);

/** Tests only: the objects named from now on are new ones. Returns the names the ending generation used. */
export function startObjectGeneration(label: string): string[] {
  const used = [...named];
  named.clear();
  generation = `${label}|`;
  return used;
}

/** Tests only: the names used since the generation began. */
export const namesInGeneration = () => [...named];

/** Tests only: the TtlKeys objects named from now on are new ones; rooms and people's objects stay. */
export function startTtlKeysGeneration(label: string) {
  ttlGeneration = `${label}|`;
}
