import { expireStaleBookings } from "./bookings/expireStaleBookings";
import type { ServiceContext } from "./context";
import { applyRetention } from "./retention/rules";
import { sweepScheduled } from "./scheduler/send";

/**
 * Everything the Cron Trigger runs (wrangler.toml: every minute), one entry per sweep, each bounded on its
 * own. `POST /dev/scheduler?at=<ISO time>` runs the same list as if the clock read that time (development only).
 * A new periodic job (reminders, …) is one more entry here.
 */
export interface Sweep {
  name: string;
  run(ctx: ServiceContext): Promise<unknown>;
}

export const SWEEPS: Sweep[] = [
  { name: "expire stale bookings", run: (ctx) => expireStaleBookings(ctx) },
  { name: "retention", run: (ctx) => applyRetention(ctx) },
  // reminders and the review's ask (ADR 043): what is due now is claimed and handed to its sender
  { name: "after-booking messages", run: (ctx) => sweepScheduled(ctx) },
];

/** Runs every sweep; one failing does not stop the others. Returns what each reported (or its error). */
export async function runSweeps(ctx: ServiceContext, sweeps = SWEEPS): Promise<Record<string, unknown>> {
  const report: Record<string, unknown> = {};
  for (const sweep of sweeps) {
    try {
      report[sweep.name] = await sweep.run(ctx);
    } catch (err) {
      console.error(`scheduled sweep "${sweep.name}" failed`, err);
      report[sweep.name] = { error: String(err) };
    }
  }
  return report;
}
