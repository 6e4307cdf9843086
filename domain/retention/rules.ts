import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { sweepUnsentUploads } from "../uploads/unsent";
import { BELL_BOUND } from "../notifications/bound";

/**
 * What Dalil keeps, and for how long (ADR 041). Each rule deletes (or empties) the rows past their period, oldest
 * first, in batches of BATCH rows, at most MAX_BATCHES statements per rule per run: a run's work is bounded whatever
 * the backlog (a backlog of 100,000 rows is cleared over a few runs of the cron, each run a few dozen D1 statements).
 * The privacy page states the same periods (privacy.retention.*).
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION = {
  /** a notification the person has read (kept in their own object, which applies it: ADR 051) */
  readNotificationsDays: BELL_BOUND.readDays,
  /** a notification never read */
  unreadNotificationsDays: BELL_BOUND.unreadDays,
  /** a message the outbox delivered */
  sentOutboxDays: 30,
  /**
   * a Telegram update or Twilio message id already handled (retries come within minutes): kept in the chat's own
   * object, whose alarm forgets it (ADR 054)
   */
  processedUpdatesDays: 30,
  /** a scheduler row sent, voided or claimed (its message long gone or never to go): after its due time (ADR 043) */
  scheduledMessagesDays: 30,
  /** a voice note or a chat/booking-draft photo stored and never sent: long enough to finish a draft */
  unsentUploadsDays: 1,
} as const;

export const BATCH = 1000;
export const MAX_BATCHES = 10;

type Ctx = Pick<ServiceContext, "db" | "now" | "ports">;

export interface RetentionRule {
  /** the table (and which of its rows), as the ADR and the run's report name it */
  name: string;
  /** one bounded statement: the rows it removed (at most BATCH) */
  step(ctx: Ctx, now: number): Promise<number>;
}

const changes = (r: unknown) => (r as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** Deletes up to BATCH rows of `table` chosen by `where`, oldest first along `order` (an indexed column). */
const deleteOldest =
  (table: string, where: string, order: string) => async (ctx: Ctx, cutoffs: Record<string, number>) => {
    const d1 = ctx.db.$client as D1Database;
    const names = Object.keys(cutoffs);
    const bound = where.replace(/:(\w+)/g, (_, n: string) => `?${names.indexOf(n) + 1}`);
    const res = await d1
      .prepare(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${bound} ORDER BY ${order}
          LIMIT ${BATCH})`,
      )
      .bind(...names.map((n) => cutoffs[n]))
      .run();
    return changes(res);
  };

export const RETENTION_RULES: RetentionRule[] = [
  {
    name: "outbox (sent or skipped, older than 30 days)",
    step: (ctx, now) =>
      deleteOldest(
        "outbox",
        "status IN ('sent', 'skipped') AND created_at < :cutoff AND coalesce(sent_at, 0) < :cutoff",
        "status, created_at",
      )(ctx, {
        cutoff: now - RETENTION.sentOutboxDays * DAY_MS,
      }),
  },
  {
    name: "scheduled_messages (sent, void or claimed, due more than 30 days ago)",
    step: (ctx, now) =>
      deleteOldest(
        "scheduled_messages",
        "status IN ('claimed', 'sent', 'void') AND due_at < :cutoff",
        "status, due_at",
      )(ctx, { cutoff: now - RETENTION.scheduledMessagesDays * DAY_MS }),
  },
  {
    // rows and their bytes in R2: a voice note with no conversation, a chat or booking-draft photo no message carries
    name: "unsent uploads (voice notes and photos, older than a day)",
    step: (ctx, now) => sweepUnsentUploads(ctx, now - RETENTION.unsentUploadsDays * DAY_MS, BATCH),
  },
  {
    name: "sessions (expired)",
    step: (ctx, now) => deleteOldest("sessions", "expires_at < :now", "expires_at")(ctx, { now }),
  },
  {
    // small (a few rows per reset asked): read without an index of its own
    name: "reset_codes (expired)",
    step: (ctx, now) => deleteOldest("reset_codes", "expires_at < :now", "expires_at")(ctx, { now }),
  },
  {
    name: "verification codes (expired)",
    step: async (ctx, now) => {
      const res = await ctx.db.run(sql`
        UPDATE users SET verification_code = NULL, verification_expiry = NULL, verification_attempts = 0
         WHERE id IN (SELECT id FROM users WHERE verification_code IS NOT NULL AND verification_expiry < ${now}
         ORDER BY verification_expiry LIMIT ${BATCH})`);
      return changes(res);
    },
  },
];

/**
 * Runs every rule until its rows past their period are gone or it used MAX_BATCHES statements. Rows removed per rule.
 */
export async function applyRetention(ctx: Ctx, rules = RETENTION_RULES): Promise<Record<string, number>> {
  const now = ctx.now().getTime();
  const removed: Record<string, number> = {};
  for (const rule of rules) {
    let total = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await rule.step(ctx, now);
      total += n;
      if (n < BATCH) break;
    }
    removed[rule.name] = total;
  }
  return removed;
}
