import type { BotDeps } from "./deps";
import { DAY_MS, RETENTION } from "../domain/retention/rules";

/**
 * The updates a bot chat has handled (Telegram update_id, Twilio MessageSid) are kept in that chat's own store
 * (the Worker's TtlKeys object `chat:<channel>:<id>`, ADR 054), for RETENTION.processedUpdatesDays; its alarm forgets
 * them after. A retried delivery always comes from the same chat, so it reaches the same store, which answers one
 * call at a time.
 */

/** Claims an update id in its chat: true the first time only, even when two deliveries of it arrive at once. */
export async function claimUpdate(deps: Pick<BotDeps, "chatKeys">, chat: string, key: string): Promise<boolean> {
  return deps.chatKeys(chat).claim(key, Date.now(), RETENTION.processedUpdatesDays * DAY_MS);
}

/** Gives the claim back when handling failed, so the channel's retry is handled instead of dropped. */
export async function releaseUpdate(deps: Pick<BotDeps, "chatKeys">, chat: string, key: string): Promise<void> {
  await deps.chatKeys(chat).unclaim(key);
}
