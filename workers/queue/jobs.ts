// The outbox's messages, as types only: the bindings (workers/env.ts) and the bot's deliverers read these
// without importing the outbox's code, which itself calls the deliverers.
import type { OutboundMessage } from "../../domain/ports";

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

/**
 * An outbox row's payload: the message as the domain queued it (domain/ports.ts OutboundMessage), less where it
 * goes (the row's own columns) and its secret, which travels sealed (workers/queue/seal.ts), opened only to deliver.
 */
export type OutboxPayload = Omit<OutboundMessage, "channel" | "recipient" | "secret" | "dedupeKey" | "params"> & {
  params: Record<string, string | number>;
  sealed?: string;
};
