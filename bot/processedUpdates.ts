import type { Env } from "../workers/env";
import { ttlKeysObject } from "../workers/objectNames";
import { DAY_MS, RETENTION } from "../domain/retention/rules";

/**
 * The updates a bot chat has handled (Telegram update_id, Twilio MessageSid) are kept in that chat's own object
 * (TtlKeys `chat:<channel>:<id>`, ADR 054), for RETENTION.processedUpdatesDays; its alarm forgets them after. A
 * retried delivery always comes from the same chat, so it reaches the same object, which answers one call at a time.
 */
const chatObject = (env: Env, chat: string) => ttlKeysObject(env, `chat:${chat}`);

/** Claims an update id in its chat: true the first time only, even when two deliveries of it arrive at once. */
export async function claimUpdate(env: Env, chat: string, key: string): Promise<boolean> {
  return chatObject(env, chat).claim(key, Date.now(), RETENTION.processedUpdatesDays * DAY_MS);
}

/** Gives the claim back when handling failed, so the channel's retry is handled instead of dropped. */
export async function releaseUpdate(env: Env, chat: string, key: string): Promise<void> {
  await chatObject(env, chat).unclaim(key);
}
