// The outbox's messages, as types only: the bindings (workers/env.ts) and the bot's deliverers read these
// without importing the outbox's code, which itself calls the deliverers.

/** What travels on the queue: only the outbox row id; the row itself is the source of truth. */
export interface OutboxJob {
  outboxId: number;
}

/** A scheduler row claimed by the sweep, for its sender (domain/scheduler/send.ts, ADR 043). */
export interface ScheduledJob {
  scheduledId: number;
}

/** Everything the outbox queue carries. */
export type QueueJob = OutboxJob | ScheduledJob;

export interface OutboxPayload {
  key: string;
  params: Record<string, string | number>;
  /** sealed params (workers/queue/seal.ts), opened only to deliver */
  sealed?: string;
  lang: "en" | "ar" | "ku";
  /** already rendered (a bot reply kept for retry) */
  text?: string;
  buttons?: { key: string; action: string }[][];
  /** a relayed chat message's conversation (ADR 034) */
  thread?: { conversationId: number; name: string };
  /** a photo to send with the text (a site path) */
  mediaUrl?: string;
  /** a scheduler row: delivered only while the booking still wants it (ADR 043) */
  guard?: number;
  /** a voice note to send after the text (a site path, /api/voice/…; issue #29) */
  voiceUrl?: string;
}
