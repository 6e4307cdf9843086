import { archiveOldBookings } from "./bookings/archiveSweep";
import { tellUntoldBookings } from "./bookings/createBooking";
import { expireStaleBookings } from "./bookings/expireStaleBookings";
import type { ServiceContext } from "./context";
import { moveLegacyNotifications } from "./notifications/backfill";
import { moveChatLists } from "./chat/moveChatLists";
import { applyRetention } from "./retention/rules";
import { sweepScheduled } from "./scheduler/send";
import { reconcileNightly, reconcilePending } from "./payments/reconcile";

/**
 * Everything the Cron Trigger runs (wrangler.toml: every minute), one entry per sweep, each bounded on its
 * own. `POST /dev/scheduler?at=<ISO time>` runs the same list as if the clock read that time (development only).
 * A new periodic job (reminders, …) is one more entry here.
 */
export interface Sweep {
  name: string;
  /** how often the Cron Trigger runs it, in minutes (default 1): the minute since the epoch must divide by it */
  everyMinutes?: number;
  run(ctx: ServiceContext): Promise<unknown>;
}

export const SWEEPS: Sweep[] = [
  // these two ran every 15 minutes before the trigger became every minute; they need no more (ADR 041)
  { name: "expire stale bookings", everyMinutes: 15, run: (ctx) => expireStaleBookings(ctx) },
  { name: "retention", everyMinutes: 15, run: (ctx) => applyRetention(ctx) },
  // bookings whose request died after saving them and before telling the provider (ADR 084)
  { name: "untold bookings", run: (ctx) => tellUntoldBookings(ctx) },
  // reminders and the review's ask (ADR 043): what is due now is claimed and handed to its sender
  { name: "after-booking messages", run: (ctx) => sweepScheduled(ctx) },
  // closed bookings past 60 days leave D1 for the archive in R2, 50 a minute (ADR 062)
  { name: "archive old bookings", run: (ctx) => archiveOldBookings(ctx) },
  // D1's notifications into each person's object (ADR 051), 100 people a minute, until the table is gone
  { name: "move the bell", run: (ctx) => moveLegacyNotifications(ctx) },
  // each conversation's list entries from D1 into its two people's objects (ADR 065), 50 a minute, until none is left
  { name: "move the chat lists", run: (ctx) => moveChatLists(ctx) },
  // payments whose callback never came are asked of their gateway;
  // deposits of bookings that won't happen go back (ADR 085)
  { name: "payments", everyMinutes: 5, run: (ctx) => reconcilePending(ctx) },
  // 00:00 UTC (03:00 in Baghdad): the last two days' payments asked again, and the subscription's reminders
  { name: "payments nightly", everyMinutes: 1440, run: (ctx) => reconcileNightly(ctx) },
];

/**
 * Runs the sweeps; one failing does not stop the others. Returns what each reported (or its error). Given the
 * Cron Trigger's minute (`scheduledAt`), a sweep runs only on its own cadence; without it (`/dev/scheduler`), all run.
 */
export async function runSweeps(
  ctx: ServiceContext,
  sweeps = SWEEPS,
  scheduledAt?: number,
): Promise<Record<string, unknown>> {
  const report: Record<string, unknown> = {};
  const minute = scheduledAt === undefined ? null : Math.floor(scheduledAt / 60_000);
  for (const sweep of sweeps) {
    if (minute !== null && minute % (sweep.everyMinutes ?? 1) !== 0) continue;
    try {
      report[sweep.name] = await sweep.run(ctx);
    } catch (err) {
      console.error(`scheduled sweep "${sweep.name}" failed`, err);
      report[sweep.name] = { error: String(err) };
    }
  }
  return report;
}
