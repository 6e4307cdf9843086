import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/dev";
import type { OutboxJob } from "../../workers/queue/outbox";
import { notify } from "../../domain/notifications/notifications";
import { portsFor, serviceContext } from "../../workers/services";
import { deliverOutbox, fakeChannelApis, outboxRows, postTelegram, queueSettled, tgMessage, tgUser } from "../bot";
import { call, registerUser } from "../http";

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
  const batch = createMessageBatch<OutboxJob>(queue, [
    { id: `m${outboxId}-${attempts}`, timestamp: new Date(), attempts, body: { outboxId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, on);
  return getQueueResult(batch, ctx);
}

describe("the outbox: written first, then delivered, never lost", () => {
  it(
    "a message is stored before it is queued, then delivered (rendered in the recipient's language), and its row " +
      "leaves D1 (ADR 054)",
    async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const message = {
        channel: "log" as const,
        recipient: "+9647701112233",
        key: "messages.verificationCode",
        params: { code: "123456", minutes: 10 },
        lang: "ar" as const,
        dedupeKey: "test:delivered-once",
      };
      await portsFor(env).outbox.enqueue(message);
      const id = await lastOutboxId();
      expect((await outboxRow(id))?.status).toBe("pending");

      const result = await deliver("dalil-outbox", id);
      expect(result.explicitAcks).toContain(`m${id}-1`);
      expect(await outboxRow(id)).toBeNull();
      expect(
        log.mock.calls.filter(([line]) => String(line).includes("رمز التوثيق") && String(line).includes("123456")),
      ).toHaveLength(1);
      // the same message queued again (its dedupe key) is not stored or sent again: the key is kept in the
      // recipient's object for 30 days, not in the deleted row
      const inserted = () =>
        env.DB.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").first<number>("seq");
      const before = await inserted();
      await portsFor(env).outbox.enqueue(message);
      expect(await inserted()).toBe(before);
      expect(log.mock.calls.filter(([line]) => String(line).includes("123456"))).toHaveLength(1);
      log.mockRestore();
    },
  );

  it(
    "two deliveries of one queue message at the same moment send it once; a delivery that crashed mid-send is " +
      "taken again after its claim lapses (ADR 080)",
    async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const sentLines = (code: string) => log.mock.calls.filter(([line]) => String(line).includes(code)).length;
      const message = (code: string) => ({
        channel: "log" as const,
        recipient: "+9647701112299",
        key: "messages.verificationCode",
        params: { code, minutes: 10 },
        lang: "en" as const,
      });
      await portsFor(env).outbox.enqueue(message("424242"));
      const twice = await lastOutboxId();
      const results = await Promise.all([deliver("dalil-outbox", twice, 1), deliver("dalil-outbox", twice, 2)]);
      expect(sentLines("424242")).toBe(1);
      // the one that found the row taken did not drop the message: it comes back, and then finds it gone
      expect(
        results.reduce(
          (n: number, r: { explicitAcks: string[]; retryMessages: unknown[] }) =>
            n + r.explicitAcks.length + r.retryMessages.length,
          0,
        ),
      ).toBe(2);
      expect(await outboxRow(twice)).toBeNull();

      // a delivery took the row a moment ago and is still sending: another delivery sends nothing and comes back later
      await portsFor(env).outbox.enqueue(message("515151"));
      const held = await lastOutboxId();
      await env.DB.prepare("UPDATE outbox SET claimed_at = ? WHERE id = ?").bind(Date.now(), held).run();
      const waiting = await deliver("dalil-outbox", held, 3);
      expect(waiting.retryMessages.map((m: { msgId: string }) => m.msgId)).toContain(`m${held}-3`);
      expect(sentLines("515151")).toBe(0);
      // that delivery crashed: its claim is ten minutes old, and the next delivery sends it
      await env.DB.prepare("UPDATE outbox SET claimed_at = ? WHERE id = ?")
        .bind(Date.now() - 600_000, held)
        .run();
      expect((await deliver("dalil-outbox", held, 4)).explicitAcks).toContain(`m${held}-4`);
      expect(sentLines("515151")).toBe(1);
      log.mockRestore();
    },
  );

  it("a channel that fails keeps the row, records the error and asks the queue to retry", async () => {
    // the Bot API is unreachable (nothing listens on port 9): delivery fails the way a network outage would
    await portsFor(env).outbox.enqueue({
      channel: "telegram",
      recipient: "123456789",
      key: "messages.verificationCode",
      params: { code: "1", minutes: 10 },
      lang: "en",
    });
    const id = await lastOutboxId();
    const result = await deliver("dalil-outbox", id, 1, { ...env, TELEGRAM_API_ROOT: "http://127.0.0.1:9" });
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toContain(`m${id}-1`);
    const row = await outboxRow(id);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toMatch(/telegram/);
  });

  it("what lands in the dead-letter queue is marked dead, not dropped", async () => {
    await portsFor(env).outbox.enqueue({
      channel: "whatsapp",
      recipient: "+9647701112233",
      key: "messages.verificationCode",
      params: { code: "1", minutes: 10 },
      lang: "en",
    });
    const id = await lastOutboxId();
    const result = await deliver("dalil-outbox-dlq", id, 6);
    expect(result.explicitAcks).toContain(`m${id}-6`);
    expect((await outboxRow(id))?.status).toBe("dead");
  });

  it("the same dedupe key is stored and queued once", async () => {
    // what is queued is counted here, not delivered: the queue's own consumer deletes a delivered row (ADR 054) at any
    // moment, so a count of the table (another test's row leaving meanwhile) could not tell one row from none
    const queued: unknown[] = [];
    const counting = {
      ...env,
      OUTBOX: { send: async (body: unknown) => void queued.push(body) } as unknown as Queue,
    } as typeof env;
    const dedupeKey = `booking:${crypto.randomUUID()}:accepted`;
    for (let i = 0; i < 3; i++) {
      await portsFor(counting).outbox.enqueue({
        channel: "log",
        recipient: "+9647701112233",
        key: "messages.verificationCode",
        params: { code: "9", minutes: 10 },
        lang: "en",
        dedupeKey,
      });
    }
    const rows = await env.DB.prepare("SELECT id FROM outbox WHERE dedupe_key = ?")
      .bind(dedupeKey)
      .all<{ id: number }>();
    expect(rows.results).toHaveLength(1);
    expect(queued).toEqual([{ outboxId: rows.results[0]!.id }]);
  });
});

describe("failing providers are waited out, not hammered (ADR 084)", () => {
  let apis: ReturnType<typeof fakeChannelApis>;
  beforeEach(() => void (apis = fakeChannelApis()));
  afterEach(() => apis.restore());
  // the test delivers each try itself: the real queue, given nothing, cannot deliver one of them meanwhile
  const quiet = {
    ...env,
    OUTBOX: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
  } as typeof env;
  async function linkWhatsApp(phone: string, userId: number | null = null) {
    await env.DB.prepare(
      "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) VALUES " +
        "('whatsapp', ?, ?, 'en', 1, ?)",
    )
      .bind(phone, userId, Date.now())
      .run();
  }
  async function queued(channel: "whatsapp" | "telegram", recipient: string) {
    await portsFor(quiet).outbox.enqueue({
      channel,
      recipient,
      key: "notices.bookingAccepted.message",
      params: { provider: "Ali", id: 7 },
      lang: "en",
    });
    return (await outboxRows("recipient = ?", recipient)).pop()!.id;
  }

  it(
    "a 429 waits exactly what Twilio's Retry-After or " + "Telegram's retry_after asked, then the message goes once",
    async () => {
      await linkWhatsApp("+9647501112001");
      const wa = await queued("whatsapp", "+9647501112001");
      apis.faults("whatsapp", { next: 1, status: 429, retryAfter: 7, to: "+9647501112001" });
      // a fourth try: the wait is what Twilio asked, not the backoff's step
      expect((await deliverOutbox(wa, 4)).delays).toEqual([7]);
      expect((await deliverOutbox(wa, 5)).explicitAcks).toContain(`m${wa}-5`);
      // the refused call is not a message sent: the person got it once
      expect(apis.texts("whatsapp", "+9647501112001")).toHaveLength(1);

      const tg = await queued("telegram", "555112001");
      apis.faults("telegram", { next: 1, status: 429, retryAfter: 5, to: 555112001 });
      expect((await deliverOutbox(tg, 3)).delays).toEqual([5]);
      await deliverOutbox(tg, 4);
      expect(apis.texts("telegram", 555112001)).toHaveLength(1);
    },
  );

  it(
    "a 5xx or an unanswered call backs off growing, with " + "jitter, and the message goes once the provider is back",
    async () => {
      await linkWhatsApp("+9647501112002");
      const id = await queued("whatsapp", "+9647501112002");
      for (const status of [500, 503, 0, 500] as const)
        apis.faults("whatsapp", { next: 1, status, to: "+9647501112002" });
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++)
        delays.push(...((await deliverOutbox(id, attempt)).delays as number[]));
      // 30 s doubling, each drawn in its upper half: 15–30, 30–60, 60–120, 120–240
      delays.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(15 * 2 ** i);
        expect(d).toBeLessThanOrEqual(30 * 2 ** i);
      });
      expect(delays).toEqual([...delays].sort((a, b) => a - b));
      expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 4 });
      await deliverOutbox(id, 5);
      expect(apis.texts("whatsapp", "+9647501112002")).toHaveLength(1);
      expect(await outboxRow(id)).toBeNull();
    },
  );

  it(
    "after the last try the row is kept dead, and the person's bell says what did not reach their WhatsApp and " +
      "where to see it",
    async () => {
      const me = await registerUser({ name: "Bell Reader", verified: false });
      await linkWhatsApp(me.phone, me.id);
      await notify(serviceContext(quiet), {
        userId: me.id,
        type: "booking",
        key: "notices.bookingRequested",
        params: { customer: "Zaid", service: "wiring" },
        relatedId: 9,
      });
      const id = (await outboxRows("recipient = ? AND channel = 'whatsapp'", me.phone)).pop()!.id;
      apis.faults("whatsapp", { next: 6, status: 500, to: me.phone });
      for (let attempt = 1; attempt <= 6; attempt++) await deliverOutbox(id, attempt);
      expect(await outboxRow(id)).toMatchObject({ status: "dead", attempts: 6 });
      // the dead-letter queue may bring it too: the person is told once
      await deliverOutbox(id, 7, "dalil-outbox-dlq");
      const bell = (await (await call("/api/notifications", { cookie: me.cookie, lang: "en" })).json()) as {
        items: { title: string; message: string; href: string | null }[];
      };
      const told = bell.items.filter((n) => n.title === "Not delivered to your WhatsApp");
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain("New booking request");
      expect(told[0]!.href).toBe("/bookings#booking-9");
      expect(apis.texts("whatsapp", me.phone)).toHaveLength(0);
    },
  );

  it(
    "a Telegram reply the Bot API refused is answered 200 and kept: it reaches the chat once, and a redelivery " +
      "of the update adds nothing",
    async () => {
      // what the same first message brings a chat when Telegram is well
      const calm = tgUser(555112030);
      await postTelegram(tgMessage(calm, { text: "menu" }));
      const replies = apis.texts("telegram", calm.id);
      expect(replies.length).toBeGreaterThan(0);
      const sam = tgUser(555112031);
      apis.faults("telegram", { next: 1, status: 502, to: sam.id });
      const update = tgMessage(sam, { text: "menu" });
      // a 5xx here would have Telegram redeliver an update whose
      // claim a parallel delivery may already have acknowledged
      expect((await postTelegram(update)).status).toBe(200);
      expect((await postTelegram(update)).status).toBe(200);
      await queueSettled("recipient = ?", String(sam.id));
      expect(apis.texts("telegram", sam.id)).toEqual(replies.map((r) => expect.stringContaining(r.split("\n")[0]!)));
    },
  );

  it(
    "a Telegram reply whose send hangs goes to the outbox before the webhook's own time runs out: answered 200, " +
      "the reply arrives once",
    async () => {
      const ada = tgUser(555112032);
      // the Bot API takes the first sendMessage and never answers: the caller's own timer is what ends it
      const faked = globalThis.fetch;
      let hung = 0;
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!hung && String(input instanceof Request ? input.url : input).endsWith("/sendMessage")) {
          hung++;
          const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
          return new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
        }
        return faked(input, init);
      }) as typeof fetch;
      try {
        // past the webhook's 9 s the request ends with its update
        // claimed, and Telegram's redelivery is acknowledged as done
        expect((await postTelegram(tgMessage(ada, { text: "menu" }))).status).toBe(200);
      } finally {
        globalThis.fetch = faked;
      }
      expect(hung).toBe(1);
      await queueSettled("recipient = ?", String(ada.id));
      expect(apis.texts("telegram", ada.id).length).toBeGreaterThan(0);
    },
    20_000,
  );

  it("a verification code that could not be sent says so at once, on the request that asked for it", async () => {
    const me = await registerUser({ name: "Code Waiter", verified: false });
    // WhatsApp, then SMS: both fail
    apis.faults("whatsapp", { next: 2, status: 503, to: me.phone });
    const refused = await call("/api/auth/send-code", { method: "POST", cookie: me.cookie, lang: "en" });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/couldn't send your code/);
    // nothing retries a code that would come late
    expect((await outboxRows("recipient = ? AND channel = 'code'", me.phone)).pop()?.status).toBe("dead");
    // asked again once Twilio is back: it is already on its way when the answer comes
    expect((await call("/api/auth/send-code", { method: "POST", cookie: me.cookie })).status).toBe(200);
    expect(apis.sent.filter((s) => s.body.To === `whatsapp:${me.phone}`)).toHaveLength(1);
  });
});
