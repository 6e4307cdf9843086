/**
 * 20 messages per 10 s per user, across all their conversations. Sent with each message to its room, which counts it
 * in the sender's one UserSockets object, where all their sends are seen (ADR 037, 092).
 */
export const CHAT_SEND_LIMIT = { max: 20, windowMs: 10_000 } as const;
