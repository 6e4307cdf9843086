import { sql, type SQL } from "drizzle-orm";
import { providerAnalytics } from "../../db/schema";
import type { ServiceContext } from "../context";
import { selectRowWhere } from "../providers/writeProvider";
import { analyticsDay } from "./countProviderEvent";

type Counter = "bookingRequests" | "acceptedBookings" | "completedServices" | "revenue";

/**
 * Adds to a provider's counters on today's row (the day in Iraq time), as ONE upsert statement that can
 * go into a batch. With `onlyIf`, nothing is counted unless that condition holds when the statement runs
 * (e.g. "the guarded UPDATE before me in this batch really happened"), so a double tap counts once.
 */
export function countOnDay(
  ctx: Pick<ServiceContext, "db" | "now">,
  providerId: number,
  add: Partial<Record<Counter, number>>,
  onlyIf: SQL = sql`1`,
) {
  const set = Object.fromEntries(
    (Object.keys(add) as Counter[]).map((k) => [k, sql`${providerAnalytics[k]} + ${add[k] ?? 0}`]),
  );
  return ctx.db
    .insert(providerAnalytics)
    .select(selectRowWhere(providerAnalytics, { providerId, date: analyticsDay(ctx.now()), ...add }, onlyIf))
    .onConflictDoUpdate({ target: [providerAnalytics.providerId, providerAnalytics.date], set });
}
