import { sendScheduled } from "../../domain/scheduler/send";
import type { Env } from "../env";
import { serviceContext } from "../services";
import type { QueueJob } from "./jobs";

/**
 * The scheduler's sender on the queue (ADR 043): each claimed row is sent at most once (sendScheduled wins the row
 * before saying anything), so a retried message or a second delivery of it sends nothing again. A row that fails
 * midway is not retried: at most once, not at least once.
 */
export async function consumeScheduled(batch: MessageBatch<QueueJob>, env: Env): Promise<void> {
  const ctx = serviceContext(env, { actor: { kind: "system" } });
  for (const msg of batch.messages) {
    if (!("scheduledId" in msg.body)) continue;
    try {
      if (!batch.queue.endsWith("-dlq")) await sendScheduled(ctx, msg.body.scheduledId);
    } catch (err) {
      console.error(`scheduled message ${msg.body.scheduledId} failed`, err);
    }
    msg.ack();
  }
}
