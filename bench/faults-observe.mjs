// What bench:faults reads besides the Worker's answers: the local D1 file, the bells in each person's object, workerd's
// memory, and every message the stand-ins took (their list keeps the last 2,000, so it is read as the run goes).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";

/** sqlite3 on the local D1 file under `state` (read-only unless asked): what the Worker stored, read from outside. */
export function localD1(state) {
  const file = () => {
    const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
    return join(
      dir,
      readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
    );
  };
  return (sql, readonly = true) =>
    execFileSync("sqlite3", [...(readonly ? ["-readonly"] : []), file(), sql], { encoding: "utf8" }).trim();
}

/** The local secrets the Worker runs with (the stand-ins' token and secret sign our webhooks). */
export function devSecrets() {
  const file = existsSync(join(ROOT, ".dev.vars")) ? ".dev.vars" : ".dev.vars.example";
  return Object.fromEntries(
    [...readFileSync(join(ROOT, file), "utf8").matchAll(/^([A-Z_0-9]+)\s*=\s*"?([^"\n]*)"?\s*$/gm)].map((m) => [
      m[1],
      m[2],
    ]),
  );
}

/**
 * Resident memory (MB) of the workerd processes under `pid` (wrangler dev runs workerd as its child, not ours), summed;
 * with `each`, each process's, largest first (the app's workerd and wrangler dev's proxy are apart).
 */
export function workerdTreeRssMB(pid, each = false) {
  const parent = new Map();
  const info = new Map();
  for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "latin1");
      parent.set(p, status.match(/^PPid:\s+(\d+)/m)?.[1]);
      info.set(p, {
        workerd: readFileSync(`/proc/${p}/cmdline`, "latin1").includes("workerd"),
        rss: Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0),
      });
    } catch {
      // gone meanwhile
    }
  }
  const under = (p) => {
    for (let q = parent.get(p); q && q !== "0"; q = parent.get(q)) if (q === String(pid)) return true;
    return false;
  };
  const ours = [...info].filter(([p, i]) => i.workerd && under(p)).map(([, i]) => i.rss / 1024);
  return each ? ours.sort((a, b) => b - a).map((mb) => Math.round(mb)) : ours.reduce((a, b) => a + b, 0);
}

/** How many Durable Objects the run has stored (one SQLite file each, every class). */
export function objectFiles(state) {
  const dir = join(state, "v3", "do");
  try {
    return readdirSync(dir).reduce(
      (n, sub) => n + readdirSync(join(dir, sub)).filter((f) => f.endsWith(".sqlite")).length,
      0,
    );
  } catch {
    return 0;
  }
}

/** Bell rows in every person's object, and the events told twice: the same type, subject and text more than once. */
export function bellTwice(state) {
  const dir = join(state, "v3", "do");
  // byEvent: "message key|related id" → rows, over everyone's bell
  // (a booking's alert is its owner's, its answer its customer's)
  const out = { rows: 0, twice: [], byEvent: new Map() };
  for (const sub of readdirSync(dir).filter((d) => d.includes("UserSockets"))) {
    for (const f of readdirSync(join(dir, sub)).filter((f) => f.endsWith(".sqlite"))) {
      const q = (sql) =>
        execFileSync("sqlite3", ["-readonly", join(dir, sub, f), sql], {
          encoding: "utf8",
        }).trim();
      if (!q("SELECT count(*) FROM sqlite_master WHERE name = 'bell'").startsWith("1")) continue;
      out.rows += Number(q("SELECT count(*) FROM bell"));
      for (const line of q(
        "SELECT message_key || '|' || related_id, count(*) FROM bell WHERE related_id IS NOT NULL GROUP BY " +
          "message_key, related_id",
      )
        .split("\n")
        .filter(Boolean)) {
        const [event, n] =
          line.split("|").length === 3
            ? [line.split("|").slice(0, 2).join("|"), Number(line.split("|")[2])]
            : [line, 0];
        out.byEvent.set(event, (out.byEvent.get(event) ?? 0) + n);
      }
      const dup = q(
        "SELECT type || ' ' || coalesce(related_id, '') || ' ' || coalesce(message_key, '') || ' ' || " +
          "coalesce(params, message), count(*) FROM bell GROUP BY type, related_id, message_key, " +
          "coalesce(params, message) HAVING count(*) > 1",
      );
      if (dup) out.twice.push(...dup.split("\n").map((l) => `${f.slice(0, 8)}: ${l.slice(0, 160)}`));
    }
  }
  return out;
}

/** Every call the stand-ins took, read every 2 s while `running()` (one list serves both ports). */
export function collectSent(api, running) {
  const all = [];
  let since = 0;
  const read = async () => {
    const got = await (await fetch(`${api}/__sent?since=${since}`)).json();
    for (const s of got) all.push(s);
    if (got.length) since = got.at(-1).seq;
  };
  const loop = (async () => {
    while (running()) {
      await read().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2000));
    }
  })();
  return { all, read, done: () => loop };
}
