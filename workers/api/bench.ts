import { Hono } from "hono";
import { likeScanForBenchmark, searchProvidersWithStats } from "../../domain/search/searchProviders";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

interface BenchQuery {
  label: string;
  params: Record<string, string>;
}

/**
 * POST /api/_bench/search { queries, runs } — times each query through the real search verb and as a
 * LIKE '%q%' scan over the same table, inside workerd against real D1 (bench/search.mjs prints it).
 * Refused in production: it lets anyone run hundreds of scans.
 */
export const benchApi = new Hono<AppBindings>().post("/search", async (c) => {
  if (c.env.APP_ENV === "production") return c.json({ message: "Not found" }, 404);
  const { queries, runs = 20, scanRuns = 3 } = (await c.req.json()) as { queries: BenchQuery[]; runs?: number; scanRuns?: number };
  const ctx = serviceContext(c.env);
  const out = [];
  // what any D1 call costs here (binding round trip), so the figures below can be read against it
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await c.env.DB.prepare("SELECT 1").first();
    baseline.push(performance.now() - t0);
  }
  for (const q of queries) {
    const times: number[] = [];
    const sqlTimes: number[] = [];
    let last: Awaited<ReturnType<typeof searchProvidersWithStats>> | null = null;
    for (let i = 0; i < runs + 2; i++) {
      const t0 = performance.now();
      last = await searchProvidersWithStats(ctx, q.params);
      if (i >= 2) {
        // two warm-up runs
        times.push(performance.now() - t0);
        sqlTimes.push(last.sqlMs);
      }
    }
    // the same query without transliteration keys: rows read before the key was indexed and queried
    const withoutKeys = await searchProvidersWithStats(ctx, q.params, { nameKeys: false });
    const scanTimes: number[] = [];
    const scanSqlTimes: number[] = [];
    let scan: Awaited<ReturnType<typeof likeScanForBenchmark>> | null = null;
    for (let i = 0; i < scanRuns; i++) {
      const t0 = performance.now();
      scan = await likeScanForBenchmark(c.env.DB, q.params);
      scanTimes.push(performance.now() - t0);
      scanSqlTimes.push(scan.sqlMs);
    }
    out.push({ label: q.label, times, sqlTimes, scanTimes, scanSqlTimes, total: last?.total ?? 0, capped: last?.capped ?? false, rowsRead: last?.rowsRead ?? 0, rowsReadWithoutKeys: withoutKeys.rowsRead, totalWithoutKeys: withoutKeys.total, scanTotal: scan?.total ?? 0, scanRowsRead: scan?.rowsRead ?? 0 });
  }
  const providers = await c.env.DB.prepare("SELECT count(*) AS n FROM service_providers").first<number>("n");
  return c.json({ providers, baseline, results: out });
});
