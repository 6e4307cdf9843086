import type { Limit } from "../rateLimit";

/** 20 messages per 10 s per user, across all their conversations */
export const chatSendLimit = (userId: number): Limit => ({ key: `chat-send:${userId}`, max: 20, windowMs: 10_000 });
