// npm run bench:faults — nothing lost, nothing sent twice, under a mixed load with faults injected (ADR 086).
//   npm run bench:faults [-- --seconds 60 --fault-every 4 --replay 0.2 --chats 8 --bots 3]
//   npm run bench:faults -- --soak [--seconds 1200]   (steady load; workerd's memory at the start and end, p99 per minute)
// Builds the Worker, makes a fresh demo database with bench customers, starts the Telegram and Twilio stand-ins
// (scripts/channel-standins.mjs) and the Worker on wrangler dev, told their addresses. For `--seconds` it drives:
// searches; bookings (the listing's owner accepts or declines each); chat both ways over the conversations' sockets;
// WhatsApp conversations (forms signed by the twilio library, as the tests sign them) and Telegram ones; the Cron
// Trigger's sweeps (POST /dev/scheduler). Faults, one every `--fault-every` seconds in turn: the Twilio or Telegram
// stand-in fails its next call (500, 429 with Retry-After, or no answer until the caller's timeout), a chat room is
// restarted (POST /dev/faults/restart: workerd offers no way from outside), the outbox rows still waiting are queued
// a second time (POST /dev/faults/redeliver: a duplicated Queues delivery, made inside the Worker since the local queue
// takes no message from outside); and a share `--replay` of bookings, answers and webhook messages is sent twice with
// the same key, MessageSid or update_id (half of them at the same moment).
// It then counts from what it observes, never from what the code says: per kind, requests, faults injected,
// acknowledged-then-lost (a booking the customer got an id for that D1 lacks; a chat message its sender got back that
// the room's history lacks; a bot reply a 200-answered message should have caused that `/__sent` lacks), delivered twice
// (two bookings for one key, a chat message twice in the history, a bot reply or alert twice in `/__sent`, two bells
// for one event), and 5xx answers without a reason. The load average is printed beside the figures (the machine is shared).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildOnce, flag, freePort, hasFlag, pct, startWorker } from "./lib.mjs";
import { migrate, ROOT, seed } from "../scripts/lib.mjs";
import { startChannelStandins } from "../scripts/channel-standins.mjs";
import { botConversation, bookings, caller, chatRoom, id, newStats, searches, sleep, telegramUpdate, whatsappForm } from "./faults-kinds.mjs";
import { bellTwice, collectSent, workerdTreeRssMB } from "./faults-observe.mjs";

const SOAK = hasFlag("soak");
const SECONDS = Number(flag("seconds", SOAK ? "1200" : "60"));
const FAULT_EVERY = Number(flag("fault-every", SOAK ? "10" : "4"));
const REPLAY = Number(flag("replay", "0.2"));
const CHATS = Number(flag("chats", "8"));
const BOTS = Number(flag("bots", "3"));
/** how often the outbox rows still waiting are queued again (a row waits about a second for the queue's batch) */
const REDELIVER_EVERY = Number(flag("redeliver-every", "1"));
const CUSTOMERS = 60;
const STATE = join(ROOT, ".bench-faults-state");
const KINDS = ["search", "booking", "chat", "whatsapp", "telegram", "scheduler", "setup+faults"];
const SCRIPT = ["salam", "electrician in Baghdad", "menu", "my bookings"];
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

const d1File = () => {
  const dir = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  return join(dir, readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"));
};
const sqlite = (sql, readonly = true) => execFileSync("sqlite3", [...(readonly ? ["-readonly"] : []), d1File(), sql], { encoding: "utf8" }).trim();

/** The local secrets the Worker runs with (the stand-ins' token and secret sign our webhooks). */
function devSecrets() {
  const file = existsSync(join(ROOT, ".dev.vars")) ? ".dev.vars" : ".dev.vars.example";
  return Object.fromEntries([...readFileSync(join(ROOT, file), "utf8").matchAll(/^([A-Z_0-9]+)\s*=\s*"?([^"\n]*)"?\s*$/gm)].map((m) => [m[1], m[2]]));
}

async function main() {
  console.log(`› bench:faults${SOAK ? " (soak)" : ""}: ${SECONDS} s, a fault every ${FAULT_EVERY} s, ${REPLAY * 100} % replayed; load ${load()}`);
  await buildOnce();
  rmSync(STATE, { recursive: true, force: true });
  await migrate(STATE);
  await seed({ providers: 300, persistTo: STATE });
  // bench customers with the demo customer's password (its hash copied), verified phones
  const cols = sqlite("SELECT group_concat(name) FROM pragma_table_info('users') WHERE name NOT IN ('id', 'phone', 'name', 'email')");
  const rows = Array.from({ length: CUSTOMERS }, (_, i) => `SELECT '+9647719${String(i).padStart(6, "0")}', 'Fault Customer ${i}', ${cols} FROM users WHERE phone = '+9647700000002'`);
  sqlite(`INSERT INTO users (phone, name, ${cols}) ${rows.join(" UNION ALL ")}`, false);

  const standins = await startChannelStandins({ telegramPort: 0, twilioPort: 0, quiet: true });
  const tgApi = `http://127.0.0.1:${standins.telegramPort}`;
  const twApi = `http://127.0.0.1:${standins.twilioPort}`;
  const secrets = devSecrets();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startWorker({ persistTo: STATE, port, vars: { ...secrets, TELEGRAM_API_ROOT: tgApi, TWILIO_API_BASE: twApi, PUBLIC_URL: base } });
  const rssStart = workerdTreeRssMB(app.child.pid);
  const t0 = Date.now();
  const { stats, minutes, time } = newStats(KINDS, t0);
  const call = caller(base, { stats, time });
  const out = { bookings: [], faults: { booking: 0 } };
  try {
    // ─── who takes part ───
    const login = async (phone, password) => {
      const r = await call("setup+faults", "/api/auth/login", { method: "POST", json: { phone, password } });
      if (r.status !== 200) throw new Error(`login ${phone}: ${r.status} ${r.text}`);
      return r.headers.get("Set-Cookie").match(/dalil_session=[^;]+/)[0];
    };
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const phone = `+9647719${String(i).padStart(6, "0")}`;
      customers.push({ phone, local: `0${phone.slice(4)}`, userId: Number(sqlite(`SELECT id FROM users WHERE phone = '${phone}'`)), cookie: await login(phone, "dalil-customer-demo") });
    }
    const owners = sqlite("SELECT u.phone, u.id, min(p.id) FROM users u JOIN service_providers p ON p.user_id = u.id WHERE u.phone LIKE '+96477000000__' GROUP BY u.id ORDER BY u.phone")
      .split("\n")
      .map((l) => l.split("|"));
    const listings = [];
    for (const [phone, ownerId, listing] of owners) {
      listings.push({ id: Number(listing), ownerId: Number(ownerId), cookie: await login(phone, phone === "+9647700000003" ? "dalil-provider-demo" : "dalil-owner-demo") });
    }
    const convs = [];
    for (let i = 0; i < CHATS; i++) {
      const c = customers[CUSTOMERS - 1 - i];
      const l = listings[i % listings.length];
      const r = await call("chat", "/api/chat", { method: "POST", cookie: c.cookie, json: { providerId: l.id, message: `Salam, a question before booking (${i})` } });
      if (r.status >= 300) throw new Error(`chat ${i}: ${r.status} ${r.text}`);
      convs.push({ id: r.body.conversationId, customerCookie: c.cookie, providerCookie: l.cookie });
    }
    console.log(`› ${customers.length} customers, ${listings.length} listings' owners, ${convs.length} conversations; load ${load()}`);

    // ─── the bots: each reply counted in /__sent, by WhatsApp number and Telegram chat ───
    let collecting = true;
    const collector = collectSent(twApi, () => collecting);
    const keyOf = (s) => (s.channel === "telegram" ? `tg:${s.payload.chat_id}` : s.payload.To);
    const sentTo = async () => {
      await collector.read();
      const all = collector.all.filter((s) => (s.channel === "telegram" || s.channel === "whatsapp") && s.method !== "answerCallbackQuery");
      return { all, count: (key) => all.filter((s) => keyOf(s) === key).length };
    };
    let updateId = 1000;
    const token = secrets.TWILIO_AUTH_TOKEN;
    const wa = (m) => call("whatsapp", "/webhooks/whatsapp", { method: "POST", form: m.form, headers: { "X-Twilio-Signature": m.signature } });
    const tg = (u) => call("telegram", "/webhooks/telegram", { method: "POST", raw: JSON.stringify(u), headers: { "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secrets.TELEGRAM_WEBHOOK_SECRET } });
    let person = 0;
    const waPerson = () => {
      const from = `+9647829${String(++person).padStart(6, "0")}`;
      return { key: `whatsapp:${from}`, send: Object.assign((m) => wa(m), { prepare: (text) => whatsappForm(`${base}/webhooks/whatsapp`, token, from, text) }) };
    };
    const tgPerson = () => {
      const chat = 880000 + ++person;
      return { key: `tg:${chat}`, send: Object.assign((u) => tg(u), { prepare: (text) => telegramUpdate(++updateId, chat, text) }) };
    };
    // calibration, before any fault: how many replies each step of the script brings on each channel
    const expected = {};
    for (const [kind, make] of [["whatsapp", waPerson], ["telegram", tgPerson]]) {
      const p = make();
      expected[kind] = [];
      for (const text of SCRIPT) {
        const before = (await sentTo()).count(p.key);
        await botConversation(p.send, [text], 0, { n: 0 });
        await sleep(300);
        expected[kind].push((await sentTo()).count(p.key) - before);
      }
    }
    console.log(`› replies per step of "${SCRIPT.join(" → ")}": WhatsApp ${expected.whatsapp.join(", ")}; Telegram ${expected.telegram.join(", ")}`);
    const people = [];

    // ─── the load, with a fault every FAULT_EVERY seconds in turn ───
    const end = Date.now() + SECONDS * 1000;
    const until = () => end;
    const botFaults = { whatsapp: { n: 0 }, telegram: { n: 0 } };
    const botLoop = async (kind, make) => {
      while (Date.now() < end) {
        const p = make();
        people.push({ kind, key: p.key, acked: await botConversation(p.send, SCRIPT, REPLAY, botFaults[kind]) });
      }
    };
    const rooms = convs.map((c) => chatRoom(base, port, c, call, until, SOAK ? 4000 : 2000));
    const faultLog = { twilio: 0, telegram: 0, restart: 0, redelivered: 0, redeliveries: 0 };
    const FAULTS = [
      ["twilio", { next: 1, status: 500 }],
      ["telegram", { next: 1, status: 429, retryAfter: 1 }],
      ["restart"],
      ["twilio", { next: 1, status: 429, retryAfter: 1 }],
      ["telegram", { next: 1, status: 502 }],
      ["twilio", { next: 1, status: 0 }],
      ["restart"],
      ["telegram", { next: 1, status: 0 }],
    ];
    const faultLoop = async () => {
      for (let i = 0; Date.now() < end; i++) {
        await sleep(FAULT_EVERY * 1000);
        const [what, plan] = FAULTS[i % FAULTS.length];
        if (what === "twilio" || what === "telegram") {
          await fetch(`${what === "twilio" ? twApi : tgApi}/__faults`, { method: "POST", body: JSON.stringify(plan) });
          faultLog[what]++;
        } else {
          await call("setup+faults", `/dev/faults/restart?conversation=${convs[i % convs.length].id}`, { method: "POST" });
          faultLog.restart++;
        }
      }
    };
    // duplicated queue deliveries: every outbox row still waiting is queued once more
    const redeliver = async () => {
      while (Date.now() < end) {
        await sleep(REDELIVER_EVERY * 1000);
        const r = await call("setup+faults", "/dev/faults/redeliver", { method: "POST" });
        faultLog.redeliveries++;
        faultLog.redelivered += r.body?.redelivered?.length ?? 0;
      }
    };
    const sweeps = async () => {
      while (Date.now() < end) {
        await sleep(SOAK ? 30_000 : 10_000);
        await call("scheduler", "/dev/scheduler", { method: "POST" });
      }
    };
    const memory = [];
    const perMinute = async () => {
      while (Date.now() < end) {
        await sleep(Math.min(60_000, end - Date.now()) || 1);
        memory.push({ at: Math.round((Date.now() - t0) / 1000), rss: workerdTreeRssMB(app.child.pid), load: load() });
      }
    };
    await Promise.all([
      searches(call, until),
      bookings(call, until, { customers, listings, everyMs: SOAK ? 6000 : 1500, replay: REPLAY, out }),
      ...rooms.map((r) => r.run(time)),
      ...Array.from({ length: BOTS }, () => botLoop("whatsapp", waPerson)),
      ...Array.from({ length: BOTS }, () => botLoop("telegram", tgPerson)),
      faultLoop(),
      redeliver(),
      sweeps(),
      perMinute(),
    ]);
    rooms.forEach((r) => r.close());
    const rssEnd = workerdTreeRssMB(app.child.pid);
    console.log(`› load done in ${((Date.now() - t0) / 1000).toFixed(0)} s; waiting for the outbox to empty (retries back off 15–30 s, then 30–60 s); load ${load()}`);
    await fetch(`${twApi}/__faults`, { method: "POST", body: JSON.stringify({ next: 0 }) });
    await fetch(`${tgApi}/__faults`, { method: "POST", body: JSON.stringify({ next: 0 }) });
    let waiting = "";
    for (let i = 0; i < 60; i++) {
      waiting = sqlite("SELECT count(*), coalesce(sum(status = 'dead'), 0) FROM outbox WHERE status IN ('pending', 'failed', 'dead')");
      if (Number(waiting.split("|")[0]) === Number(waiting.split("|")[1])) break;
      await sleep(5000);
    }
    await sleep(2000);

    // ─── what was observed ───
    const lost = Object.fromEntries(KINDS.map((k) => [k, 0]));
    const twice = Object.fromEntries(KINDS.map((k) => [k, 0]));
    const notes = [];
    // bookings: one row per acknowledged key, in the state its owner was told
    for (const b of out.bookings) {
      const [n, status] = sqlite(`SELECT count(*), max(status) FROM bookings WHERE customer_id = ${b.customerId} AND idempotency_key = '${b.key}'`).split("|");
      if (Number(n) === 0) (lost.booking++, notes.push(`booking ${b.key} acknowledged as ${b.id}, not in D1`));
      if (Number(n) > 1 || b.ids.length > 1) (twice.booking++, notes.push(`booking ${b.key}: ${n} rows, ids ${b.ids.join(",")}`));
      if (b.status !== "pending" && status !== b.status && !(b.status === "accepted" && status === "completed")) (lost.booking++, notes.push(`booking ${b.id}: told ${b.status}, D1 says ${status}`));
    }
    // chat: every message its sender got back is in the room's history, once
    for (const r of rooms) {
      const history = [];
      let before = "";
      for (;;) {
        const page = await call("chat", `/api/conversations/${r.id}/messages${before}`, { cookie: convs.find((c) => c.id === r.id).customerCookie });
        history.unshift(...(page.body?.messages ?? []));
        if (!page.body?.hasOlder || !page.body.messages.length) break;
        before = `?before=${page.body.messages[0].id}`;
      }
      const count = new Map();
      for (const m of history) count.set(m.clientId, (count.get(m.clientId) ?? 0) + 1);
      for (const c of r.acked.keys()) if (!count.has(c)) (lost.chat++, notes.push(`chat ${r.id}: ${c} acknowledged, not in history`));
      for (const [c, n] of count) if (n > 1) (twice.chat++, notes.push(`chat ${r.id}: ${c} ${n} times in history`));
    }
    // bots: each acknowledged step's replies, once
    collecting = false;
    await collector.done();
    const sent = await sentTo();
    for (const p of people) {
      const want = p.acked.reduce((s, step) => s + expected[p.kind][step], 0);
      const got = sent.count(p.key);
      if (got < want) (lost[p.kind] += want - got, notes.push(`${p.key}: ${got} replies, ${want} expected`));
      if (got > want) (twice[p.kind] += got - want, notes.push(`${p.key}: ${got} replies, ${want} expected`));
    }
    // alerts to everyone else (owners, customers): the same message to the same person twice
    const botKeys = new Set(people.map((p) => p.key));
    const seen = new Map();
    for (const s of sent.all) {
      const to = keyOf(s);
      if (botKeys.has(to) || !to) continue;
      const what = `${to}|${s.payload.Body ?? s.payload.text ?? ""}|${s.payload.ContentVariables ?? ""}`;
      seen.set(what, (seen.get(what) ?? 0) + 1);
    }
    const alertsTwice = [...seen].filter(([, n]) => n > 1);
    twice.booking += alertsTwice.length;
    for (const [w, n] of alertsTwice) notes.push(`sent ${n} times: ${w.slice(0, 140)}`);
    await app.stop();
    const bells = bellTwice(STATE);
    twice.booking += bells.twice.length;
    for (const b of bells.twice) notes.push(`bell twice: ${b}`);
    // each acknowledged booking: its owner's alert in the bell once, and the customer told its answer once
    for (const b of out.bookings) {
      const events = [`notices.bookingAlert|${b.id}`, ...(b.status === "accepted" ? [`notices.bookingAccepted|${b.id}`] : b.status === "declined" ? [`notices.bookingDeclined|${b.id}`] : [])];
      for (const e of events) {
        const n = bells.byEvent.get(e) ?? 0;
        if (n === 0) (lost.booking++, notes.push(`bell: no ${e}`));
      }
    }

    const faults = { search: 0, booking: out.faults.booking, chat: faultLog.restart, whatsapp: botFaults.whatsapp.n, telegram: botFaults.telegram.n, scheduler: 0, "setup+faults": 0 };
    console.log(`\nkind | requests | faults injected | refused (409/429) | acknowledged then lost | delivered twice | 5xx with a reason | 5xx without a reason`);
    for (const k of KINDS) {
      const s = stats[k];
      console.log(`${k} | ${s.requests} | ${faults[k]} | ${s.refused} | ${lost[k]} | ${twice[k]} | ${s.explained5xx} | ${s.unexplained5xx}`);
    }
    console.log(
      `faults: Twilio ${faultLog.twilio} calls failed (500, 429, no answer), Telegram ${faultLog.telegram} (429, 502, no answer), ${faultLog.restart} rooms restarted, ` +
        `${faultLog.redelivered} queue messages delivered twice (in ${faultLog.redeliveries} rounds); replays: ${out.faults.booking} bookings or answers, ` +
        `${botFaults.whatsapp.n} WhatsApp and ${botFaults.telegram.n} Telegram messages`,
    );
    console.log(
      `observed: ${out.bookings.length} bookings acknowledged, ${rooms.reduce((s, r) => s + r.acked.size, 0)} chat messages acknowledged (${rooms.reduce((s, r) => s + r.reconnects, 0)} sockets reconnected (closed with ${JSON.stringify(rooms.reduce((a, r) => (Object.entries(r.closes).forEach(([c, n]) => (a[c] = (a[c] ?? 0) + n)), a), {}))}), ` +
        `${rooms.reduce((s, r) => s + r.seenTwice, 0)} frames heard again after a catch-up), ${people.length} bot conversations, ${sent.all.length} messages in /__sent, ` +
        `${bells.rows} bell rows; outbox at the end (waiting | dead): ${waiting}`,
    );
    const restarted = KINDS.map((k) => [k, stats[k].restarted ?? 0]).filter(([, n]) => n);
    if (restarted.length) notes.push(`503 "worker restarted mid-request" from wrangler dev's proxy (counted with a reason): ${restarted.map(([k, n]) => `${k} ${n}`).join(", ")}`);
    notes.push(`sockets closed per room: ${rooms.map((r) => `${r.id}: ${JSON.stringify(r.closes)}`).join("; ")}`);
    for (const k of KINDS) for (const u of stats[k].unexplained.slice(0, 5)) notes.unshift(`5xx without a reason (${k}): ${u}`);
    for (const n of notes.slice(0, 60)) console.log(`  ${n}`);
    console.log(`\nminute | answers | p50 ms | p99 ms | workerd RSS MB | load (1, 5, 15 min)`);
    for (const [i, xs] of minutes.entries()) console.log(`${i + 1} | ${xs?.length ?? 0} | ${pct(xs ?? [], 50).toFixed(0)} | ${pct(xs ?? [], 99).toFixed(0)} | ${memory[i]?.rss.toFixed(0) ?? "–"} | ${memory[i]?.load ?? "–"}`);
    const warm = memory[0]?.rss ?? rssStart;
    console.log(`workerd RSS after the first minute (warm): ${warm.toFixed(0)} MB; at the end ${rssEnd.toFixed(0)} MB (${((100 * (rssEnd - warm)) / warm).toFixed(1)} %)`);
    console.log(`workerd RSS (wrangler dev's workerd processes): ${rssStart.toFixed(0)} MB at the start (idle, before any load), ${rssEnd.toFixed(0)} MB at the end (${((100 * (rssEnd - rssStart)) / rssStart).toFixed(1)} %); load ${load()}`);
    const bad = Object.values(lost).reduce((a, b) => a + b, 0) + Object.values(twice).reduce((a, b) => a + b, 0) + KINDS.reduce((s, k) => s + stats[k].unexplained5xx, 0);
    console.log(bad ? `\n${bad} lost, twice or unexplained` : "\n0 lost, 0 twice, 0 unexplained 5xx");
    process.exitCode = bad ? 1 : 0;
  } finally {
    await app.stop();
    await standins.close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
