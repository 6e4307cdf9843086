// npm run bench:payments — the gateways' callbacks and the payments' sweeps at 100,000 payments (ADR 085).
//   npm run bench:payments [-- --rows 100000 --payments 200 --open 200 --rounds 4 --sweeps 3 --port 8799] [-- --quick]
// Builds the Worker, makes a fresh demo database and writes `--rows` payments straight into its local D1 file (paid
// and old, spread over the listings, with a few hundred recent ones the nightly must pass over: cash, failed, expired),
// then starts the three payment stand-ins (scripts/payments/) and the Worker on wrangler dev, told their addresses.
// 1. Callbacks: the demo provider and the listings' owners sign in and start `--payments` subscriptions through
//    POST /api/payments, each gateway in turn; each is paid through its stand-in's /__complete, which posts the real
//    signed callback to the Worker's door, timed here as the Worker answered it (a first callback: the row changes);
//    then the same callback again (a duplicate: 200, nothing changes) and a forged one (400: ZainCash's token or Qi's
//    notification signed with another key, an FIB id the gateway never issued). The baseline, sampled between them
//    in the same run: a webhook door that does not exist (404). p50/p99 of each and its ratio to the baseline, per
//    round; a round's ratios count only when its baseline held (its p50 within 1.5× of the calmest round's).
// 2. The sweeps at that size: `--open` more payments opened at the gateways (a third paid there with the callback
//    held back: the callback that never came), then reconcilePending and reconcileNightly `--sweeps` times each,
//    through the bench route, on a D1 binding that adds up every statement's rows read: payments asked, time, rows
//    read in all and per payment asked, beside what a scan of the table for the nightly's rows reads in the same run.
// The load average is printed beside each figure (the machine is shared). Not part of npm test.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildOnce, flag, freePort, hasFlag, median, pct, startWorker } from "./lib.mjs";
import { migrate, ROOT, seed } from "../scripts/lib.mjs";
import { startPaymentStandins } from "../scripts/payments/standins.mjs";
import { signHs256 } from "../scripts/payments/zaincash.mjs";

const QUICK = hasFlag("quick");
const ROWS = Number(flag("rows", QUICK ? "5000" : "100000"));
const PAYMENTS = Number(flag("payments", QUICK ? "30" : "200"));
const OPEN = Number(flag("open", QUICK ? "30" : "200"));
const ROUNDS = Number(flag("rounds", QUICK ? "2" : "4"));
const SWEEPS = Number(flag("sweeps", QUICK ? "2" : "3"));
const STATE = join(ROOT, ".bench-payments-state");
const DAY = 86_400_000;
const GATEWAYS = ["zaincash", "qicard", "fib"];
const PROVIDER = ["+9647700000003", "dalil-provider-demo"];
const OWNER_PASSWORD = "dalil-owner-demo";

const load = () => loadavg()[0].toFixed(2);
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

function d1File() {
  const dir = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
  );
}
const sqlite = (sql, readonly = true) =>
  execFileSync("sqlite3", [...(readonly ? ["-readonly"] : []), d1File(), sql], { encoding: "utf8" }).trim();

/**
 * `rows` payments as a year of Dalil leaves them: half a job's cash, the rest months, sponsored places and deposits
 * through the three gateways, mostly paid (a few refunded, expired, failed), over 400 days and every listing; the
 * last `recent` of them in the last two days, none of which the nightly must ask (cash, or already failed/expired).
 * Deposits point at completed bookings, so no sweep has one to give back.
 */
function fill(rows, now) {
  const recent = Math.min(600, Math.floor(rows / 10));
  const providers = Number(sqlite("SELECT count(*) FROM service_providers"));
  const customer = Number(sqlite("SELECT id FROM users WHERE phone = '+9647700000002'"));
  const done = sqlite("SELECT id FROM bookings WHERE status = 'completed' ORDER BY id").split("\n").filter(Boolean);
  const oldest = now - 400 * DAY;
  const sql = `
    CREATE TEMP TABLE done(n INTEGER PRIMARY KEY, id INTEGER);
    INSERT INTO done(n, id) VALUES ${(done.length ? done : ["NULL"]).map((id, n) => `(${n}, ${id})`).join(",")};
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}),
    p AS (
      SELECT i,
        CASE WHEN i % 10 < 5 THEN 'cash' WHEN i % 10 < 7 THEN 'zaincash' WHEN i % 10 < 9 THEN 'qicard'
        ELSE 'fib' END AS method,
        CASE WHEN i % 10 < 5 THEN 'booking' WHEN i % 3 = 0 THEN 'subscription' WHEN i % 3 = 1 THEN 'sponsored'
        ELSE 'deposit' END AS purpose,
        CASE WHEN i > ${rows - recent} THEN ${now} - (${rows} - i + 1) * ${Math.floor((2 * DAY) / (recent + 1))}
             ELSE ${oldest} + i * ${Math.floor((397 * DAY) / rows)} END AS at
      FROM n),
    q AS (
      SELECT *,
        CASE WHEN method = 'cash' THEN 'paid'
             WHEN i > ${rows - recent} THEN (CASE WHEN i % 2 = 0 THEN 'expired' ELSE 'failed' END)
             WHEN i % 20 = 1 THEN 'refunded' WHEN i % 20 = 3 THEN 'expired' WHEN i % 20 = 7 THEN 'failed'
             ELSE 'paid' END AS status,
        CASE purpose WHEN 'subscription' THEN 25000 WHEN 'sponsored' THEN 7000 * (1 + i % 7) WHEN 'deposit' THEN 5000
        ELSE 20000 + (i % 50) * 1000 END AS amount
      FROM p)
    INSERT INTO payments (purpose, booking_id, customer_id, provider_id, amount, payment_method, payment_status,
    transaction_id,
                          platform_fee, provider_earnings, refunded_amount, details, expires_at, created_at, updated_at)
    SELECT purpose,
           CASE WHEN purpose = 'deposit' THEN (SELECT id FROM done WHERE n = i % ${Math.max(1, done.length)}) END,
           ${customer}, 1 + i % ${providers}, amount, method, status,
           CASE WHEN method <> 'cash' THEN 'old-' || i END,
           CASE WHEN purpose IN ('subscription', 'sponsored') AND status = 'paid' THEN amount ELSE 0 END,
           CASE WHEN purpose IN ('booking', 'deposit') AND status = 'paid' THEN amount ELSE 0 END,
           CASE WHEN status = 'refunded' THEN amount ELSE 0 END,
           CASE purpose WHEN 'subscription' THEN '{"months":1}' WHEN 'sponsored' THEN '{"position":"sidebar","days":' ||
           (1 + i % 7) || '}' ELSE '{}' END,
           at + 1800000, at, at
      FROM q;`;
  execFileSync("sqlite3", [d1File(), sql]);
  return { total: Number(sqlite("SELECT count(*) FROM payments")), recent, providers };
}

/** The Worker's answer to one callback, timed from the request to the end of its answer. */
async function timed(url, init) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - t0, status: res.status, body };
}

/** A signature by a key that is not the gateway's (what a forger has). */
const strangerKey = crypto.subtle.generateKey(
  { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
  false,
  ["sign"],
);
const b64 = (buf) => Buffer.from(buf).toString("base64");

/**
 * The same callback, forged: what the gateway sent, signed by someone else (FIB signs nothing: an id it never issued).
 */
async function forge(gateway, cb, n) {
  if (gateway === "zaincash") {
    const claims = JSON.parse(Buffer.from(JSON.parse(cb.body).webhook_token.split(".")[1], "base64url").toString());
    return { ...cb, body: JSON.stringify({ webhook_token: await signHs256(claims, "not-the-merchant-key") }) };
  }
  if (gateway === "qicard") {
    const n = JSON.parse(cb.body);
    const text = [n.paymentId, Number(n.amount).toFixed(3), n.currency, n.creationDate, n.status].join("|");
    const sig = b64(
      await crypto.subtle.sign("RSASSA-PKCS1-v1_5", (await strangerKey).privateKey, new TextEncoder().encode(text)),
    );
    return { ...cb, headers: { ...cb.headers, "X-Signature": sig } };
  }
  return { ...cb, body: JSON.stringify({ id: `forged-${n}-${Date.now()}`, status: "PAID" }) };
}

async function main() {
  console.log(
    `› bench:payments${QUICK ? " (quick)" : ""}: ${ROWS.toLocaleString("en")} payments, ${PAYMENTS} ` +
      `callbacks, ${OPEN} opened for the sweeps; load ${load()}`,
  );
  await buildOnce();
  rmSync(STATE, { recursive: true, force: true });
  await migrate(STATE);
  // 300 listings, as npm start seeds: the demo provider and all ten owners' accounts (20 starts an hour each)
  await seed({ providers: 300, persistTo: STATE });
  const t0 = Date.now();
  const filled = fill(ROWS, Date.now());
  console.log(
    `  ${filled.total.toLocaleString("en")} payments written in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
      `over ${filled.providers} listings (${filled.recent} of them in the last two days)`,
  );

  const port = Number(flag("port", "")) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  // every callback a stand-in sends, as sent, with the Worker's answer and how long it took
  const sent = [];
  const standins = await startPaymentStandins(base, {
    send: async (url, init) => {
      const r = await timed(url, init);
      sent.push({ url, init, ...r });
      return new Response(r.body, { status: r.status });
    },
  });
  const app = await startWorker({ persistTo: STATE, port, vars: { ...standins.vars, PUBLIC_URL: base } });
  const standinAt = (g) => `http://127.0.0.1:${standins.ports[g]}`;
  const call = async (path, { method = "GET", cookie, json } = {}) => {
    const res = await fetch(base + path, {
      method,
      redirect: "manual",
      headers: {
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const complete = async (gateway, id, callback) => {
    const res = await fetch(`${standinAt(gateway)}/__complete`, {
      method: "POST",
      body: JSON.stringify({ id, outcome: "paid", ...(callback ? { callback } : {}) }),
    });
    if (!res.ok) throw new Error(`${gateway} /__complete ${id}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  try {
    // ─── 1. callbacks ───
    const owners = sqlite(
      "SELECT phone FROM users WHERE phone LIKE '+96477000000__' AND phone > '+9647700000010' AND user_type = " +
        "'provider' ORDER BY phone",
    )
      .split("\n")
      .filter(Boolean);
    const login = async ([phone, password]) =>
      (await call("/api/auth/login", { method: "POST", json: { phone, password } })).headers
        .get("Set-Cookie")
        .match(/dalil_session=[^;]+/)[0];
    const payers = [await login(PROVIDER), ...(await Promise.all(owners.map((p) => login([p, OWNER_PASSWORD]))))];
    // POST /api/payments allows 20 starts an hour a person
    const n = Math.min(PAYMENTS, payers.length * 20);
    console.log(
      `\n› ${n} subscriptions started through POST /api/payments by ${payers.length} providers, paid on the ` +
        `stand-ins; load ${load()}`,
    );
    const started = [];
    for (let i = 0; i < n; i++) {
      const gateway = GATEWAYS[i % 3];
      const res = await (
        await call("/api/payments", {
          method: "POST",
          cookie: payers[i % payers.length],
          json: { purpose: "subscription", gateway },
        })
      ).json();
      // the gateway's id: the stand-in's newest transaction is this one
      const txs = (await (await fetch(`${standinAt(gateway)}/__transactions`)).json()).transactions;
      started.push({ gateway, paymentId: res.paymentId, gatewayId: txs.at(-1).id });
    }
    const nobody = async () =>
      (
        await timed(`${base}/webhooks/payments/nobody`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).ms;
    for (let i = 0; i < 5; i++) await nobody(); // warm
    const rounds = [];
    const per = Math.ceil(n / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      const o = {
        baseline: [],
        first: [],
        duplicate: [],
        forged: [],
        statuses: { first: {}, duplicate: {}, forged: {} },
        load: load(),
      };
      for (const [k, p] of started.slice(r * per, (r + 1) * per).entries()) {
        o.baseline.push(await nobody());
        const before = sent.length;
        await complete(p.gateway, p.gatewayId);
        const cb = sent[before];
        if (!cb) throw new Error(`${p.gateway} sent no callback for ${p.gatewayId}`);
        o.first.push(cb.ms);
        o.statuses.first[cb.status] = (o.statuses.first[cb.status] ?? 0) + 1;
        o.baseline.push(await nobody());
        const again = await timed(cb.url, cb.init);
        o.duplicate.push(again.ms);
        o.statuses.duplicate[again.status] = (o.statuses.duplicate[again.status] ?? 0) + 1;
        o.baseline.push(await nobody());
        const f = await forge(p.gateway, { url: cb.url, ...cb.init }, r * per + k);
        const forged = await timed(f.url, { method: "POST", headers: f.headers, body: f.body });
        o.forged.push(forged.ms);
        o.statuses.forged[forged.status] = (o.statuses.forged[forged.status] ?? 0) + 1;
      }
      o.loadAfter = load();
      rounds.push(o);
    }
    const calm = Math.min(...rounds.map((o) => pct(o.baseline, 50)));
    console.log(
      "\nround | load | baseline (404 door) p50/p99 ms | first callback p50/p99 | duplicate p50/p99 | forged " +
        "p50/p99 | first/dup/forged p50 ÷ baseline p50 | baseline held | answers",
    );
    for (const [i, o] of rounds.entries()) {
      o.held = pct(o.baseline, 50) <= 1.5 * calm;
      const b = pct(o.baseline, 50);
      const pp = (xs) => `${fmt(pct(xs, 50))} / ${fmt(pct(xs, 99))}`;
      const st = (s) =>
        Object.entries(s)
          .map(([k, v]) => `${k}×${v}`)
          .join(" ");
      console.log(
        `${i + 1} | ${o.load}→${o.loadAfter} | ${pp(o.baseline)} | ${pp(o.first)} | ${pp(o.duplicate)} ` +
          `| ${pp(o.forged)} | ` +
          (`${fmt(pct(o.first, 50) / b)}× / ${fmt(pct(o.duplicate, 50) / b)}× / ${fmt(pct(o.forged, 50) / b)}× ` +
            `| ${o.held ? "yes" : "no"} | `) +
          `first ${st(o.statuses.first)}, dup ${st(o.statuses.duplicate)}, forged ${st(o.statuses.forged)}`,
      );
    }
    const counted = rounds.filter((o) => o.held);
    const all = (k) => rounds.flatMap((o) => o[k]);
    const ratio = (k) => median(counted.map((o) => pct(o[k], 50) / pct(o.baseline, 50)));
    console.log(
      `\nall rounds (${all("first").length} each): baseline p50 ${fmt(pct(all("baseline"), 50))} / ` +
        `p99 ${fmt(pct(all("baseline"), 99))} ms; ` +
        (`first ${fmt(pct(all("first"), 50))} / ${fmt(pct(all("first"), 99))}; ` +
          `duplicate ${fmt(pct(all("duplicate"), 50))} / ${fmt(pct(all("duplicate"), 99))}; `) +
        `forged ${fmt(pct(all("forged"), 50))} / ${fmt(pct(all("forged"), 99))} ms`,
    );
    console.log(
      `median ratio to the baseline over ${counted.length}/${rounds.length} rounds whose baseline held: ` +
        `first ${fmt(ratio("first"))}×, duplicate ${fmt(ratio("duplicate"))}×, forged ${fmt(ratio("forged"))}×; ` +
        `load ${load()}`,
    );
    for (const g of GATEWAYS) {
      const idx = started.map((p, i) => (p.gateway === g ? i : -1)).filter((i) => i >= 0);
      const pick = (k) => idx.map((i) => all(k)[i]).filter((x) => x !== undefined);
      console.log(
        `  ${g}: first p50 ${fmt(pct(pick("first"), 50))} ms, duplicate ${fmt(pct(pick("duplicate"), 50))}, ` +
          `forged ${fmt(pct(pick("forged"), 50))} (${idx.length} payments)`,
      );
    }
    const paid = Number(
      sqlite(
        `SELECT count(*) FROM payments WHERE payment_status = 'paid'
          AND id IN (${started.map((p) => p.paymentId).join(",")})`,
      ),
    );
    const paidEvents = Number(
      sqlite(
        `SELECT count(*) FROM payment_events WHERE kind = 'paid'
          AND payment_id IN (${started.map((p) => p.paymentId).join(",")})`,
      ),
    );
    console.log(`  the ledger: ${paid}/${n} paid, ${paidEvents} 'paid' events (one each: duplicates changed nothing)`);

    // ─── 2. the sweeps ───
    console.log(
      `\n› ${OPEN} more payments opened at the gateways (a third paid there, the callback held back); load ${load()}`,
    );
    const opened = (await (await call("/api/_bench/payments/open", { method: "POST", json: { count: OPEN } })).json())
      .opened;
    for (const [i, p] of opened.entries()) if (i % 3 === 0) await complete(p.gateway, p.gatewayId, "never");
    const at = new Date(Date.now() + 2 * 60_000).toISOString();
    const table = [];
    for (const sweep of ["pending", "nightly"]) {
      for (let r = 0; r < SWEEPS; r++) {
        const l = load();
        const out = await (await call("/api/_bench/payments/sweep", { method: "POST", json: { at, sweep } })).json();
        table.push({ sweep, run: r + 1, load: l, ...out });
      }
    }
    console.log(
      "\nsweep | run | load | asked | changed | ms | statements | rows read | rows read per payment asked (its " +
        "search's) | the nightly's rows by a scan | scan ÷ sweep | heaviest statement (rows read)",
    );
    for (const t of table) {
      const h = t.heaviest[0];
      console.log(
        `${t.sweep} | ${t.run} | ${t.load} | ${t.report.asked} | ${t.report.changed} | ${fmt(t.ms)} ` +
          `| ${t.statements} | ${t.rowsRead} | ${fmt(t.rowsRead / Math.max(1, t.report.asked), 2)} ` +
          `(${fmt(t.find.rowsRead / Math.max(1, t.report.asked), 2)}) | ` +
          (`${t.scanRowsRead} | ${fmt(t.scanRowsRead / Math.max(1, t.rowsRead))}× ` +
            `| ${h ? `${h.rowsRead} in ${h.runs}: ${h.sql.slice(0, 110)}` : "–"}`),
      );
    }
    for (const sweep of ["pending", "nightly"]) {
      const ts = table.filter((t) => t.sweep === sweep);
      const last = ts.at(-1);
      console.log(
        `\n${sweep}: median ${fmt(median(ts.map((t) => t.ms)))} ` +
          `ms, ${fmt(median(ts.map((t) => t.rowsRead / Math.max(1, t.report.asked))), 2)} rows read per payment ` +
          `asked, ${fmt(median(ts.map((t) => t.find.rowsRead / Math.max(1, t.report.asked))), 2)} of them by its ` +
          `search (table ${last.tableRows.toLocaleString("en")} rows); statements that read most (last run):`,
      );
      for (const h of last.heaviest) console.log(`  ${h.rowsRead} rows read in ${h.runs} runs: ${h.sql.slice(0, 150)}`);
    }
    console.log(`\nload ${load()}`);
  } finally {
    await app.stop();
    await standins.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
