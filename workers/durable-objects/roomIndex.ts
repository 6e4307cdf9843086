// What a room tells the rest of Dalil, written by its flush alarm (ADR 029, 065): each participant's entry in their
// own list of conversations (their UserSockets object), and in D1 only what is read across people.
import { refreshAnswersStatement } from "../../domain/reach/answers";
import type { Env } from "../env";
import { objectName } from "../objectNames";
import type { RoomRow, RoomStore } from "./roomStore";

/** D1's index row is written at most once a second per conversation; a failed write is retried this much later. */
export const INDEX_FLUSH_MS = 1_000;
/**
 * While both participants are in the room (each has a socket open on it), each reads every message as it comes
 * and nobody's unread count waits on the index: it is written at most every INDEX_FLUSH_LIVE_MS (the inbox of
 * another tab is then up to that far behind). Someone leaving, a read, or the bell flush at once.
 */
export const INDEX_FLUSH_LIVE_MS = 10_000;
/** A flush D1 or an object did not take is tried again this much later. */
export const FLUSH_RETRY_MS = 5_000;

/**
 * When the next flush is due, with none set yet. Both in the room: the first change after a quiet spell waits too,
 * so a busy stretch costs one write per 10 s (10 to 15 s, drawn per wait: rooms that got busy in the same second do
 * not all write D1 in the same second). Otherwise a second after the last flush.
 */
export function flushDue(room: RoomRow | null, bothInRoom: boolean, now: number): number {
  if (room && bothInRoom) return now + INDEX_FLUSH_LIVE_MS * (1 + Math.random() / 2);
  return Math.max(now, (room?.last_flush_at ?? 0) + INDEX_FLUSH_MS);
}

/**
 * Writes each participant's list entry from the room's state (ADR 065): the last message and that person's unread
 * count, into their own object (the customer's, and the listing owner's when the listing has an account), with
 * the room's version, so writes that cross never go back. D1 keeps only what is read across people: the first
 * question and first answer (ADR 052), written once each. A row made before ADR 065 has its old list columns
 * emptied by its first flush after it (`d1Slim`). `force`: the backfill writes the entries again whatever
 * `flushed_version` says (the objects keep the newer version, so nothing counts twice).
 */
export async function flushIndex(
  env: Env,
  storage: DurableObjectStorage,
  store: RoomStore,
  force = false,
): Promise<void> {
  const room = store.row();
  if (!room || (!force && room.version <= room.flushed_version)) return;
  const last = store.last();
  const { asked, answered } = store.firstQuestionAndAnswer();
  if (last) {
    const entry = {
      conversationId: room.conversation_id,
      providerId: room.provider_id,
      lastMessageAt: last.timestamp,
      lastText: last.message,
      // a voice note stands where a photo would: the inbox reads its address as "Voice message"
      lastImage: last.image_url ?? last.audio_url ?? null,
      lastSender: last.sender_type,
      version: room.version,
    };
    const person = (userId: number) => env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${userId}`)));
    // a side that left Dalil (ADR 041) has no list any more: its emptied object is not written again
    await Promise.all([
      room.customer_left
        ? null
        : person(room.customer_id).putChat({
            ...entry,
            role: "customer",
            unread: store.unread("provider", room.customer_last_read),
          }),
      room.provider_user_id && !room.provider_left
        ? person(room.provider_user_id).putChat({
            ...entry,
            role: "provider",
            unread: store.unread("user", room.provider_last_read),
          })
        : null,
    ]);
  }
  // D1 hears of the conversation only when its first question or first answer is new, or its row is still in the
  // shape from before ADR 065 (its list columns are emptied once)
  const recorded = (await storage.get<number>("d1Recorded")) ?? -1;
  const now = answered ? 2 : asked ? 1 : 0;
  if (now > recorded) {
    await env.DB.prepare(
      `UPDATE conversations
          SET first_asked_at = coalesce(first_asked_at, ?2), first_answered_at = coalesce(first_answered_at, ?3),
              last_message_at = NULL, last_seq = 0, last_text = NULL, last_image = NULL, last_sender = NULL,
              customer_last_read_id = 0, provider_last_read_id = 0, customer_unread = 0, provider_unread = 0,
              index_version = 0,
              index_writes = index_writes + 1
        WHERE id = ?1`,
    )
      .bind(room.conversation_id, asked?.timestamp ?? null, answered?.timestamp ?? null)
      .run();
    await storage.put("d1Recorded", now);
  }
  // the listing's row counts the chat's first answer once
  if (answered && !(await storage.get<boolean>("answerCounted"))) {
    await refreshAnswersStatement(env.DB, room.provider_id, new Date()).run();
    await storage.put("answerCounted", true);
  }
  store.write(
    "UPDATE room SET flushed_version = max(flushed_version, ?), last_flush_at = ? WHERE id = 1",
    room.version,
    Date.now(),
  );
}
