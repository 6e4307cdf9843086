import { env } from "cloudflare:workers";
import { ttlKeysObject } from "../workers/objectNames";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { platformPorts } from "../workers/services";
import { isServiceError } from "./errors";
import { releaseOnError, takeSlot, withSlot, type Limit } from "./rateLimit";

const ctx = (now = () => new Date()) => ({ ports: platformPorts(env), now });
const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps);
const limited = (r: PromiseSettledResult<unknown>) =>
  r.status === "rejected" && isServiceError(r.reason) && r.reason.code === "RATE_LIMITED";

describe("takeSlot: limits that parallel requests cannot beat", () => {
  it("of 30 simultaneous attempts under a limit of 10, exactly 10 pass and 20 are refused", async () => {
    const limit: Limit = { key: "test:parallel", max: 10, windowMs: 60_000 };
    const results = await settle(Array.from({ length: 30 }, () => takeSlot(ctx(), limit)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(results.filter(limited)).toHaveLength(20);
  });

  it("a released slot can be taken again; a slot outside the window no longer counts", async () => {
    const limit: Limit = { key: "test:release", max: 2, windowMs: 1_000 };
    const t0 = Date.now();
    const a = await takeSlot(
      ctx(() => new Date(t0)),
      limit,
    );
    await takeSlot(
      ctx(() => new Date(t0)),
      limit,
    );
    await expect(
      takeSlot(
        ctx(() => new Date(t0)),
        limit,
      ),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await a.release();
    await takeSlot(
      ctx(() => new Date(t0)),
      limit,
    );
    await expect(
      takeSlot(
        ctx(() => new Date(t0 + 500)),
        limit,
      ),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await takeSlot(
      ctx(() => new Date(t0 + 1_001)),
      limit,
    );
  });

  it("work that fails gives its slot back; work that succeeds keeps it", async () => {
    const limit: Limit = { key: "test:with", max: 1, windowMs: 60_000 };
    await expect(withSlot(ctx(), limit, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await withSlot(ctx(), limit, async () => "ok");
    await expect(withSlot(ctx(), limit, async () => "again")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const other = await takeSlot(ctx(), { ...limit, key: "test:with-2" });
    await expect(releaseOnError(other, async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    await takeSlot(ctx(), { ...limit, key: "test:with-2" });
  });

  it(
    "slots live in the limit's own object, not D1; its alarm forgets those whose window ended, and an object " +
      "left empty holds nothing",
    async () => {
      const key = "test:forgotten";
      const now = Date.now();
      const limit: Limit = { key, max: 5, windowMs: 15 * 60_000 };
      // one taken 16 minutes ago (its 15-minute window is over), one now
      await takeSlot(
        ctx(() => new Date(now - 16 * 60_000)),
        limit,
      );
      await takeSlot(
        ctx(() => new Date(now)),
        limit,
      );
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'rate_limit_events'").first("n"),
      ).toBe(0);
      const object = ttlKeysObject(env, `limit:${key}`);
      const rows = () =>
        runInDurableObject(object, (_o, state) =>
          state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'kept'").toArray().length
            ? state.storage.sql.exec("SELECT until FROM kept").toArray().length
            : 0,
        );
      // (the alarm was set for the first slot's end, which has passed: it may have run already)
      await runDurableObjectAlarm(object);
      expect(await rows()).toBe(1);
      // the one left ends 15 minutes from now: its alarm is set for then
      expect(await runInDurableObject(object, (_o, state) => state.storage.getAlarm())).toBe(now + 15 * 60_000);
      await object.release(
        await runInDurableObject(
          object,
          (_o, state) => state.storage.sql.exec<{ id: number }>("SELECT id FROM kept").one().id,
        ),
      );
      expect(await runDurableObjectAlarm(object)).toBe(true);
      expect(
        await runInDurableObject(
          object,
          (_o, state) => state.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'kept'").one().n,
        ),
      ).toBe(0);
    },
  );
});
