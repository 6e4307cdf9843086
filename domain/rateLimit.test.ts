import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { isServiceError } from "./errors";
import { releaseOnError, takeSlot, withSlot, type Limit } from "./rateLimit";

const ctx = (now = () => new Date()) => ({ db: createDb(env.DB), now });
const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps);
const limited = (r: PromiseSettledResult<unknown>) => r.status === "rejected" && isServiceError(r.reason) && r.reason.code === "RATE_LIMITED";

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
    const a = await takeSlot(ctx(() => new Date(t0)), limit);
    await takeSlot(ctx(() => new Date(t0)), limit);
    await expect(takeSlot(ctx(() => new Date(t0)), limit)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await a.release();
    await takeSlot(ctx(() => new Date(t0)), limit);
    await expect(takeSlot(ctx(() => new Date(t0 + 500)), limit)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await takeSlot(ctx(() => new Date(t0 + 1_001)), limit);
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
});
