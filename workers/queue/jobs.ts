// The queue's messages, as types only: the bindings (workers/env.ts) read these without importing the outbox's code.

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
