// npm run bench:chat — live chat delivery: the built Worker on `wrangler dev` (a customer sends over the
// conversation's socket as the web client does, or with POST under --via api; the domain stores the message
// in D1, then the conversation's ChatRoom Durable Object broadcasts it) against a minimal Node `ws` relay that
// writes each message to a SQLite file (better-sqlite3, default settings) before broadcasting: the same job
// done naively (bench/chat-relay.mjs, its own process), measured in the same run on the same machine. The two
// systems are in bench/chat-systems.mjs, the load, its figures and the ladder in bench/chat-load.mjs; this file is the
// runner (the flags, the order of the runs, the tables).
//   npm run bench:chat [-- --conversations 500 --seconds 20 --steps
//   10,25,50,100,250,500,900 --via socket|api --direct --no-dev --timeline]
//   npm run bench:chat -- --profile 250   (only the Worker without the proxy, profiled at 250 msgs/s: CPU a message,
//   top functions)
//   (--timeline: p50, p99 and max of the messages sent in each second of a main run or a ladder step: where a tail sits
//   in time)
// (--direct: also the same Worker served by Miniflare without wrangler dev's proxy in front)
// For each system: 2 × conversations sockets (customer + provider), each customer sends 1 message per
// second; a message counts as delivered when the PROVIDER's socket receives it. Then a rate ladder (5 s
// per step after 2 s at its rate that wake its rooms, printed apart: 10, 25, 50 … 900 msgs/s in total, stopping at
// the first step over budget) finds the largest rate with p99 < 250 ms.
// Everything stays on 127.0.0.1; the run is bounded (≈ 2 × (seconds + 7 × steps) s + start-up).
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { d1Args, OFFLINE_ENV, ROOT, wrangler } from "../scripts/lib.mjs";
import { ladder as ladderOf, load, phase, printTimeline, sleep, summary, WAKE_SECONDS } from "./chat-load.mjs";
import { nodeRelay, prepareWorkerDatabase, workerSystem } from "./chat-systems.mjs";
import {
  buildOnce,
  flag,
  freePort,
  hasFlag,
  pct,
  startBenchApp,
  startDirectWorker,
  workerdCpuSeconds,
  workerdProfile,
  workerdRssMB,
  workerdThreadCpu,
} from "./lib.mjs";

const CONVERSATIONS = Number(flag("conversations", "500"));
const SECONDS = Number(flag("seconds", "20"));
// total msgs/s per ladder step: up to the conversation count one message/s each, then faster customers (the
// product limit is 20 messages per 10 s per user, so a customer never sends more than 1.8/s here)
const STEPS = flag("steps", "10,25,50,100,250,500,900").split(",").map(Number);
const STEP_SECONDS = 5;
/** the larger step (ADR 029): this many conversations at 1 msg/s, on the Worker without the dev proxy */
const BIG = Number(flag("big", "2000"));
const P99_BUDGET_MS = 250;
/** how the Worker's customers send: over the chat socket (as the web client does) or with POST /api/…/messages */
const VIA = flag("via", "socket") === "api" ? "api" : "socket";
const STATE = join(ROOT, ".bench-chat-state");
/** messages the Worker acknowledged as stored, over the whole run */
let stored = 0;
const workerOpts = { via: VIA, onStored: () => void stored++ };

const ladder = (name, system) =>
  ladderOf(name, system, {
    steps: STEPS,
    conversations: CONVERSATIONS,
    stepSeconds: STEP_SECONDS,
    budgetMs: P99_BUDGET_MS,
  });

// ───────────────────────── run ─────────────────────────
console.log(
  `› machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Node ${process.version}`,
);
console.log(
  `› ${CONVERSATIONS} conversations × 2 sockets, 1 message/s per customer for ${SECONDS} s; ` +
    `ladder ${STEPS.join(", ")} msgs/s for ${STEP_SECONDS} s each`,
);
console.log("› build and a fresh bench database");
await buildOnce();
const tokens = await prepareWorkerDatabase(STATE, Math.max(CONVERSATIONS, BIG));

// --profile RATE: where the Worker's one thread spends a message, alone (no relay, no ladder): the Worker without the
// dev proxy under V8's profiler for SECONDS at RATE msgs/s in all, after 5 s at a tenth of it
const PROFILE = Number(flag("profile", "0"));
if (PROFILE) {
  const inspectorPort = await freePort();
  const app = await startDirectWorker({ persistTo: STATE, inspectorPort });
  const system = await workerSystem(tokens.slice(0, CONVERSATIONS), app.base, app.port, workerOpts);
  await phase(system, PROFILE / 10 / CONVERSATIONS, 5);
  // --no-sample: only the unprofiled figures below (the profiler's sampling about doubles workerd's CPU)
  if (!hasFlag("no-sample")) {
    let r = null;
    const prof = await workerdProfile(
      inspectorPort,
      async () => void (r = await phase(system, PROFILE / CONVERSATIONS, SECONDS)),
    );
    console.table([summary("worker, no dev proxy, profiled", r, PROFILE)]);
    // a skipped send never left the bench (too many unanswered): the Worker handled the rest
    const handled = r.sent - r.skipped;
    const perMessage = (1000 * prof.cpuSeconds) / Math.max(1, handled);
    console.log(
      `workerd CPU ${prof.cpuSeconds.toFixed(1)} s for ${handled} messages: ${perMessage.toFixed(2)} ms a ` +
        `message (sampled stacks are wall time on the thread, ${prof.jsSeconds.toFixed(1)} s); load ${load()}`,
    );
    console.table(prof.top);
    // --profile-out FILE: the whole profile (open it in Chrome's DevTools, or read inclusive times from it)
    const profileOut = flag("profile-out", "");
    if (profileOut) writeFileSync(profileOut, JSON.stringify(prof.profile));
    console.log(`workerd's resident memory with ${system.rooms.length} rooms open: ${workerdRssMB().toFixed(0)} MB`);
  }
  // Without the profiler: the phase and the room flushes it causes (a room both people are in flushes 10 to 15 s after
  // its first change, roomIndex.ts), less what workerd spends idle in as long (measured first, the rooms settled). The
  // busiest thread (the one that runs our JavaScript and SQLite) beside the whole process.
  const FLUSHED_MS = 16_500;
  const cpuNow = () => ({ at: performance.now(), cpu: workerdCpuSeconds(), threads: workerdThreadCpu() });
  const since = (a) => {
    const b = cpuNow();
    return {
      seconds: (b.at - a.at) / 1000,
      cpu: b.cpu - a.cpu,
      busiest: Math.max(0, ...[...b.threads].map(([k, v]) => v - (a.threads.get(k) ?? 0))),
    };
  };
  await sleep(FLUSHED_MS);
  const idle0 = cpuNow();
  await sleep(10_000);
  const idle = since(idle0);
  const plain0 = cpuNow();
  const plain = await phase(system, PROFILE / CONVERSATIONS, SECONDS);
  await sleep(FLUSHED_MS);
  const cycle = since(plain0);
  console.table([summary("worker, no dev proxy, not profiled", plain, PROFILE)]);
  const handled = plain.sent - plain.skipped;
  const ms = (s) => ((1000 * s) / Math.max(1, handled)).toFixed(2);
  const idleRate = idle.cpu / idle.seconds;
  console.log(
    `not profiled: workerd CPU ${cycle.cpu.toFixed(2)} s in ${cycle.seconds.toFixed(1)} s (the phase and its ` +
      `flushes) for ${handled} messages: ` +
      (`${ms(cycle.cpu)} ms a message, its busiest thread ${ms(cycle.busiest)} ms; ` +
        `idle ${(1000 * idleRate).toFixed(0)} ms/s `) +
      (`(busiest thread ${((1000 * idle.busiest) / idle.seconds).toFixed(0)} ms/s): less ` +
        `idle ${ms(cycle.cpu - idleRate * cycle.seconds)} ms a message; load ${load()}`),
  );
  system.sockets.forEach((s) => s.terminate());
  await app.stop();
  process.exit(0);
}

const results = [];
const ladders = [];
const wakes = [];

console.log("› Node ws relay + SQLite file");
let relay = await nodeRelay(CONVERSATIONS);
const relayMain = await phase(relay, 1, SECONDS);
results.push(summary("node ws + sqlite", relayMain, CONVERSATIONS));
printTimeline("node ws + sqlite", relayMain);
// a fresh relay for the ladder: whatever backlog the main run left is thrown away with the old one
await relay.close();
relay = await nodeRelay(CONVERSATIONS);
const relayLadder = await ladder("node ws + sqlite", relay);
ladders.push(...relayLadder.rows);
wakes.push(...relayLadder.wakes);
await relay.close();

if (!hasFlag("no-dev"))
  console.log(
    `› Worker on wrangler dev (D1 + ChatRoom Durable Objects), ` +
      `sending ${VIA === "socket" ? "over the chat socket" : "with POST"}`,
  );
/** The main run and the ladder against one started Worker (`app`: { base, port, stop }), which is stopped after. */
async function measureWorker(name, app, big = false, afterMain = null, from = 0) {
  try {
    const system = await workerSystem(tokens.slice(from, from + CONVERSATIONS), app.base, app.port, workerOpts);
    const main = await phase(system, 1, SECONDS);
    results.push(summary(name, main, CONVERSATIONS));
    printTimeline(name, main);
    if (afterMain) await afterMain(main);
    const lad = await ladder(name, system);
    ladders.push(...lad.rows);
    wakes.push(...lad.wakes);
    system.sockets.forEach((s) => s.terminate());
    let bigRun = null;
    if (big && BIG > CONVERSATIONS) {
      console.log(`› ${BIG} conversations × 2 sockets at 1 msg/s for ${SECONDS} s (load ${load()})`);
      const wide = await workerSystem(tokens.slice(0, BIG), app.base, app.port, workerOpts);
      bigRun = await phase(wide, 1, SECONDS);
      bigRun.connected = wide.rooms.length;
      if (app.direct)
        console.log(
          `  workerd's resident memory with ${wide.rooms.length} rooms open: ${workerdRssMB().toFixed(0)} MB`,
        );
      results.push(summary(`${name}, ${BIG} conv. (${wide.rooms.length} connected)`, bigRun, BIG));
      wide.sockets.forEach((s) => s.terminate());
    }
    return { main, ladder: lad, retries: system.retries, big: bigRun };
  } finally {
    await app.stop();
  }
}

/**
 * D1's conversation rows: how many times rooms wrote them (ADR 029; since ADR 065 only a first question or answer is
 * written there, the lists live in the people's objects), and how many messages the Worker has stored so far (the
 * sends it acknowledged: D1's `last_seq` is no longer kept)
 */
async function indexTotals(range = null) {
  const where = range ? ` WHERE id BETWEEN ${Number(range[0])} AND ${Number(range[1])}` : "";
  const out = await wrangler(
    [
      "d1",
      "execute",
      "DB",
      ...d1Args(STATE),
      "--json",
      "--command",
      `SELECT coalesce(sum(index_writes), 0) AS w FROM conversations${where}`,
    ],
    {
      capture: true,
      quiet: true,
      env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" },
    },
  );
  const row = JSON.parse(out)?.[0]?.results?.[0] ?? {};
  return { writes: Number(row.w ?? 0), messages: stored };
}

// --no-dev: no Worker on wrangler dev (on a loaded machine its stage has stalled for over ten minutes: a socket or
// fetch through its proxy that never answers); the relay and the Worker without the proxy still run (needs --direct)
const NO_DEV = hasFlag("no-dev");
const measured = NO_DEV ? null : await measureWorker("worker (D1 + DO)", await startBenchApp({ state: STATE }));
const workerMain = measured?.main ?? null;
const workerLadder = measured?.ladder ?? { best: null };
const workerRetries = measured?.retries ?? 0;
if (workerRetries)
  console.log(`  ${workerRetries} sends answered 503 by wrangler dev's proxy were sent again with the same clientId`);

// --direct: the same built Worker served by Miniflare without wrangler dev's proxy (bench/lib.mjs)
let direct = null;
if (!hasFlag("no-direct")) {
  console.log(`› the same Worker on Miniflare directly (no wrangler dev proxy), load ${load()}`);
  const before = await indexTotals();
  // the main run's own figure: its rooms' index writes once their alarms (at most 10 s behind while both
  // participants are in the room, ADR 029/034) have run
  let mainWrites = null;
  // its own conversations (the last ones made), counted alone,
  // so the figure is not the previous system's rooms flushing
  const from = Math.max(0, tokens.length - CONVERSATIONS);
  const ids = tokens.slice(from, from + CONVERSATIONS).map((t) => t.conversation);
  const range = [Math.min(...ids), Math.max(...ids)];
  const mainBefore = await indexTotals(range);
  const d = await measureWorker(
    "worker, no dev proxy",
    await startDirectWorker({ persistTo: STATE }),
    true,
    async () => {
      // a room both people are in flushes 10 to 15 s after its first change (INDEX_FLUSH_LIVE_MS × 1–1.5,
      // workers/durable-objects/roomIndex.ts): read after the latest of them, or most rooms are not counted yet (11 s
      // counted 373–1,791 of 10,000 messages)
      await new Promise((r) => setTimeout(r, 16_500));
      const mid = await indexTotals(range);
      mainWrites = {
        perMessage: (mid.writes - mainBefore.writes) / Math.max(1, mid.messages - mainBefore.messages),
        messages: mid.messages - mainBefore.messages,
      };
    },
    from,
  );
  const after = await indexTotals();
  const writesPerMessage = (after.writes - before.writes) / Math.max(1, after.messages - before.messages);
  direct = {
    main: d.main,
    best: d.ladder.best,
    big: d.big,
    writesPerMessage,
    messages: after.messages - before.messages,
    mainWrites,
  };
}

console.log(`› load average at the end: ${load()}`);
console.log(`\nmain run: ${CONVERSATIONS} msgs/s for ${SECONDS} s (delivered = received on the provider's socket)`);
console.table(results);
const ratio = workerMain ? pct(workerMain.latencies, 99) / pct(relayMain.latencies, 99) : NaN;
const ratio50 = workerMain ? pct(workerMain.latencies, 50) / pct(relayMain.latencies, 50) : NaN;
// with --no-dev only the Worker without the proxy ran: its line below is the ratio
if (workerMain)
  console.log(
    `worker / node relay: p50 ${ratio50.toFixed(2)}×, p99 ${ratio.toFixed(2)}× (goal: 100% delivered, p99 within 3×)`,
  );
console.log(
  `\nrate ladder (${STEP_SECONDS} s per step after ${WAKE_SECONDS} s at its rate, stops at the first step over budget)`,
);
console.table(ladders);
console.log(
  `each step's first ${WAKE_SECONDS} s, not counted in it (its rooms were quiet since the last phase: asleep, ` +
    `for the Worker)`,
);
console.table(wakes);
console.log(
  `largest rate with 100% delivered and p99 < ${P99_BUDGET_MS} ms: node ` +
    `relay ${relayLadder.best ?? "< " + STEPS[0]} msgs/s` +
    (workerMain ? `, worker ${workerLadder.best ?? "< " + STEPS[0]} msgs/s` : ""),
);
if (direct) {
  const d50 = pct(direct.main.latencies, 50) / pct(relayMain.latencies, 50);
  const d99 = pct(direct.main.latencies, 99) / pct(relayMain.latencies, 99);
  console.log(
    `worker without the dev proxy / node relay: p50 ${d50.toFixed(2)}×, p99 ${d99.toFixed(2)}× (goal: 100% ` +
      `delivered, p99 within 3×); largest rate ${direct.best ?? "< " + STEPS[0]} msgs/s`,
  );
  if (direct.mainWrites)
    console.log(
      `D1 writes per message in the main run (${CONVERSATIONS} conversations × 1 msg/s, both sides in the ` +
        `room): ${direct.mainWrites.perMessage.toFixed(3)} over ${direct.mainWrites.messages} messages (goal ≤ ` +
        `0.1)`,
    );
  console.log(
    `D1 writes per message over the whole run (main, ladder's sparse sends, ${BIG} ` +
      `conversations): ${direct.writesPerMessage.toFixed(3)} over ${direct.messages} messages`,
  );
}
// `npm run bench` reads the figures from here
const jsonOut = flag("json", "");
if (jsonOut) {
  const share = (r) => r.delivered / Math.max(1, r.sent);
  writeFileSync(
    jsonOut,
    JSON.stringify({
      conversations: CONVERSATIONS,
      seconds: SECONDS,
      relay: {
        delivered: share(relayMain),
        p50: pct(relayMain.latencies, 50),
        p99: pct(relayMain.latencies, 99),
        best: relayLadder.best,
      },
      worker: workerMain && {
        delivered: share(workerMain),
        p50: pct(workerMain.latencies, 50),
        p99: pct(workerMain.latencies, 99),
        best: workerLadder.best,
      },
      p99Ratio: ratio,
      devProxyRetries: workerRetries,
      via: VIA,
      direct: direct && {
        delivered: share(direct.main),
        p50: pct(direct.main.latencies, 50),
        p99: pct(direct.main.latencies, 99),
        best: direct.best,
        writesPerMessage: direct.writesPerMessage,
        mainWritesPerMessage: direct.mainWrites?.perMessage ?? null,
        big: direct.big && {
          conversations: BIG,
          delivered: share(direct.big),
          p50: pct(direct.big.latencies, 50),
          p99: pct(direct.big.latencies, 99),
        },
      },
    }),
  );
}
process.exit(0);
