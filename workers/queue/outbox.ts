import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { limitObject, ttlKeysObject, userObject } from "../objectNames";
import { createDb } from "../../db/client";
import { outbox } from "../../db/schema";
import type {
  Deliverer,
  Deliverers,
  NewBellItem,
  OutboundMessage,
  Outbox,
  OutboxPayload,
  Ports,
} from "../../domain/ports";
import type { Lang } from "../../domain/context";
import { localizeParams } from "../../domain/text/localParams";
import { tellUndelivered } from "../../domain/notifications/undelivered";
import { OUTBOX_TRIES, QUEUE_MAX_DELAY_SECONDS, retryDelaySeconds } from "./retryPolicy";
import { translatorFor } from "../../i18n/translator";
import type { Env } from "../env";
import { DeliveryError } from "../../domain/errors";
import { isDevelopment } from "../devOnly";
import { seal, unseal } from "./seal";
import type { QueueJob } from "./jobs";
import { scheduledStillWanted } from "../../domain/scheduler/send";
import { dalilWhatsApp } from "../../domain/reach/numbers";
import { isListingTextGuard } from "../../domain/reach/textGuard";
import { listingTextStillWanted } from "../../domain/reach/textStillOpen";
import { DAY_MS, RETENTION } from "../../domain/retention/rules";
import { stripIsolates } from "../../domain/text/bidi";

export type { OutboxJob, QueueJob, ScheduledJob } from "./jobs";
export type { OutboxPayload } from "../../domain/ports";

/**
 * A message's dedupe key is claimed in its recipient's chat object for RETENTION.sentOutboxDays (ADR 054): the row
 * that carried it is deleted once delivered, and the same message is still never queued twice.
 */
const recipientObject = (env: Env, message: Pick<OutboundMessage, "channel" | "recipient">) =>
  ttlKeysObject(env, `chat:${message.channel}:${message.recipient}`);
const DEDUPE_TTL_MS = RETENTION.sentOutboxDays * DAY_MS;

/**
 * Writes the message to D1 first, then queues it: if the queue or the channel fails, the row remains. The row is
 * deleted once delivered (ADR 054); a failing or dead one stays for the admin. The channels' senders are given
 * (the bot's, through the Deliverers port: ADR 089).
 */
export function queueOutbox(env: Env, deliverers: Deliverers): Outbox {
  return {
    async enqueue(message: OutboundMessage) {
      const id = await store(env, message);
      // held through quiet hours (ADR 047): the queue keeps it until then (at most its 12-hour delay)
      const wait = message.notBefore ? Math.ceil((message.notBefore - Date.now()) / 1000) : 0;
      if (id)
        await env.OUTBOX.send(
          { outboxId: id },
          wait > 0 ? { delaySeconds: Math.min(wait, QUEUE_MAX_DELAY_SECONDS) } : undefined,
        );
    },
    async sendNow(message: OutboundMessage) {
      const id = await store(env, message);
      if (!id) return true;
      // the queue holds it too, for a request that dies mid-send: it comes once the claim could have lapsed, and finds
      // the row gone (sent) or dead (failed), or retakes a crashed send (ADR 080)
      await env.OUTBOX.send({ outboxId: id }, { delaySeconds: CLAIM_MS / 1000 });
      // tried once, as its last try: a failure is dead at once (ADR 084)
      return (await deliverRow(env, deliverers, createDb(env.DB), id, OUTBOX_TRIES)).sent;
    },
    // one queue message per claimed row, a hundred per call (the Queues API's batch limit)
    async dispatchScheduled(ids) {
      for (let i = 0; i < ids.length; i += 100)
        await env.OUTBOX.sendBatch(ids.slice(i, i + 100).map((scheduledId) => ({ body: { scheduledId } })));
    },
  };
}

/** The message's row, its dedupe key claimed first: its id, or null when the same message was queued before. */
async function store(env: Env, message: OutboundMessage): Promise<number | null> {
  const db = createDb(env.DB);
  const dedupe = message.dedupeKey ? `dedupe:${message.dedupeKey}` : null;
  if (dedupe && !(await recipientObject(env, message).claim(dedupe, Date.now(), DEDUPE_TTL_MS))) return null;
  try {
    const [row] = await db
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        payload: JSON.stringify(await payloadOf(env, message)),
        dedupeKey: message.dedupeKey ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: outbox.id });
    return row?.id ?? null;
  } catch (err) {
    // nothing was stored: the claim goes back, so the caller's retry queues it
    if (dedupe) await recipientObject(env, message).unclaim(dedupe);
    throw err;
  }
}

/** The message in the recipient's language. */
/** What the row keeps of a message: all it says (undefined parts are dropped by JSON), the secret sealed. */
async function payloadOf(env: Env, message: OutboundMessage): Promise<OutboxPayload> {
  const { channel: _channel, recipient: _recipient, dedupeKey: _dedupe, secret, params, ...says } = message;
  return { ...says, params: params ?? {}, ...(secret ? { sealed: await seal(env, secret) } : {}) };
}

export const renderPayload = (p: OutboxPayload) => p.text ?? translatorFor(p.lang)(p.key, p.params);

/** The sender of a row's channel: the channels' own, and the log (development and tests only). */
function delivererOf(env: Env, deliverers: Deliverers, channel: string): Deliverer | undefined {
  // production has no log channel, so a code can never end up in a log there (ADR 022)
  if (channel === "log") {
    return async (recipient, payload) => {
      if (!isDevelopment(env)) throw new DeliveryError("log: no log delivery in production", true);
      console.log(`[outbox] to ${recipient}: ${renderPayload(payload)}`);
    };
  }
  return Object.hasOwn(deliverers, channel) ? deliverers[channel as keyof Deliverers] : undefined;
}

/** The payload as the deliverer needs it: sealed params opened into params, site paths made absolute. */
export async function openPayload(env: Env, raw: string): Promise<OutboxPayload> {
  const payload = JSON.parse(raw) as OutboxPayload;
  if (!payload.sealed) return addresses(env, payload);
  const { sealed, ...rest } = payload;
  return addresses(env, { ...rest, params: { ...rest.params, ...(await unseal(env, sealed)) } });
}

/** A listing link's site path as an address on the public site, and Dalil's own WhatsApp to reply on (ADR 047). */
function addresses(env: Env, payload: OutboxPayload): OutboxPayload {
  const params = payload.params;
  const dalil: Record<string, string> = "dalil" in params ? { dalil: dalilWhatsApp(env.TWILIO_WHATSAPP_FROM) } : {};
  // a notice's params are bidi-isolated (notify): the path is read without the marks, and the address goes out bare
  const path = typeof params.link === "string" ? stripIsolates(params.link) : "";
  if (!path.startsWith("/")) return "dalil" in params ? { ...payload, params: { ...params, ...dalil } } : payload;
  const site = env.PUBLIC_URL || "http://localhost:8787";
  return { ...payload, params: { ...params, link: new URL(path, site).toString(), ...dalil } };
}

const stillWanted = (env: Env, db: ReturnType<typeof createDb>, guard: NonNullable<OutboxPayload["guard"]>) =>
  isListingTextGuard(guard)
    ? listingTextStillWanted({ db }, guard)
    : scheduledStillWanted({ db, now: () => new Date() }, guard);

/**
 * The longest a delivery holds its row (Twilio's and Telegram's calls time out well before): an older claim crashed.
 */
const CLAIM_MS = 120_000;

export async function consumeOutbox(batch: MessageBatch<QueueJob>, env: Env, deliverers: Deliverers): Promise<void> {
  const db = createDb(env.DB);
  const dead = batch.queue.endsWith("-dlq");
  for (const msg of batch.messages) {
    // a scheduler row is its sender's (workers/queue/scheduled.ts)
    if (!("outboxId" in msg.body)) continue;
    // what the dead-letter queue holds is dead, whoever held it last (and its person is told); what was sent stays sent
    const outcome = dead
      ? (await deadLetter(env, db, msg.body.outboxId), { sent: false })
      : await deliverRow(env, deliverers, db, msg.body.outboxId, msg.attempts);
    if (outcome.retryInSeconds === undefined) msg.ack();
    else msg.retry({ delaySeconds: outcome.retryInSeconds });
  }
}

/**
 * What one delivery of a row came to: done with (sent, withdrawn,
 * dead, or nothing left to do), or to be tried again later.
 */
type Outcome = { sent: boolean; retryInSeconds?: number };

/**
 * One delivery of one row: claimed, checked, sent; a failure waits as ADR 084 says, and the last one is dead-lettered.
 */
async function deliverRow(
  env: Env,
  deliverers: Deliverers,
  db: ReturnType<typeof createDb>,
  id: number,
  attempt: number,
): Promise<Outcome> {
  // claimed before it is sent (ADR 080): of two deliveries of one queue message (at least once), one takes the row
  const now = Date.now();
  const [row] = await db
    .update(outbox)
    .set({ claimedAt: new Date(now) })
    .where(
      and(
        eq(outbox.id, id),
        inArray(outbox.status, ["pending", "failed"]),
        or(isNull(outbox.claimedAt), lt(outbox.claimedAt, new Date(now - CLAIM_MS))),
      ),
    )
    .returning();
  if (!row) {
    // sent, refused for good, withdrawn: nothing to do. Held by a delivery still alive: this message comes back once
    // that claim could have lapsed, so a delivery that crashed mid-send is taken again, and a finished one is gone
    const [held] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).limit(1);
    return held && (held.status === "pending" || held.status === "failed")
      ? { sent: false, retryInSeconds: CLAIM_MS / 1000 }
      : { sent: false };
  }
  try {
    const deliver = delivererOf(env, deliverers, row.channel);
    if (!deliver) throw new Error(`no deliverer for channel ${row.channel}`);
    const payload = await openPayload(env, row.payload);
    // checked when it leaves: the scheduler's message only if the booking still wants it (ADR 043); a text to a
    // listing's number only if what it asks is still open, or what it tells still true (ADR 076)
    if (payload.guard && !(await stillWanted(env, db, payload.guard))) {
      // not to be sent: nothing is kept of it (ADR 054), and a withdrawn text gives the number's daily slot back
      await db.delete(outbox).where(eq(outbox.id, id));
      if (isListingTextGuard(payload.guard) && payload.guard.slot)
        await limitObject(env, payload.guard.slot.key).release(payload.guard.slot.id);
      return { sent: false };
    }
    // a message held through quiet hours that the queue brought early waits again (ADR 047)
    if (payload.notBefore && payload.notBefore > Date.now()) {
      await db.update(outbox).set({ claimedAt: null }).where(eq(outbox.id, id));
      return {
        sent: false,
        retryInSeconds: Math.min(QUEUE_MAX_DELAY_SECONDS, Math.ceil((payload.notBefore - Date.now()) / 1000)),
      };
    }
    await deliver(row.recipient, payload);
    // delivered: the row has done its work and goes (ADR 054); its dedupe key stays claimed in the recipient's
    // object. Development and tests keep a delivered code, sealed, for the console's /dev/bot/code.
    const { sealed } = JSON.parse(row.payload) as OutboxPayload;
    if (sealed && isDevelopment(env))
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id));
    else await db.delete(outbox).where(eq(outbox.id, id));
    return { sent: true };
  } catch (err) {
    // a 4xx that will never succeed, or the last try, is dead at once; anything else waits (ADR 084) and is tried again
    const lastError = String(err).slice(0, 500);
    if ((err instanceof DeliveryError && err.permanent) || attempt >= OUTBOX_TRIES) {
      await deadLetter(env, db, id, lastError);
      return { sent: false };
    }
    await db
      .update(outbox)
      .set({ status: "failed", lastError, attempts: sql`${outbox.attempts} + 1`, claimedAt: null })
      .where(eq(outbox.id, id));
    return { sent: false, retryInSeconds: retryDelaySeconds(err, attempt) };
  }
}

/**
 * A row Dalil gives up on is kept, marked dead, for the admin; the person whose chat it was for is told in their bell
 * (ADR 084). Only the delivery that marks it tells: the last try and the dead-letter queue may both come.
 */
async function deadLetter(env: Env, db: ReturnType<typeof createDb>, id: number, lastError?: string): Promise<void> {
  const [row] = await db
    .update(outbox)
    .set({
      status: "dead",
      claimedAt: null,
      ...(lastError !== undefined ? { lastError, attempts: sql`${outbox.attempts} + 1` } : {}),
    })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"])))
    .returning({ channel: outbox.channel, recipient: outbox.recipient, payload: outbox.payload });
  if (!row) return;
  const { about, params } = JSON.parse(row.payload) as OutboxPayload;
  const ports = {
    texts: {
      render: (lang: Lang, key: string, p?: Record<string, string | number>) =>
        translatorFor(lang)(key, localizeParams(lang, p, translatorFor(lang))),
    },
    bells: { add: (userId: number, item: NewBellItem) => userObject(env, userId).addNotification(item) },
  } satisfies Pick<Ports, "texts"> & { bells: Pick<Ports["bells"], "add"> };
  await tellUndelivered({ db, ports }, { channel: row.channel, recipient: row.recipient, about, params });
}
