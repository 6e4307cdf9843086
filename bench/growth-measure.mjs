// What bench/growth.mjs reads from wrangler dev's local state (ADR 041, 069): every D1 table's rows and record bytes
// (SQLite's dbstat, the table and each of its indexes apart, and each column's bytes), and the per-person Durable
// Objects' files (the bell and sessions in UserSockets, ADR 051/054; the short-lived keys in TtlKeys). The runner
// (growth.mjs) drives the month through the real doors and prints what these measure.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The measures of one state directory (`STATE`: wrangler dev's --persist-to). `devOnlyRows` fills as `measure` runs.
 */
export function measuresOf(STATE) {
  function d1File() {
    const dir = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
    return join(
      dir,
      readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
    );
  }

  /** The SQLite files of one Durable Object class, from wrangler dev's local state. */
  function objectFiles(className) {
    const root = join(STATE, "v3", "do");
    if (!existsSync(root)) return [];
    return readdirSync(root)
      .filter((d) => d.includes(className))
      .flatMap((d) =>
        readdirSync(join(root, d))
          .filter((f) => f.endsWith(".sqlite"))
          .map((f) => join(root, d, f)),
      );
  }

  /** Each person's object's SQLite file (UserSockets, ADR 051). */
  const personFiles = () => objectFiles("UserSockets");

  /**
   * The short-lived records that left D1 (ADR 054): each bot chat's handled updates and each rate limit's slots, in
   * TtlKeys objects. Rows by kind (a chat's `tg:`/`wa:` claims, a limit's slots), their record bytes, and the objects.
   */
  function measureTtlKeys() {
    const out = {
      objects: 0,
      claims: 0,
      claimBytes: 0,
      slots: 0,
      slotBytes: 0,
      fileBytes: 0,
      chatObjects: 0,
      chatFileBytes: 0,
    };
    for (const file of objectFiles("TtlKeys")) {
      const q = (sql) => execFileSync("sqlite3", ["-readonly", file, sql], { encoding: "utf8" }).trim();
      out.objects++;
      out.fileBytes += statSync(file).size;
      if (!q("SELECT count(*) FROM sqlite_master WHERE name = 'kept'").startsWith("1")) continue;
      const rows = Number(q("SELECT count(*) FROM kept"));
      const bytes = Number(
        q(
          "SELECT coalesce(sum(s.payload), 0) FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE " +
            "m.tbl_name = 'kept'",
        ) || 0,
      );
      // kept 30 days: a chat's handled updates and the dedupe keys of messages sent to it (the outbox, ADR 054)
      const claims = Number(
        q("SELECT count(*) FROM kept WHERE key LIKE 'tg:%' OR key LIKE 'wa:%' OR key LIKE 'dedupe:%'"),
      );
      out.claims += claims;
      if (claims) {
        out.chatObjects++;
        out.chatFileBytes += statSync(file).size;
      }
      out.slots += rows - claims;
      out.claimBytes += rows ? (bytes * claims) / rows : 0;
      out.slotBytes += rows ? (bytes * (rows - claims)) / rows : 0;
    }
    return out;
  }

  /**
   * The bell in every person's object: rows (read and unread), record bytes of the table and its indexes (dbstat, as
   * for D1), and the files' pages (what storage is billed on). Objects without a bell (only a socket or a send
   * count) count in `files` and `fileBytes`.
   */
  function measureBells() {
    const out = { objects: 0, withBell: 0, rows: 0, readRows: 0, bytes: 0, fileBytes: 0, sessions: 0, sessionBytes: 0 };
    for (const file of personFiles()) {
      const q = (sql) => execFileSync("sqlite3", ["-readonly", file, sql], { encoding: "utf8" }).trim();
      out.objects++;
      out.fileBytes += statSync(file).size;
      // the person's sign-in sessions (ADR 054's amendment): each kept until it expires, 30 days
      if (q("SELECT count(*) FROM sqlite_master WHERE name = 'sessions'").startsWith("1")) {
        out.sessions += Number(q("SELECT count(*) FROM sessions"));
        out.sessionBytes += Number(
          q(
            "SELECT coalesce(sum(s.payload), 0) FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE " +
              "m.tbl_name = 'sessions'",
          ) || 0,
        );
      }
      if (!q("SELECT count(*) FROM sqlite_master WHERE name = 'bell'").startsWith("1")) continue;
      out.withBell++;
      const [rows, read] = q("SELECT count(*), coalesce(sum(is_read), 0) FROM bell").split("|").map(Number);
      out.rows += rows;
      out.readRows += read;
      out.bytes += Number(
        q(
          "SELECT coalesce(sum(s.payload), 0) FROM dbstat s JOIN sqlite_master m ON m.name = s.name WHERE " +
            "m.tbl_name = 'bell'",
        ) || 0,
      );
    }
    return out;
  }

  /**
   * Rows development keeps that production does not: a delivered message's outbox row is deleted
   * (workers/queue/outbox.ts), except that development and tests keep a delivered verification code, sealed and marked
   * `sent`, for the console's /dev/bot/code. Production has no `sent` row at all.
   */
  const DEVELOPMENT_ONLY = "DELETE FROM outbox WHERE status = 'sent'";
  /** how many rows each measure left out as development-only */
  const devOnlyRows = [];

  /**
   * Rows and record bytes (table + its indexes) of every table, as production would keep them: read from a copy of
   * the local D1 file without the development-only rows.
   */
  function measure() {
    const copy = join(STATE, "measure.sqlite");
    rmSync(copy, { force: true });
    // a page-for-page copy (the live file's layout, so pages ÷ record bytes stays what D1's file has), then the delete
    execFileSync("sqlite3", ["-readonly", d1File(), `.backup '${copy}'`]);
    devOnlyRows.push(
      Number(execFileSync("sqlite3", [copy, `${DEVELOPMENT_ONLY}; SELECT changes();`], { encoding: "utf8" }).trim()),
    );
    const tables = measureFile(copy);
    rmSync(copy, { force: true });
    return tables;
  }

  function measureFile(file) {
    // one row per b-tree: the table's own rows and each of its indexes apart (D1 bills every index's pages too)
    const sql = `
      SELECT m.tbl_name AS t, s.name AS tree, sum(s.payload) AS payload, sum(s.pgsize) AS pages
        FROM dbstat s JOIN sqlite_master m ON m.name = s.name
       WHERE m.tbl_name NOT LIKE 'sqlite_%' AND m.tbl_name NOT LIKE '_cf_%' AND m.tbl_name NOT LIKE 'd1_%'
       AND m.tbl_name NOT LIKE 'providers_fts%'
       GROUP BY m.tbl_name, s.name`;
    const out = JSON.parse(execFileSync("sqlite3", ["-json", "-readonly", file, sql], { encoding: "utf8" }) || "[]");
    const tables = {};
    for (const r of out) {
      if (!tables[r.t]) {
        const rows = Number(
          execFileSync("sqlite3", ["-readonly", file, `SELECT count(*) FROM "${r.t}"`], { encoding: "utf8" }).trim(),
        );
        tables[r.t] = { rows, bytes: 0, pages: 0, trees: {} };
      }
      tables[r.t].bytes += r.payload;
      tables[r.t].pages += r.pages;
      tables[r.t].trees[r.tree] = r.payload;
    }
    // each column's bytes as length() counts them (text in bytes, numbers in digits), as tests/api/growth.test.ts does
    for (const t of Object.keys(tables)) {
      const cols = execFileSync("sqlite3", ["-readonly", file, `SELECT name FROM pragma_table_info('${t}')`], {
        encoding: "utf8",
      })
        .trim()
        .split("\n")
        .filter(Boolean);
      if (!cols.length) continue;
      const sums = execFileSync(
        "sqlite3",
        ["-readonly", file, `SELECT ${cols.map((c) => `coalesce(sum(length("${c}")), 0)`).join(", ")} FROM "${t}"`],
        { encoding: "utf8" },
      )
        .trim()
        .split("|")
        .map(Number);
      tables[t].columns = Object.fromEntries(cols.map((c, i) => [c, sums[i]]));
    }
    return tables;
  }

  return { measure, measureBells, measureTtlKeys, devOnlyRows };
}
