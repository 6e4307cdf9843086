import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "../../domain/validation";
import { isDevelopment } from "../devOnly";
import { translatorFor } from "../../i18n/translator";
import { jsonBody } from "./body";
import { likeScanForBenchmark, searchProvidersWithStats } from "../../domain/search/searchProviders";
import { judgeSearch } from "../../domain/search/judge";
import { publicData } from "../../domain/publicData";
import { searchTextOf, understand } from "../../bot/understand/understand";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

const benchSchema = z.object({
  queries: z.array(z.object({ label: z.string().max(100), params: z.record(z.string(), z.string().max(200)) })).min(1).max(40),
  runs: z.number().int().min(1).max(50).default(20),
  scanRuns: z.number().int().min(1).max(10).default(3),
});

/**
 * POST /api/_bench/search { queries, runs } — times each query through the real search verb and as a
 * LIKE '%q%' scan over the same table, inside workerd against real D1 (bench/search.mjs prints it).
 * Local only (isDevelopment): absent elsewhere, since it lets anyone run hundreds of scans. Bad input is a
 * 400 with a message.
 */
export const benchApi = new Hono<AppBindings>()
  // absent outside development and test: the same 404 as any unknown route
  .use("*", async (c, next) => (isDevelopment(c.env) ? next() : c.json({ message: translatorFor(c.get("lang"))("errors.notFound") }, 404)))
  .post("/search", async (c) => {
  const { queries, runs, scanRuns } = parseInput(benchSchema, await jsonBody(c));
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
  })
  /**
   * POST /api/_bench/judged — the judged query set (domain/search/judgedQueries.ts) through the search box's
   * search and through the bot's reader, at the bench database's scale: mean precision@5, dead ends, and the
   * slowest and widest of those searches (SQL time, rows read).
   */
  .post("/judged", async (c) => {
    const ctx = serviceContext(c.env);
    const places = await publicData(ctx);
    const runs: { q: string; sqlMs: number; rowsRead: number; ms: number }[] = [];
    const box = await judgeSearch(async (q) => {
      const t0 = performance.now();
      const r = await searchProvidersWithStats(ctx, { search: q, limit: "5" }, { places });
      runs.push({ q, sqlMs: r.sqlMs, rowsRead: r.rowsRead, ms: performance.now() - t0 });
      return r.items.map((i) => i.specialty);
    });
    const bot = await judgeSearch(async (q) => {
      const u = understand(q, places.cities);
      if (u.intent !== "search") return [];
      const said = searchTextOf(u, q, places.cities);
      const r = await searchProvidersWithStats(ctx, { ...(said ? { search: said } : {}), ...(u.city ? { city: u.city } : {}), limit: "5" }, { places });
      return r.items.map((i) => i.specialty);
    });
    return c.json({ box, bot, runs });
  });
