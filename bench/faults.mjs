// npm run bench:faults — nothing lost, nothing sent twice, under a mixed load with faults injected (ADR 086).
//   npm run bench:faults [-- --seconds 60 --fault-every 4 --replay 0.2 --chats 8 --bots 3]
//   npm run bench:faults -- --soak [--seconds 1200]   (steady load; workerd's memory at start and end, p99 a minute)
//   [--sample-every 30 --inspect|--no-inspect --snapshots 1,5 --direct
//    --only search,booking,chat,whatsapp,telegram,faults,redeliver,sweeps]
//   (memory per process every 30 s; the isolate's heap too, a soak's default, with snapshots compared; --direct:
//   Miniflare alone, no wrangler dev; --only: these parts of the load alone; ADR 094)
// Builds the Worker, makes a fresh demo database with bench customers, starts the Telegram and Twilio stand-ins
// (scripts/channel-standins.mjs) and the Worker on wrangler dev, told their addresses. For `--seconds` it drives:
// searches; bookings (the listing's owner accepts or declines each); chat both ways over the conversations' sockets;
// WhatsApp conversations (forms signed by the twilio library, as the tests sign them) and Telegram ones; the Cron
// Trigger's sweeps (POST /dev/scheduler). Faults, one every `--fault-every` seconds in turn: the Twilio or Telegram
// stand-in fails its next call (500, 429 with Retry-After, or no answer until the caller's timeout), a chat room is
// restarted (POST /dev/faults/restart: workerd offers no way from outside), the outbox rows still waiting are queued a
// second time (POST /dev/faults/redeliver: a duplicated Queues delivery, made inside the Worker since the local queue
// takes no message from outside); and a share `--replay` of bookings, answers and webhook messages is sent twice with
// the same key, MessageSid or update_id (half of them at the same moment). It then counts from what it observes, never
// from what the code says: per kind, requests, faults injected, acknowledged-then-lost (a booking the customer got an
// id for that D1 lacks; a chat message its sender got back that the room's history lacks; a bot reply a 200-answered
// message should have caused that `/__sent` lacks), delivered twice (two bookings for one key, a chat message twice in
// the history, a bot reply or alert twice in `/__sent`, two bells for one event), and 5xx answers without a reason. The
// load average is printed beside the figures (the machine is shared).
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildOnce, flag, freePort, hasFlag, startDirectWorker, startWorker } from "./lib.mjs";
import { migrate, ROOT, seed } from "../scripts/lib.mjs";
import { startChannelStandins } from "../scripts/channel-standins.mjs";
import { botConversation, botPeople, bookings, caller, chatRoom, newStats, searches, sleep } from "./faults-kinds.mjs";
import { collectSent, devSecrets, localD1, objectFiles, workerdTreeRssMB } from "./faults-observe.mjs";
import { printMinutes, printReport, tally } from "./faults-count.mjs";
import { inspect, printSnapshotChange, sampleMemory } from "./faults-memory.mjs";

const SOAK = hasFlag("soak");
const SECONDS = Number(flag("seconds", SOAK ? "1200" : "60"));
const FAULT_EVERY = Number(flag("fault-every", SOAK ? "10" : "4"));
const REPLAY = Number(flag("replay", "0.2"));
const CHATS = Number(flag("chats", "8"));
const BOTS = Number(flag("bots", "3"));
const POOL = Number(flag("pool", SOAK ? "24" : "0"));
/** how often the outbox rows still waiting are queued again (a row waits about a second for the queue's batch) */
const REDELIVER_EVERY = Number(flag("redeliver-every", "1"));
/** the parts of the load that run (to find which one a growth follows): all unless `--only search,chat,…` */
const PARTS = ["search", "booking", "chat", "whatsapp", "telegram", "faults", "redeliver", "sweeps"];
const ONLY = new Set(flag("only", PARTS.join(",")).split(","));
/**
 * memory sampled every `--sample-every` s; the isolate's heap too in a soak or with `--inspect`, with snapshots at
 * `--snapshots` minutes (a soak's memory is judged on the heap: wrangler dev's processes grow with any Worker, ADR 094)
 */
const SAMPLE_EVERY = Number(flag("sample-every", "30"));
const INSPECT = (SOAK || hasFlag("inspect")) && !hasFlag("no-inspect");
/** `--direct`: the Worker served by Miniflare alone, without wrangler dev's proxy and its inspector proxy in front */
const DIRECT = hasFlag("direct");
const SNAPSHOTS = flag("snapshots", SOAK ? `1,${SECONDS / 60 - 0.5}` : "")
  .split(",")
  .filter(Boolean)
  .map(Number);
const CUSTOMERS = 60;
const STATE = join(ROOT, ".bench-faults-state");
const KINDS = ["search", "booking", "chat", "whatsapp", "telegram", "scheduler", "setup+faults"];
const SCRIPT = ["salam", "electrician in Baghdad", "menu", "my bookings"];
// prettier-ignore
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const sqlite = localD1(STATE);

async function main() {
  console.log(
    `› bench:faults${SOAK ? " (soak)" : ""}: ${SECONDS} s, a fault every ${FAULT_EVERY} s, ${REPLAY * 100} % ` +
      `replayed; load ${load()}`,
  );
  await buildOnce();
  rmSync(STATE, { recursive: true, force: true });
  await migrate(STATE);
  await seed({ providers: 300, persistTo: STATE });
  // bench customers with the demo customer's password (its hash copied), verified phones
  const cols = sqlite(
    "SELECT group_concat(name) FROM pragma_table_info('users') WHERE name NOT IN ('id', 'phone', 'name', 'email')",
  );
  const rows = Array.from(
    { length: CUSTOMERS },
    (_, i) =>
      `SELECT '+9647719${String(i).padStart(6, "0")}', 'Fault Customer ${i}', ${cols} FROM users
        WHERE phone = '+9647700000002'`,
  );
  sqlite(`INSERT INTO users (phone, name, ${cols}) ${rows.join(" UNION ALL ")}`, false);

  const standins = await startChannelStandins({
    telegramPort: 0,
    twilioPort: 0,
    quiet: true,
  });
  const tgApi = `http://127.0.0.1:${standins.telegramPort}`;
  const twApi = `http://127.0.0.1:${standins.twilioPort}`;
  const secrets = devSecrets();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const inspectorPort = INSPECT ? await freePort() : undefined;
  const app = await (DIRECT ? startDirectWorker : startWorker)({
    persistTo: STATE,
    port,
    inspectorPort,
    vars: {
      ...secrets,
      TELEGRAM_API_ROOT: tgApi,
      TWILIO_API_BASE: twApi,
      PUBLIC_URL: base,
    },
  });
  const rssStart = workerdTreeRssMB(app.child.pid);
  const session = INSPECT ? await inspect(inspectorPort) : undefined;
  const t0 = Date.now();
  const { stats, minutes, time, startLoad } = newStats(KINDS, t0);
  const call = caller(base, { stats, time });
  const out = { bookings: [], faults: { booking: 0 } };
  try {
    // ─── who takes part ───
    const login = async (phone, password) => {
      const r = await call("setup+faults", "/api/auth/login", {
        method: "POST",
        json: { phone, password },
      });
      if (r.status !== 200) throw new Error(`login ${phone}: ${r.status} ${r.text}`);
      return r.headers.get("Set-Cookie").match(/dalil_session=[^;]+/)[0];
    };
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const phone = `+9647719${String(i).padStart(6, "0")}`;
      customers.push({
        phone,
        local: `0${phone.slice(4)}`,
        userId: Number(sqlite(`SELECT id FROM users WHERE phone = '${phone}'`)),
        cookie: await login(phone, "dalil-customer-demo"),
      });
    }
    const owners = sqlite(
      "SELECT u.phone, u.id, min(p.id) FROM users u JOIN service_providers p ON p.user_id = u.id WHERE u.phone " +
        "LIKE '+96477000000__' GROUP BY u.id ORDER BY u.phone",
    )
      .split("\n")
      .map((l) => l.split("|"));
    const listings = [];
    for (const [phone, ownerId, listing] of owners) {
      listings.push({
        id: Number(listing),
        ownerId: Number(ownerId),
        cookie: await login(phone, phone === "+9647700000003" ? "dalil-provider-demo" : "dalil-owner-demo"),
      });
    }
    const convs = [];
    for (let i = 0; i < CHATS; i++) {
      const c = customers[CUSTOMERS - 1 - i];
      const l = listings[i % listings.length];
      const r = await call("chat", "/api/chat", {
        method: "POST",
        cookie: c.cookie,
        json: {
          providerId: l.id,
          message: `Salam, a question before booking (${i})`,
        },
      });
      if (r.status >= 300) throw new Error(`chat ${i}: ${r.status} ${r.text}`);
      convs.push({
        id: r.body.conversationId,
        customerCookie: c.cookie,
        providerCookie: l.cookie,
      });
    }
    console.log(
      `› ${customers.length} customers, ${listings.length} listings' owners, ${convs.length} conversations; ` +
        `load ${load()}`,
    );

    // ─── the bots: each reply counted in /__sent, by WhatsApp number and Telegram chat ───
    let collecting = true;
    const collector = collectSent(twApi, () => collecting);
    const keyOf = (s) => (s.channel === "telegram" ? `tg:${s.payload.chat_id}` : s.payload.To);
    const sentTo = async () => {
      await collector.read();
      const all = collector.all.filter(
        (s) => (s.channel === "telegram" || s.channel === "whatsapp") && s.method !== "answerCallbackQuery",
      );
      return {
        all,
        count: (key) => all.filter((s) => keyOf(s) === key).length,
      };
    };
    const { waPerson, tgPerson } = botPeople(call, base, secrets, POOL);
    // calibration, before any fault: how many replies each step of the script brings on each channel
    // (a new person, then the same person once more: what a returning person's turn brings)
    const expected = { whatsapp: [], telegram: [] };
    const calibrated = [];
    const expectedAgain = { whatsapp: [], telegram: [] };
    for (const [kind, make] of [
      ["whatsapp", waPerson],
      ["telegram", tgPerson],
    ]) {
      const p = make();
      // the calibration's own turns are counted with the rest
      calibrated.push(
        { kind, key: p.key, again: false, acked: SCRIPT.map((_, i) => i) },
        { kind, key: p.key, again: true, acked: SCRIPT.map((_, i) => i) },
      );
      for (const table of [expected[kind], expectedAgain[kind]]) {
        for (const text of SCRIPT) {
          const before = (await sentTo()).count(p.key);
          await botConversation(p.send, [text], 0, { n: 0 });
          await sleep(300);
          table.push((await sentTo()).count(p.key) - before);
        }
      }
    }
    console.log(
      `› replies per step of "${SCRIPT.join(" → ")}" (new person; returning): ` +
        `WhatsApp ${expected.whatsapp.join(", ")}; ${expectedAgain.whatsapp.join(", ")}; ` +
        `Telegram ${expected.telegram.join(", ")}; ${expectedAgain.telegram.join(", ")}`,
    );
    const people = [...calibrated];

    // ─── the load, with a fault every FAULT_EVERY seconds in turn ───
    const end = Date.now() + SECONDS * 1000;
    startLoad();
    const loadStart = Date.now();
    const until = () => end;
    const botFaults = { whatsapp: { n: 0 }, telegram: { n: 0 } };
    const botLoop = async (kind, make) => {
      while (Date.now() < end) {
        const p = make();
        people.push({
          kind,
          key: p.key,
          again: p.again,
          acked: await botConversation(p.send, SCRIPT, REPLAY, botFaults[kind]),
        });
      }
    };
    const rooms = convs.map((c) => chatRoom(base, port, c, call, until, SOAK ? 4000 : 2000));
    const faultLog = {
      twilio: 0,
      telegram: 0,
      restart: 0,
      redelivered: 0,
      redeliveries: 0,
    };
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
          await fetch(`${what === "twilio" ? twApi : tgApi}/__faults`, {
            method: "POST",
            body: JSON.stringify(plan),
          });
          faultLog[what]++;
        } else {
          await call("setup+faults", `/dev/faults/restart?conversation=${convs[i % convs.length].id}`, {
            method: "POST",
          });
          faultLog.restart++;
        }
      }
    };
    // duplicated queue deliveries: every outbox row still waiting is queued once more
    const redeliver = async () => {
      while (Date.now() < end) {
        await sleep(REDELIVER_EVERY * 1000);
        const r = await call("setup+faults", "/dev/faults/redeliver", {
          method: "POST",
        });
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
        memory.push({
          at: Math.round((Date.now() - loadStart) / 1000),
          rss: workerdTreeRssMB(app.child.pid),
          each: workerdTreeRssMB(app.child.pid, true),
          objects: objectFiles(STATE),
          load: load(),
        });
      }
    };
    const snapshots = { snapshotAt: SNAPSHOTS, dir: STATE };
    const on = (part, run) => (ONLY.has(part) ? run() : []);
    const [samples] = await Promise.all([
      sampleMemory({ pid: app.child.pid, session, everyS: SAMPLE_EVERY, end, t0: loadStart, load, ...snapshots }),
      on("search", () => searches(call, until)),
      on("booking", () =>
        bookings(call, until, { customers, listings, everyMs: SOAK ? 6000 : 1500, replay: REPLAY, out }),
      ),
      ...on("chat", () => rooms.map((r) => r.run(time))),
      ...on("whatsapp", () => Array.from({ length: BOTS }, () => botLoop("whatsapp", waPerson))),
      ...on("telegram", () => Array.from({ length: BOTS }, () => botLoop("telegram", tgPerson))),
      on("faults", faultLoop),
      on("redeliver", redeliver),
      on("sweeps", sweeps),
      perMinute(),
    ]);
    printSnapshotChange(STATE, SNAPSHOTS);
    rooms.forEach((r) => r.close());
    session?.close();
    const rssEnd = workerdTreeRssMB(app.child.pid);
    console.log(
      `› load done in ${((Date.now() - loadStart) / 1000).toFixed(0)} s (the last conversations and sends finish ` +
        `after the ${SECONDS} s); waiting for the outbox to empty (retries back off 15–30 s, then 30–60 s); ` +
        `load ${load()}`,
    );
    await fetch(`${twApi}/__faults`, {
      method: "POST",
      body: JSON.stringify({ next: 0 }),
    });
    await fetch(`${tgApi}/__faults`, {
      method: "POST",
      body: JSON.stringify({ next: 0 }),
    });
    let waiting = "";
    for (let i = 0; i < 60; i++) {
      waiting = sqlite(
        "SELECT count(*), coalesce(sum(status = 'dead'), 0) FROM outbox WHERE status IN ('pending', 'failed', 'dead')",
      );
      if (Number(waiting.split("|")[0]) === Number(waiting.split("|")[1])) break;
      await sleep(5000);
    }
    await sleep(2000);

    // ─── what was observed ───
    collecting = false;
    await collector.done();
    const sent = await sentTo();
    const { lost, twice, notes, bells } = await tally({
      kinds: KINDS,
      out,
      rooms,
      convs,
      people,
      expected,
      expectedAgain,
      sent,
      keyOf,
      sqlite,
      call,
      state: STATE,
      stop: app.stop,
    });
    printReport({
      kinds: KINDS,
      stats,
      faultLog,
      botFaults,
      out,
      rooms,
      people,
      sent,
      bells,
      waiting,
      lost,
      twice,
      notes,
    });
    printMinutes({ minutes, memory, samples, rssStart, rssEnd, load });
    const bad =
      Object.values(lost).reduce((a, b) => a + b, 0) +
      Object.values(twice).reduce((a, b) => a + b, 0) +
      KINDS.reduce((s, k) => s + stats[k].unexplained5xx, 0);
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
