import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { queueOutbox, type OutboxJob } from "../../workers/queue/outbox";

async function outboxRow(id: number) {
  return env.DB.prepare("SELECT status, attempts, last_error, sent_at FROM outbox WHERE id = ?").bind(id).first<{
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: number | null;
  }>();
}

async function lastOutboxId() {
  return (await env.DB.prepare("SELECT max(id) AS id FROM outbox").first<{ id: number }>())!.id;
}

async function deliver(queue: string, outboxId: number, attempts = 1, on: typeof env = env) {
  const batch = createMessageBatch<OutboxJob>(queue, [{ id: `m${outboxId}-${attempts}`, timestamp: new Date(), attempts, body: { outboxId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, on);
  return getQueueResult(batch, ctx);
}

describe("the outbox: written first, then delivered, never lost", () => {
  it("a message is stored before it is queued, then delivered (rendered in the recipient's language), and its row leaves D1 (ADR 054)", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const message = { channel: "log" as const, recipient: "+9647701112233", key: "messages.verificationCode", params: { code: "123456", minutes: 10 }, lang: "ar" as const, dedupeKey: "test:delivered-once" };
    await queueOutbox(env).enqueue(message);
    const id = await lastOutboxId();
    expect((await outboxRow(id))?.status).toBe("pending");

    const result = await deliver("dalil-outbox", id);
    expect(result.explicitAcks).toContain(`m${id}-1`);
    expect(await outboxRow(id)).toBeNull();
    expect(log.mock.calls.filter(([line]) => String(line).includes("رمز التوثيق") && String(line).includes("123456"))).toHaveLength(1);
    // the same message queued again (its dedupe key) is not stored or sent again: the key is kept in the
    // recipient's object for 30 days, not in the deleted row
    const inserted = () => env.DB.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").first<number>("seq");
    const before = await inserted();
    await queueOutbox(env).enqueue(message);
    expect(await inserted()).toBe(before);
    expect(log.mock.calls.filter(([line]) => String(line).includes("123456"))).toHaveLength(1);
    log.mockRestore();
  });

  it("two deliveries of one queue message at the same moment send it once; a delivery that crashed mid-send is taken again after its claim lapses (ADR 080)", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const sentLines = (code: string) => log.mock.calls.filter(([line]) => String(line).includes(code)).length;
    const message = (code: string) => ({ channel: "log" as const, recipient: "+9647701112299", key: "messages.verificationCode", params: { code, minutes: 10 }, lang: "en" as const });
    await queueOutbox(env).enqueue(message("424242"));
    const twice = await lastOutboxId();
    const results = await Promise.all([deliver("dalil-outbox", twice, 1), deliver("dalil-outbox", twice, 2)]);
    expect(sentLines("424242")).toBe(1);
    // the one that found the row taken did not drop the message: it comes back, and then finds it gone
    expect(results.reduce((n: number, r: { explicitAcks: string[]; retryMessages: unknown[] }) => n + r.explicitAcks.length + r.retryMessages.length, 0)).toBe(2);
    expect(await outboxRow(twice)).toBeNull();

    // a delivery took the row a moment ago and is still sending: another delivery sends nothing and comes back later
    await queueOutbox(env).enqueue(message("515151"));
    const held = await lastOutboxId();
    await env.DB.prepare("UPDATE outbox SET claimed_at = ? WHERE id = ?").bind(Date.now(), held).run();
    const waiting = await deliver("dalil-outbox", held, 3);
    expect(waiting.retryMessages.map((m: { msgId: string }) => m.msgId)).toContain(`m${held}-3`);
    expect(sentLines("515151")).toBe(0);
    // that delivery crashed: its claim is ten minutes old, and the next delivery sends it
    await env.DB.prepare("UPDATE outbox SET claimed_at = ? WHERE id = ?").bind(Date.now() - 600_000, held).run();
    expect((await deliver("dalil-outbox", held, 4)).explicitAcks).toContain(`m${held}-4`);
    expect(sentLines("515151")).toBe(1);
    log.mockRestore();
  });

  it("a channel that fails keeps the row, records the error and asks the queue to retry", async () => {
    // the Bot API is unreachable (nothing listens on port 9): delivery fails the way a network outage would
    await queueOutbox(env).enqueue({ channel: "telegram", recipient: "123456789", key: "messages.verificationCode", params: { code: "1", minutes: 10 }, lang: "en" });
    const id = await lastOutboxId();
    const result = await deliver("dalil-outbox", id, 1, { ...env, TELEGRAM_API_ROOT: "http://127.0.0.1:9" });
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toContain(`m${id}-1`);
    const row = await outboxRow(id);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toMatch(/telegram/);
  });

  it("what lands in the dead-letter queue is marked dead, not dropped", async () => {
    await queueOutbox(env).enqueue({ channel: "whatsapp", recipient: "+9647701112233", key: "messages.verificationCode", params: { code: "1", minutes: 10 }, lang: "en" });
    const id = await lastOutboxId();
    const result = await deliver("dalil-outbox-dlq", id, 6);
    expect(result.explicitAcks).toContain(`m${id}-6`);
    expect((await outboxRow(id))?.status).toBe("dead");
  });

  it("the same dedupe key is stored and queued once", async () => {
    // what is queued is counted here, not delivered: the queue's own consumer deletes a delivered row (ADR 054) at any
    // moment, so a count of the table (another test's row leaving meanwhile) could not tell one row from none
    const queued: unknown[] = [];
    const counting = { ...env, OUTBOX: { send: async (body: unknown) => void queued.push(body) } as unknown as Queue } as typeof env;
    const dedupeKey = `booking:${crypto.randomUUID()}:accepted`;
    for (let i = 0; i < 3; i++) {
      await queueOutbox(counting).enqueue({ channel: "log", recipient: "+9647701112233", key: "messages.verificationCode", params: { code: "9", minutes: 10 }, lang: "en", dedupeKey });
    }
    const rows = await env.DB.prepare("SELECT id FROM outbox WHERE dedupe_key = ?").bind(dedupeKey).all<{ id: number }>();
    expect(rows.results).toHaveLength(1);
    expect(queued).toEqual([{ outboxId: rows.results[0]!.id }]);
  });
});
