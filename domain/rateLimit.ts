import { and, count, eq, gt, lte } from "drizzle-orm";
import { rateLimitEvents } from "../db/schema";
import type { ServiceContext } from "./context";
import { ServiceError } from "./errors";

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Exact sliding-window counting in D1: how many events under `key` in the last `windowMs`. */
export async function recentEvents(ctx: Pick<ServiceContext, "db" | "now">, limit: Limit): Promise<number> {
  const since = new Date(ctx.now().getTime() - limit.windowMs);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, limit.key), gt(rateLimitEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function assertUnderLimit(ctx: Pick<ServiceContext, "db" | "now">, limit: Limit): Promise<void> {
  if ((await recentEvents(ctx, limit)) >= limit.max) throw new ServiceError("RATE_LIMITED", "errors.rateLimited");
}

/** Records one event and drops this key's events that have left the window. */
export async function recordEvent(ctx: Pick<ServiceContext, "db" | "now">, limit: Limit): Promise<void> {
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.insert(rateLimitEvents).values({ key: limit.key, createdAt: now }),
    ctx.db
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, limit.key), lte(rateLimitEvents.createdAt, new Date(now.getTime() - limit.windowMs)))),
  ]);
}

export async function clearEvents(ctx: Pick<ServiceContext, "db">, key: string): Promise<void> {
  await ctx.db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}

const MINUTE = 60_000;
export const LIMITS = {
  /** 10 failed logins for a phone in 15 minutes locks that phone until the window passes */
  failedLogin: (phone: string): Limit => ({ key: `login-fail:${phone}`, max: 10, windowMs: 15 * MINUTE }),
  /** verification codes: 5 per phone per hour */
  sendCode: (phone: string): Limit => ({ key: `send-code:${phone}`, max: 5, windowMs: 60 * MINUTE }),
  /** registrations: 5 attempts per phone per hour */
  register: (phone: string): Limit => ({ key: `register:${phone}`, max: 5, windowMs: 60 * MINUTE }),
};
