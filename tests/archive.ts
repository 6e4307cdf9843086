import { env } from "cloudflare:workers";
import { archiveOldBookings } from "../domain/bookings/archiveSweep";
import { serviceContext } from "../workers/services";

/**
 * Runs the archive's Cron step (ADR 062) until nothing is left to move: the seed's closed bookings past 60 days
 * (several hundred) move too, 50 a run. Returns what each run moved. A file that times `/dev/scheduler` runs calls it
 * first, so each run it times pays for its own sweeps, not for the seed's backlog.
 */
export async function drainArchive(): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { archived } = await archiveOldBookings(serviceContext(env));
    runs.push(archived);
    if (archived === 0) return runs;
  }
  throw new Error("the archive never finished");
}
