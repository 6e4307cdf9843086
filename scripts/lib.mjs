// Shared helpers for the project's scripts (plain Node, no TypeScript runtime needed).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** No telemetry, no cf.json fetch: everything stays on this machine. */
export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  CI: process.env.CI ?? "true",
};

const bin = (name) => join(ROOT, "node_modules", ".bin", name);

/**
 * What makes a local Worker a development one. wrangler.toml's top level is production, so a plain `wrangler deploy`
 * (without `--env production`) talks to the real Telegram and Twilio, and keeps shut the local-only routes (/dev/bot,
 * /dev/scheduler, /api/_bench), which only DEV_ENTRY carries. Every local start (npm start, the browser suite, the
 * benchmarks) passes these as `--var`s; `.dev.vars` says the same for a bare `wrangler dev`.
 */
export const DEV_VARS = {
  APP_ENV: "development",
  TELEGRAM_API_ROOT: "http://127.0.0.1:9911",
  TWILIO_API_BASE: "http://127.0.0.1:9912",
};

/**
 * The development Worker (ADR 088): the production app (wrangler.toml's main, workers/app.ts) with the bot console,
 * /dev/scheduler and the bench API added. Every local start serves it (`wrangler dev DEV_ENTRY`); a deploy never does.
 */
export const DEV_ENTRY = "workers/dev.ts";

/**
 * `--var NAME:value` arguments for `wrangler dev`: DEV_VARS, then `more` (an object, or `--var` arguments such as
 * the stand-ins' ports), one per name, the later winning.
 */
export function devVarArgs(...more) {
  const vars = { ...DEV_VARS };
  for (const m of more) {
    if (Array.isArray(m)) {
      for (let i = 0; i + 1 < m.length; i += 2) {
        if (m[i] !== "--var") continue;
        const at = m[i + 1].indexOf(":");
        vars[m[i + 1].slice(0, at)] = m[i + 1].slice(at + 1);
      }
    } else Object.assign(vars, m);
  }
  return Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
}

/**
 * Runs a command, streaming its output; resolves with captured stdout when it exits 0. `nice` lowers its priority
 * (and its children's, which inherit it) before it starts any.
 */
export function run(cmd, args, { quiet = false, capture = false, env = OFFLINE_ENV, nice = 0 } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd.includes("/") ? cmd : bin(cmd), args, {
      cwd: ROOT,
      env,
      stdio: ["ignore", capture || quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    });
    if (nice && child.pid) setPriority(child.pid, nice);
    let out = "";
    let err = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolvePromise(out);
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${err.slice(-4000)}${out.slice(-2000)}`));
    });
  });
}

export const wrangler = (args, opts) => run("wrangler", args, opts);

/** Bundles a TypeScript module with esbuild and imports it (scripts share code with the app this way). */
export async function importTs(relPath) {
  const { build } = await import("esbuild");
  const outfile = join(ROOT, ".wrangler", "tmp", "scripts", relPath.replace(/[\\/]/g, "_").replace(/\.ts$/, ".mjs"));
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(ROOT, relPath)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "error",
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** Local D1 state: `persistTo` gives a run its own database (tests, benchmarks). */
export function d1Args(persistTo) {
  return ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
}

export async function migrate(persistTo) {
  await wrangler(["d1", "migrations", "apply", "DB", ...d1Args(persistTo)], { quiet: true });
}

export async function countRows(table, persistTo) {
  const out = await wrangler(
    ["d1", "execute", "DB", ...d1Args(persistTo), "--json", "--command", `SELECT count(*) AS n FROM ${table}`],
    {
      capture: true,
      quiet: true,
      // the JSON result is printed at "log" level: a quieter level swallows it
      env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" },
    },
  );
  const parsed = JSON.parse(out);
  return Number(parsed?.[0]?.results?.[0]?.n ?? 0);
}

/**
 * Seeds demo data through a generated SQL file; returns how many providers went in.
 * @param {{ providers?: number, persistTo?: string, seedValue?: number, demoAccounts?: boolean }} [options]
 */
export async function seed({ providers = 300, persistTo = undefined, seedValue = 42, demoAccounts = true } = {}) {
  const { writeSeedFiles } = await importTs("db/seed/node.ts");
  const files = await writeSeedFiles(join(ROOT, ".wrangler", "tmp", `seed-${providers}`), {
    providers,
    seed: seedValue,
    demoAccounts,
  });
  const direct = persistTo && files.length > 1 ? await openLocalD1File(persistTo) : null;
  try {
    for (const [i, file] of files.entries()) {
      if (files.length > 1) console.log(`  seed file ${i + 1}/${files.length}`);
      if (direct) direct.exec(readFileSync(file, "utf8"));
      else await wrangler(["d1", "execute", "DB", ...d1Args(persistTo), "--file", file, "--yes"], { quiet: true });
    }
  } finally {
    direct?.close();
  }
  return providers;
}

/**
 * A benchmark database of 100k+ listings is written straight into the SQLite file that wrangler keeps
 * for local D1 (with the bench's better-sqlite3), in one transaction per seed file. `wrangler d1 execute
 * --file` sends the same statements through workerd a batch at a time: about 2 minutes per 70k
 * listings, half an hour for a million. The SQL, the migrations that made the schema and the triggers
 * that fill the search index are the same either way; only the pipe differs. Without better-sqlite3, Python's
 * sqlite3 writes the file the same way (30,000 listings in 62 s at load 15, against 1,299 s for 100,000 through
 * wrangler); returns null (wrangler is used) when neither is there.
 */
async function openLocalD1File(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = existsSync(dir)
    ? readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    : undefined;
  if (!file) return null;
  let Database;
  try {
    Database = createRequire(join(ROOT, "bench", "package.json"))("better-sqlite3");
  } catch {
    // without the bench's better-sqlite3 (it compiles from source on Node < 22.12), Python's sqlite3 writes the same
    // file the same way when it is there: one transaction per seed file, the same triggers filling the index
    if (
      spawnSync("python3", [
        "-c",
        "import sqlite3; sqlite3.connect(':memory:').execute('CREATE VIRTUAL TABLE t USING fts5(x)')",
      ]).status === 0
    ) {
      console.log(
        "  (bench dependencies not installed: seeding with Python's sqlite3 straight into the local D1 file)",
      );
      return pythonD1File(join(dir, file));
    }
    console.log(
      "  (bench dependencies not installed: seeding through wrangler, which is slower; `npm ci --prefix bench` " +
        "speeds this up)",
    );
    return null;
  }
  const db = new Database(join(dir, file));
  db.pragma("synchronous = OFF");
  return {
    exec(sql) {
      db.exec("BEGIN");
      try {
        db.exec(sql);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    close() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}

/**
 * openLocalD1File's writer through `python3` (its sqlite3 module, FTS5 included): each seed file in one transaction.
 */
function pythonD1File(path) {
  const exec = (code, input) => {
    const r = spawnSync("python3", ["-c", code, path], {
      input,
      maxBuffer: 1 << 20,
      stdio: ["pipe", "inherit", "inherit"],
    });
    if (r.status !== 0) throw new Error(`python3 sqlite3 exited with ${r.status}`);
  };
  return {
    // executescript runs the file's statements as they are; BEGIN/COMMIT around them make it one transaction (Python
    // 3.11 ships SQLite 3.40, before unixepoch('subsec'), which every created_at default calls: it is given here)
    exec: (sql) =>
      exec(
        "import sys, sqlite3, time\ndb = sqlite3.connect(sys.argv[1], " +
          "isolation_level=None)\ndb.create_function('unixepoch', 1, lambda m: time.time() if m in ('subsec', " +
          "'subsecond') else int(time.time()))\ndb.execute('PRAGMA synchronous = " +
          "OFF')\ndb.executescript('BEGIN;\\n' + sys.stdin.read() + '\\n;COMMIT;')\ndb.close()",
        sql,
      ),
    close: () =>
      exec(
        "import sys, sqlite3\ndb = sqlite3.connect(sys.argv[1])\ndb.execute('PRAGMA " +
          "wal_checkpoint(TRUNCATE)')\ndb.close()",
        "",
      ),
  };
}

/**
 * Computes search_text (domain/search providerSearchText) for provider rows that have none — rows
 * from before the search migration, or written by code that didn't set it. The update trigger
 * re-indexes each row.
 */
export async function reindex(persistTo) {
  const { providerSearchText } = await importTs("domain/search/searchText.ts");
  const { sqlLiteral } = await importTs("db/seed/sql.ts");
  const out = await wrangler(
    [
      "d1",
      "execute",
      "DB",
      "--local",
      ...(persistTo ? ["--persist-to", persistTo] : []),
      "--json",
      "--command",
      `SELECT p.id, p.name, p.specialty, p.specialty_ar AS specialtyAr, p.specialty_ku AS specialtyKu,
        p.name_other AS nameOther, p.location, p.description, p.city,
        c.name AS cName, c.name_ar AS cAr, c.name_ku AS cKu, t.name_en AS tEn, t.name_ar AS tAr, t.name_ku AS tKu
       FROM service_providers p LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN cities t ON t.id = p.city_id
       WHERE p.search_text IS NULL`,
    ],
    // the JSON result is printed at "log" level
    { capture: true, quiet: true, env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" } },
  );
  const rows = JSON.parse(out)?.[0]?.results ?? [];
  if (rows.length === 0) return;
  const statements = rows.map((r) => {
    const text = providerSearchText({
      ...r,
      category: r.cName ? { name: r.cName, nameAr: r.cAr, nameKu: r.cKu } : null,
      cityLabels: r.tEn ? { nameEn: r.tEn, nameAr: r.tAr, nameKu: r.tKu } : null,
    });
    return `UPDATE service_providers SET search_text = ${sqlLiteral(text)} WHERE id = ${Number(r.id)};`;
  });
  const file = join(ROOT, ".wrangler", "tmp", "reindex.sql");
  writeFileSync(file, statements.join("\n") + "\n");
  await wrangler(
    ["d1", "execute", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : []), "--file", file, "--yes"],
    { quiet: true },
  );
  console.log(`search index: ${rows.length} providers re-indexed`);
}
