/**
 * 20 messages per 10 s per user, across all their conversations. Counted from the sender's own stored
 * messages inside the send's INSERT (ADR 021), not with a rate-limit slot.
 */
export const CHAT_SEND_LIMIT = { max: 20, windowMs: 10_000 } as const;
