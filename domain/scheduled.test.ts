import { describe, expect, it } from "vitest";
import type { ServiceContext } from "./context";
import { runSweeps, SWEEPS, type Sweep } from "./scheduled";

describe("the Cron Trigger's sweeps on their own cadence", () => {
  const ran: string[] = [];
  const sweep = (name: string, everyMinutes?: number): Sweep => ({
    name,
    everyMinutes,
    run: async () => void ran.push(name),
  });
  const sweeps = [sweep("each minute"), sweep("every 15", 15)];
  const ctx = {} as ServiceContext;

  it(
    "a sweep of every 15 minutes runs on the quarter hour only; the every-minute sweep runs each minute; " +
      "/dev/scheduler (no minute) runs all",
    async () => {
      const quarter = Date.parse("2026-11-25T18:15:00Z");
      ran.length = 0;
      await runSweeps(ctx, sweeps, quarter);
      expect(ran).toEqual(["each minute", "every 15"]);
      ran.length = 0;
      await runSweeps(ctx, sweeps, quarter + 60_000);
      expect(ran).toEqual(["each minute"]);
      ran.length = 0;
      await runSweeps(ctx, sweeps);
      expect(ran).toEqual(["each minute", "every 15"]);
    },
  );

  it(
    "the after-booking messages and untold bookings go each minute; expiry and retention keep their quarter " +
      "hour; the bell moves each minute until D1's table is gone; old closed bookings move to the archive each " +
      "minute, 50 at a time; the chat lists move each minute (ADR 065); payments are asked of their gateway every " +
      "5 minutes and again nightly (ADR 085)",
    () => {
      const cadence = Object.fromEntries(SWEEPS.map((s) => [s.name, s.everyMinutes ?? 1]));
      expect(cadence).toEqual({
        "expire stale bookings": 15,
        retention: 15,
        "untold bookings": 1,
        "after-booking messages": 1,
        "archive old bookings": 1,
        "move the bell": 1,
        "move the chat lists": 1,
        payments: 5,
        "payments nightly": 1440,
      });
    },
  );
});
