// npm run bench:bell — the bell as fast as before: the code before the bell moved into the person's Durable Object
// (`--before REF`, default fcfa6c0, the parent of bfd1aae: the bell was D1's `notifications` table) and this checkout,
// each built and started (wrangler dev) on a fresh demo database of its own, measured in the same run, one sample on
// each in turn so the machine's load falls on both alike.
//   npm run bench:bell [-- --before REF --rounds 9]
// - first paint of the bell: GET /api/notifications (the list and unread count the bell draws), as the provider with
//   the round's alerts in it;
// - a live alert's arrival: from the request that causes it (the customer books: the provider's alert; the provider
//   accepts: the customer's) to the `notification` frame on the other person's open /ws socket;
// - D1 rows written per notification: the rows D1's tables gained per alert, in the bell's table (before: one per
//   alert; now: none, D1 has no bell) and in all tables (the booking's own rows, its outbox, its schedule).
// Median and p90 per system; the load average is printed beside each.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";
import { buildOnce, exec, flag, pct, sleep, startWorker } from "./lib.mjs";

// the WebSocket client miniflare ships (Node 20 has none of its own that sends a Cookie header)
const WebSocket = createRequire(join(ROOT, "node_modules", "miniflare", "package.json"))("ws");
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const ROUNDS = Number(flag("rounds", "9"));
const DEMO = {
  customer: ["+9647700000002", "dalil-customer-demo"],
  provider: ["+9647700000003", "dalil-provider-demo"],
  admin: ["+9647700000001", "dalil-admin-demo"],
};

/** The code at `ref` (git archive, no worktree registered), sharing this checkout's node_modules, built. */
async function checkout(ref) {
  const sha = (await exec("git", ["rev-parse", "--short", ref], ROOT)).trim();
  const dir = join(tmpdir(), `dalil-bench-bell-before-${sha}`);
  if (!existsSync(join(dir, "package.json"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await exec("bash", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], ROOT);
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  }
  await exec(join(ROOT, "node_modules", ".bin", "remix"), ["vite:build"], dir);
  return { dir, sha };
}

/** A fresh demo database for the code in `dir`, migrated and seeded by that code's own scripts. */
async function demoState(dir) {
  const state = mkdtempSync(join(tmpdir(), "dalil-bell-"));
  const lib = await import(join(dir, "scripts", "lib.mjs"));
  await lib.migrate(state);
  await lib.seed({ providers: 60, persistTo: state });
  return state;
}

/** Rows of every D1 table of a stopped or running local state (read-only). */
function d1Rows(state) {
  const d = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = join(
    d,
    readdirSync(d).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
  );
  const q = (sql) => execFileSync("sqlite3", ["-readonly", file, sql], { encoding: "utf8" }).trim();
  const tables = q(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE " +
      "'_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'providers_fts%'",
  )
    .split("\n")
    .filter(Boolean);
  return Object.fromEntries(tables.map((t) => [t, Number(q(`SELECT count(*) FROM "${t}"`))]));
}

async function system(name, dir) {
  const state = await demoState(dir);
  const app = await startWorker({ persistTo: state, cwd: dir });
  const call = async (path, { method = "GET", cookie, json } = {}) => {
    const res = await fetch(app.base + path, {
      method,
      redirect: "manual",
      headers: {
        Origin: app.base,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    });
    if (res.status >= 400) throw new Error(`${name}: ${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const login = async ([phone, password]) =>
    (await call("/api/auth/login", { method: "POST", json: { phone, password } })).headers
      .get("Set-Cookie")
      .match(/dalil_session=[^;]+/)[0];
  const people = {
    customer: await login(DEMO.customer),
    provider: await login(DEMO.provider),
    admin: await login(DEMO.admin),
  };
  const listing = (await (await call(`/api/providers?search=${encodeURIComponent("Ali Provider")}`)).json()).items[0]
    .id;
  /** Each person's /ws socket, and the times its notification frames arrived. */
  const sockets = {};
  for (const who of ["customer", "provider", "admin"]) {
    const ws = new WebSocket(app.base.replace("http", "ws") + "/ws", {
      headers: { Cookie: people[who], Origin: app.base },
    });
    const s = { ws, frames: [] };
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === "notification") s.frames.push(performance.now());
    });
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    sockets[who] = s;
  }
  await sleep(300);
  return { name, dir, state, app, call, people, listing, sockets };
}

/** Runs `cause` and waits for `who`'s socket to get a notification frame; ms from the request to the frame. */
async function alertTime(sys, who, cause) {
  const s = sys.sockets[who];
  const seen = s.frames.length;
  const t0 = performance.now();
  const result = await cause();
  for (const until = t0 + 15_000; s.frames.length === seen;) {
    if (performance.now() > until) throw new Error(`${sys.name}: no alert on ${who}'s socket within 15 s`);
    await sleep(2);
  }
  return { ms: s.frames[seen] - t0, result };
}

const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
let job = 0;
async function book(sys, who) {
  const res = await sys.call("/api/bookings", {
    method: "POST",
    cookie: sys.people[who],
    json: {
      providerId: sys.listing,
      serviceDescription: `Bell bench job ${++job}: the AC blows warm air`,
      customerLocation: "Karrada, street 62",
      customerPhone: "07700000002",
      preferredDate: day,
      preferredTime: "evening",
      urgency: "normal",
    },
  });
  return (await res.json()).id;
}

async function main() {
  const beforeRef = flag("before", "fcfa6c0");
  console.log(`› the bell before (${beforeRef}, D1) and now (this checkout, the person's object); load ${load()}`);
  const before = await checkout(beforeRef);
  await buildOnce();
  const systems = [
    await system(`before (${before.sha}, D1 bell)`, before.dir),
    await system("now (the person's object)", ROOT),
  ];
  const out = new Map(systems.map((s) => [s, { paint: [], alert: [], d1Before: d1Rows(s.state), alerts: 0 }]));
  try {
    // warm each Worker once (the first request compiles the routes)
    for (const s of systems) await s.call("/api/notifications", { cookie: s.people.provider });
    for (let r = 0; r < ROUNDS; r++) {
      for (const booker of ["customer", "admin"]) {
        for (const s of systems) {
          const o = out.get(s);
          const booked = await alertTime(s, "provider", () => book(s, booker));
          o.alert.push(booked.ms);
          const accepted = await alertTime(s, booker, () =>
            s.call(`/api/bookings/${booked.result}/accept`, { method: "POST", cookie: s.people.provider }),
          );
          o.alert.push(accepted.ms);
          o.alerts += 2;
        }
      }
      for (let i = 0; i < 4; i++) {
        for (const s of systems) {
          const t0 = performance.now();
          const res = await s.call("/api/notifications", { cookie: s.people.provider });
          const body = await res.json();
          out.get(s).paint.push(performance.now() - t0);
          if (!Array.isArray(body.items ?? body.notifications ?? body))
            throw new Error(`${s.name}: the bell answered ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
      if (r % 3 === 2) console.log(`  round ${r + 1}/${ROUNDS}, load ${load()}`);
    }
    await sleep(2000); // the outbox queue's deliveries
    const rows = [];
    for (const s of systems) {
      const o = out.get(s);
      const d1After = d1Rows(s.state);
      const gained = Object.fromEntries(
        Object.keys({ ...o.d1Before, ...d1After })
          .map((t) => [t, (d1After[t] ?? 0) - (o.d1Before[t] ?? 0)])
          .filter(([, n]) => n !== 0),
      );
      const bellRows = (gained.notifications ?? 0) + (gained.legacy_notifications ?? 0);
      rows.push({
        system: s.name,
        "bell list median ms": pct(o.paint, 50).toFixed(1),
        "bell list p90 ms": pct(o.paint, 90).toFixed(1),
        "live alert median ms": pct(o.alert, 50).toFixed(1),
        "live alert p90 ms": pct(o.alert, 90).toFixed(1),
        samples: `${o.paint.length} lists, ${o.alert.length} alerts`,
        "D1 bell rows per alert": (bellRows / o.alerts).toFixed(2),
        "D1 rows per alert (all tables)":
          `${(Object.values(gained).reduce((a, b) => a + b, 0) / o.alerts).toFixed(2)} ` +
          `(${Object.entries(gained)
            .map(([t, n]) => `${t} ${n}`)
            .join(", ")})`,
        load: load(),
      });
    }
    console.table(rows);
    const [b, n] = rows;
    console.log(
      `now ÷ before at the median: bell ` +
        `list ${(n["bell list median ms"] / b["bell list median ms"]).toFixed(2)}, live ` +
        `alert ${(n["live alert median ms"] / b["live alert median ms"]).toFixed(2)}; load ${load()}`,
    );
  } finally {
    for (const s of systems) {
      for (const k of Object.values(s.sockets)) k.ws.terminate();
      await s.app.stop();
      rmSync(s.state, { recursive: true, force: true });
    }
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
