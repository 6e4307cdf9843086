/**
 * The payments bench's routes (bench/payments.mjs), mounted under /api/_bench behind its development-only guard:
 * payments opened at the gateways' stand-ins without the per-person start limit, and the sweeps of ADR 085 run as the
 * scheduler runs them, on a D1 binding that adds up what every statement read (D1's `meta.rows_read`).
 */
import { Hono } from "hono";
import { z } from "zod";
import { GATEWAYS } from "../../domain/payments/gateway";
import { reconcileNightly, reconcilePending } from "../../domain/payments/reconcile";
import { startPayment } from "../../domain/payments/startPayment";
import { parseInput } from "../../domain/validation";
import type { AppBindings, Env } from "../env";
import { serviceContext } from "../services";
import { jsonBody } from "../api/body";

type Meta = { rows_read?: number; rows_written?: number; duration?: number };
type Tallied = D1PreparedStatement & { inner: D1PreparedStatement; sqlText: string };

/**
 * `d1` with every statement's meta added up, per SQL text. Drizzle reads selects with `raw()`, which drops the meta:
 * here it runs as `all()` and its rows become arrays the way drizzle's own batch path makes them.
 */
export function tallyingD1(d1: D1Database) {
  const bySql = new Map<string, { runs: number; rowsRead: number; rowsWritten: number }>();
  const total = { statements: 0, rowsRead: 0, rowsWritten: 0, sqlMs: 0 };
  const add = (sqlText: string, meta: Meta) => {
    const s = bySql.get(sqlText) ?? { runs: 0, rowsRead: 0, rowsWritten: 0 };
    s.runs++;
    s.rowsRead += Number(meta.rows_read ?? 0);
    s.rowsWritten += Number(meta.rows_written ?? 0);
    bySql.set(sqlText, s);
    total.statements++;
    total.rowsRead += Number(meta.rows_read ?? 0);
    total.rowsWritten += Number(meta.rows_written ?? 0);
    total.sqlMs += Number(meta.duration ?? 0);
  };
  const wrap = (inner: D1PreparedStatement, sqlText: string): Tallied => {
    const all = async <T>() => {
      const r = await inner.all<T>();
      add(sqlText, r.meta as Meta);
      return r;
    };
    return {
      inner,
      sqlText,
      bind: (...values: unknown[]) => wrap(inner.bind(...values), sqlText),
      all,
      async run() {
        const r = await inner.run();
        add(sqlText, r.meta as Meta);
        return r;
      },
      async first(column?: string) {
        const row = (await all<Record<string, unknown>>()).results[0];
        return row === undefined ? null : column ? row[column] : row;
      },
      async raw(opts?: { columnNames?: boolean }) {
        const rows = (await all<Record<string, unknown>>()).results;
        const values = rows.map((r) => Object.keys(r).map((k) => r[k]));
        return opts?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values;
      },
    } as unknown as Tallied;
  };
  const db = {
    prepare: (sqlText: string) => wrap(d1.prepare(sqlText), sqlText),
    async batch(statements: Tallied[]) {
      const results = await d1.batch(statements.map((s) => s.inner));
      results.forEach((r, i) => add(statements[i].sqlText, r.meta as Meta));
      return results;
    },
    exec: (q: string) => d1.exec(q),
    dump: () => (d1 as unknown as { dump(): Promise<ArrayBuffer> }).dump(),
    withSession: () => db,
  } as unknown as D1Database;
  const heaviest = (n: number) =>
    [...bySql]
      .sort((a, b) => b[1].rowsRead - a[1].rowsRead)
      .slice(0, n)
      .map(([sqlText, s]) => ({ sql: sqlText.slice(0, 300), ...s }));
  // the first statement a sweep runs is its search for the payments to ask
  const first = () => {
    const [sqlText, s] = [...bySql][0] ?? ["", { runs: 0, rowsRead: 0, rowsWritten: 0 }];
    return { sql: sqlText.slice(0, 300), ...s };
  };
  return { db, total, heaviest, first };
}

const openSchema = z.object({ count: z.number().int().min(1).max(2000) });
const sweepSchema = z.object({ at: z.iso.datetime(), sweep: z.enum(["pending", "nightly"]) });

/** Limits that never refuse: the bench opens hundreds of payments for a handful of providers. */
const unlimited = { take: async () => 1, release: async () => {} };

export const benchPaymentsApi = new Hono<AppBindings>()
  /**
   * POST /api/_bench/payments/open { count } — `count` subscription payments through the real verb (startPayment,
   * its row and its gateway's start), each gateway in turn, for the listings that have an account; the start limit
   * (20 an hour a person) is lifted, since the bench opens hundreds. Answers each payment's gateway and its id there.
   */
  .post("/open", async (c) => {
    const { count } = parseInput(openSchema, await jsonBody(c));
    const owners = (
      await c.env.DB.prepare(
        "SELECT user_id AS userId FROM service_providers WHERE user_id IS NOT NULL ORDER BY id",
      ).all<{ userId: number }>()
    ).results;
    const base = serviceContext(c.env);
    const origin = new URL(c.req.url).origin;
    const gateways = GATEWAYS.filter((g) => base.ports.payments.gateways[g]);
    // the stand-ins' addresses are the bench's to give (bench/payments.mjs): without them there is nothing to open
    if (!gateways.length || !owners.length)
      return c.json({ message: "no gateway configured, or no listing with an account" }, 409);
    const opened = [];
    for (let i = 0; i < count; i++) {
      const ctx = {
        ...base,
        actor: {
          kind: "user" as const,
          userId: owners[i % owners.length].userId,
          userType: "provider" as const,
          isAdmin: false,
        },
        ports: { ...base.ports, limits: { ...base.ports.limits, ...unlimited } },
      };
      const gateway = gateways[i % gateways.length];
      const started = await startPayment(ctx, { purpose: "subscription", gateway }, origin);
      const row = await c.env.DB.prepare("SELECT transaction_id AS id FROM payments WHERE id = ?")
        .bind(started.paymentId)
        .first<{ id: string }>();
      opened.push({ paymentId: started.paymentId, gateway, gatewayId: row?.id ?? "" });
    }
    return c.json({ opened });
  })
  /**
   * POST /api/_bench/payments/sweep { at, sweep } — reconcilePending or reconcileNightly as the scheduler runs it at
   * `at`, on a binding that adds up every statement's rows read and written; with the statements that read most, and,
   * in the same run, what a scan of the table for the nightly's rows reads (the baseline the sweep must stay far
   * under).
   */
  .post("/sweep", async (c) => {
    const { at, sweep } = parseInput(sweepSchema, await jsonBody(c));
    const tally = tallyingD1(c.env.DB);
    const ctx = { ...serviceContext({ ...c.env, DB: tally.db } as Env), now: () => new Date(at) };
    const t0 = performance.now();
    const report = sweep === "pending" ? await reconcilePending(ctx) : await reconcileNightly(ctx);
    const ms = performance.now() - t0;
    const scan = await c.env.DB.prepare(
      "SELECT id FROM payments NOT INDEXED WHERE payment_method IN ('zaincash', 'qicard', 'fib') AND " +
        "payment_status IN ('pending', 'paid') AND created_at > ? ORDER BY id LIMIT 500",
    )
      .bind(new Date(at).getTime() - 2 * 86_400_000)
      .all();
    const table = await c.env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>();
    return c.json({
      report,
      ms,
      ...tally.total,
      heaviest: tally.heaviest(6),
      find: tally.first(),
      scanRowsRead: Number(scan.meta.rows_read ?? 0),
      tableRows: table?.n ?? 0,
    });
  });
