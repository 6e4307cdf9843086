// npm run bench:scheduler — the after-booking scheduler's sweep at a million rows (ADR 043).
//   node bench/scheduler.mjs [--rows 1000000 --due 1000 --runs 5]
// Builds the Worker, makes a fresh demo database, writes `--rows` scheduled messages straight into its local D1 file
// (half of them sent in the past, `--due` due now, the rest due later), starts the Worker on it and posts to the
// bench-only route (/api/_bench/scheduler), which runs the sweep's claim as the Cron Trigger does and, in the same
// run, a scan of the same table for the same rows. Prints per run: time, D1's SQL time and rows read for both, the
// ratios, and the load average beside each figure (the machine is shared). Not part of npm test.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildOnce, flag, median, startWorker } from "./lib.mjs";
import { migrate, ROOT, seed } from "../scripts/lib.mjs";

const ROWS = Number(flag("rows", "1000000"));
const DUE = Number(flag("due", "1000"));
const RUNS = Number(flag("runs", "5"));
const STATE = join(ROOT, ".bench-scheduler-state");
const AT = Date.parse("2026-12-01T15:00:00Z");

function d1File() {
  const dir = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
  );
}

/** The table as a month of a million bookings leaves it: past rows sent, a few due now, the rest due later. */
function fill() {
  const half = Math.floor(ROWS / 2);
  const sql = `
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO scheduled_messages (booking_id, user_id, role, kind, due_at, status, sent_at, created_at)
    SELECT i, 1, CASE WHEN i % 2 = 0 THEN 'customer' ELSE 'provider' END, 'reminderEvening',
           CASE WHEN i <= ${DUE} THEN ${AT} - i * 1000 WHEN i <= ${half} THEN ${AT} - i * 60000
           ELSE ${AT} + i * 1000 END,
           CASE WHEN i <= ${DUE} THEN 'due' WHEN i <= ${half} THEN 'sent' ELSE 'due' END,
           CASE WHEN i > ${DUE} AND i <= ${half} THEN ${AT} - i * 60000 END,
           ${AT} - 30 * 86400000
      FROM n;`;
  execFileSync("sqlite3", [d1File(), sql]);
  return Number(
    execFileSync("sqlite3", ["-readonly", d1File(), "SELECT count(*) FROM scheduled_messages"], {
      encoding: "utf8",
    }).trim(),
  );
}

const load = () => loadavg()[0].toFixed(2);
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

async function main() {
  await buildOnce();
  rmSync(STATE, { recursive: true, force: true });
  await migrate(STATE);
  await seed({ providers: 50, persistTo: STATE });
  console.log(`› ${ROWS.toLocaleString("en")} scheduled rows (${DUE} due)`);
  const t0 = Date.now();
  const rows = fill();
  console.log(`  written in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${rows.toLocaleString("en")} rows`);
  const app = await startWorker({ persistTo: STATE });
  try {
    // one warm-up run, then the measured runs, each with the load average at its moment
    const lines = [];
    for (let r = 0; r <= RUNS; r++) {
      const loadBefore = load();
      const res = await fetch(`${app.base}/api/_bench/scheduler`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ at: new Date(AT).toISOString(), runs: 1 }),
      });
      if (!res.ok) throw new Error(`bench route answered ${res.status}: ${await res.text()}`);
      const out = await res.json();
      if (r === 0) continue;
      lines.push({
        load: loadBefore,
        sweep: out.sweep[0],
        find: out.find[0],
        scan: out.scan[0],
        tableRows: out.tableRows,
      });
    }
    console.log(
      "\nrun | load | claim ms (SQL ms) | claim rows read / claimed | find rows read | scan ms (SQL ms) | scan " +
        "rows read | scan/claim time | scan/claim rows read",
    );
    for (const [i, l] of lines.entries()) {
      console.log(
        `${i + 1} | ${l.load} | ${fmt(l.sweep.ms)} (${fmt(l.sweep.sqlMs)}) | ${l.sweep.rowsRead} ` +
          `/ ${l.sweep.rows} | ${l.find.rowsRead} | ${fmt(l.scan.ms)} (${fmt(l.scan.sqlMs)}) ` +
          `| ${l.scan.rowsRead} | ${fmt(l.scan.ms / l.sweep.ms)}× | ${fmt(l.scan.rowsRead / l.sweep.rowsRead)}×`,
      );
    }
    const sweepMs = median(lines.map((l) => l.sweep.ms));
    const scanMs = median(lines.map((l) => l.scan.ms));
    const readRatio = median(lines.map((l) => l.sweep.rowsRead / Math.max(1, l.sweep.rows)));
    const findRatio = median(lines.map((l) => l.find.rowsRead / Math.max(1, l.find.rows)));
    console.log(
      `\nmedian: claim ${fmt(sweepMs)} ms, scan ${fmt(scanMs)} ms (${fmt(scanMs / sweepMs)}× the claim); rows ` +
        `read per row due: finding ${fmt(findRatio, 2)} (goal ≤ 2), the claiming UPDATE with its index ` +
        `upkeep ${fmt(readRatio, 2)}; load ${load()}`,
    );
    console.log(`table: ${lines[0]?.tableRows.toLocaleString("en")} rows`);
  } finally {
    await app.stop();
  }
}

await main();
