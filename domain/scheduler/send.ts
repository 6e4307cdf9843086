/**
 * The scheduler's two halves (ADR 043). The Cron Trigger's sweep claims what is due, through the partial index on
 * (status, due time), in one UPDATE (two overlapping sweeps never claim the same row), and hands the claimed ids on
 * (the outbox queue in production, inline under `POST /dev/scheduler`). The sender takes one claimed row at a
 * time: it wins the row by deleting it (a retried queue message finds nothing and does nothing; a row leaves D1
 * once sent or skipped, ADR 054's amendment), checks the booking again, and says it through notify(): the bell,
 * and each linked chat through the outbox, whose own deliverer checks the booking once more just before sending,
 * with the row's facts that its payload carries.
 */
import { namesForReader } from "../providers/displayName";
import { and, eq, inArray, like, lte, sql } from "drizzle-orm";
import { bookings, outbox, scheduledMessages, serviceProviders, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notify, type NewNotification } from "../notifications/notifications";
import { notificationDedupePrefix } from "../notifications/channels";
import { BAGHDAD_OFFSET_MS } from "../baghdadTime";
import { clip } from "../text/clip";
import { firstName } from "../text/localParams";
import type { SentReport } from "./messages";
import { bookingFacts, stillWanted, type ScheduledGuard, type ScheduledKind, type Side } from "./plan";

export type { SentReport };

/** At most this many rows are claimed by one claim (the queue's consumers take them ten at a time)… */
export const CLAIM_LIMIT = 1000;
/** …and at most this many claims are made by one sweep: 10,000 messages a minute (18:00's peak, ADR 043). */
export const CLAIMS_PER_SWEEP = 10;

/**
 * The claim as one statement: due rows whose time has come (status due → claimed), oldest first, their ids returned.
 */
export function claimDueQuery(ctx: Pick<ServiceContext, "db" | "now">, limit = CLAIM_LIMIT) {
  // (status, due_at): the 'due' rows whose time has come, in due order, read through the index and nothing else.
  // The outer UPDATE names rows by id only: with "status = 'due'" there too, SQLite walked every due row of the
  // index (half a million in the bench) to test each id. One statement is atomic: two sweeps never claim one row.
  const due = sql`${scheduledMessages.status} = 'due'`;
  return ctx.db
    .update(scheduledMessages)
    .set({ status: "claimed" })
    .where(
      inArray(
        scheduledMessages.id,
        ctx.db
          .select({ id: scheduledMessages.id })
          .from(scheduledMessages)
          .where(and(due, lte(scheduledMessages.dueAt, ctx.now())))
          .orderBy(scheduledMessages.dueAt)
          .limit(limit),
      ),
    )
    .returning({ id: scheduledMessages.id });
}

/** Claims the due rows and returns their ids. */
export async function claimDue(ctx: Pick<ServiceContext, "db" | "now">, limit = CLAIM_LIMIT): Promise<number[]> {
  return (await claimDueQuery(ctx, limit)).map((r) => r.id);
}

/** What the sweep reports: how many it claimed, and what was sent (inline) or handed on (queued). */
export async function sweepScheduled(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
): Promise<{ claimed: number; sent?: SentReport[] }> {
  let claimed = 0;
  let sent: SentReport[] | undefined;
  for (let round = 0; round < CLAIMS_PER_SWEEP; round++) {
    const ids = await claimDue(ctx);
    if (!ids.length) break;
    claimed += ids.length;
    try {
      const report = await ctx.ports.outbox.dispatchScheduled(ids);
      if (report) sent = report;
    } catch (err) {
      // not handed on: back to due, for the next sweep, rather than lost (a row already sent inline stays sent)
      // (in chunks: D1 binds at most 100 values per statement)
      for (let i = 0; i < ids.length; i += 90) {
        await ctx.db
          .update(scheduledMessages)
          .set({ status: "due" })
          .where(
            and(inArray(scheduledMessages.id, ids.slice(i, i + 90)), sql`${scheduledMessages.status} = 'claimed'`),
          );
      }
      throw err;
    }
    if (ids.length < CLAIM_LIMIT) break;
  }
  return { claimed, ...(sent ? { sent } : {}) };
}

/** "17:00": a moment's hour and minute on Baghdad's clock (UTC+3, no daylight saving). */
const baghdadClock = (d: Date) => new Date(d.getTime() + BAGHDAD_OFFSET_MS).toISOString().slice(11, 16);

/** The message a kind says to a side, and the answers it offers. */
function messageOf(
  kind: ScheduledKind,
  role: Side,
  b: {
    id: number;
    providerName: string;
    customerName: string | null;
    preferredDate: string | null;
    preferredTime: string | null;
    customerLocation: string;
  },
  dueAt: Date,
): Omit<NewNotification, "userId"> {
  const id = b.id;
  if (kind === "reviewAsk" || kind === "reviewNudge") {
    return {
      type: "booking",
      key: kind === "reviewAsk" ? "notices.reviewAsk" : "notices.reviewNudge",
      params: { provider: b.providerName },
      relatedId: id,
      choices: [1, 2, 3, 4, 5].map((n) => ({ key: `bot.star${n}`, action: `rv:${id}:${n}` })),
    };
  }
  const shared = {
    day: b.preferredDate ?? "",
    slot: b.preferredTime ?? "flexible",
    address: clip(b.customerLocation, 80),
  };
  // two hours before, the reminder says when, not the evening-before text again: "Today at 5 pm, in two hours"; `at` is
  // the slot's start in Baghdad ("17:00"), worded for the reader when read
  const soon = kind === "reminderSoon";
  const when: Record<string, string> = soon ? { at: baghdadClock(new Date(dueAt.getTime() + 2 * 3_600_000)) } : {};
  if (role === "customer") {
    return {
      type: "booking",
      key: soon ? "notices.reminderSoonCustomer" : "notices.reminderCustomer",
      params: { ...shared, ...when, provider: b.providerName },
      relatedId: id,
      choices: [
        { key: "bot.confirmBooking", action: `cf:${id}` },
        { key: "bot.changeDay", action: `mv:${id}` },
        { key: "bot.cancelThisBooking", action: `booking:cancel:${id}` },
      ],
    };
  }
  return {
    type: "booking",
    key: soon ? "notices.reminderSoonProvider" : "notices.reminderProvider",
    params: { ...shared, ...when, customer: b.customerName ? firstName(b.customerName) : "" },
    relatedId: id,
    choices: [
      { key: "bot.onMyWay", action: `omw:${id}` },
      { key: "bot.changeDay", action: `mv:${id}` },
      { key: "bot.cantMakeIt", action: `cant:${id}` },
    ],
  };
}

/**
 * Sends one claimed row, at most once: the row is won (deleted while claimed) before anything is said, so a second
 * handler (a retried queue message, a parallel run) finds nothing to do. A booking that no longer wants the
 * message (cancelled, moved, reviewed, too late) is skipped; its row is gone either way.
 */
export async function sendScheduled(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  scheduledId: number,
): Promise<SentReport | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.id, scheduledId), sql`${scheduledMessages.status} = 'claimed'`))
    .returning();
  if (!row) return null;
  const base = { scheduledId, bookingId: row.bookingId, kind: row.kind, role: row.role, userId: row.userId };
  const skip = async (): Promise<SentReport> => ({ ...base, outcome: "skipped" });
  if (!stillWanted(await bookingFacts(ctx, row.bookingId), row, now)) return skip();
  const [b] = await ctx.db
    .select({
      id: bookings.id,
      providerName: serviceProviders.name,
      providerNameOther: serviceProviders.nameOther,
      customerName: users.name,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      customerLocation: bookings.customerLocation,
      lang: sql<"en" | "ar" | "ku">`(select language from users u where u.id = ${row.userId})`,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, row.bookingId))
    .limit(1);
  if (!b) return skip();
  // the listing under the one name its reader sees everywhere: search, the bot, reminders, review asks
  const message = messageOf(
    row.kind,
    row.role,
    {
      ...b,
      providerName: namesForReader({ name: b.providerName, nameOther: b.providerNameOther }, b.lang ?? "en").primary,
    },
    row.dueAt,
  );
  const guard: ScheduledGuard = {
    id: scheduledId,
    bookingId: row.bookingId,
    kind: row.kind,
    role: row.role,
    userId: row.userId,
    dueAt: row.dueAt.getTime(),
  };
  const notificationId = await notify(ctx, { ...message, userId: row.userId, guard });
  const chats = notificationId
    ? await ctx.db
        .select({ channel: outbox.channel, recipient: outbox.recipient })
        .from(outbox)
        .where(like(outbox.dedupeKey, `${notificationDedupePrefix(row.userId, notificationId)}%`))
    : [];
  const lang = b.lang ?? "en";
  const params = { ...message.params, id: b.id };
  const chat = ctx.ports.texts.render(lang, `${message.key}.chat`, params);
  return {
    ...base,
    outcome: "sent",
    lang,
    text: chat !== `${message.key}.chat` ? chat : ctx.ports.texts.render(lang, `${message.key}.message`, params),
    to: [...(notificationId ? ["bell"] : []), ...chats.map((c) => `${c.channel}:${c.recipient}`)],
  };
}

/**
 * The outbox deliverer's last check for a message planned by the scheduler: is it still wanted right now? The
 * payload carries the row's facts (its row left D1 when it was sent); a payload queued before that change carries
 * the row's id only, and is read from its row while the row is kept (ADR 041's 30 days).
 */
export async function scheduledStillWanted(
  ctx: Pick<ServiceContext, "db" | "now">,
  guard: ScheduledGuard | number,
): Promise<boolean> {
  if (typeof guard !== "number")
    return stillWanted(await bookingFacts(ctx, guard.bookingId), { ...guard, dueAt: new Date(guard.dueAt) }, ctx.now());
  const [row] = await ctx.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, guard)).limit(1);
  if (!row || row.status !== "sent") return false;
  return stillWanted(await bookingFacts(ctx, row.bookingId), row, ctx.now());
}
