// bench:chat's load and its figures (bench/chat.mjs is the runner): a phase of sends against a system (the relay or the
// Worker, bench/chat-systems.mjs), its one-line summary, its per-second timeline, and the rate ladder.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { flag, hasFlag, pct } from "./lib.mjs";

/** sends still unanswered above this are skipped and counted as not delivered: an overloaded system is not
 *  allowed to pile up unbounded work (the run stays bounded in time) */
const MAX_IN_FLIGHT = Number(flag("max-in-flight", "500"));

/** the machine's 1/5/15-minute load, printed beside every figure (the machine is shared) */
export const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : "-");
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one load phase against a system: every customer sends `perSecond` messages per second for `seconds`,
 * spread evenly (each customer starts at a random offset); returns latencies (ms) and counts, and for --timeline
 * each delivered message as [ms after the phase began that it was sent, its latency].
 */
export async function phase(system, perSecond, seconds, rooms = system.rooms) {
  const sentAt = new Map();
  const timeline = [];
  const began = performance.now();
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  system.onDeliver = (clientId) => {
    const t = sentAt.get(clientId);
    if (t === undefined) return;
    sentAt.delete(clientId);
    timeline.push([t - began, performance.now() - t]);
  };
  const interval = 1000 / perSecond;
  const total = Math.round(seconds * perSecond);
  const runs = rooms.map(async (room, i) => {
    await sleep(Math.random() * interval);
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const clientId = `b${i}x${n}x${randomBytes(4).toString("hex")}`;
      sent++;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++;
        continue;
      }
      sentAt.set(clientId, performance.now());
      inFlight++;
      system
        .send(room, clientId, `message ${n} in conversation ${room.id}`)
        .catch((err) => {
          if (failed++ === 0) console.log(`  first failed send: ${String(err?.message ?? err).slice(0, 200)}`);
        })
        .finally(() => inFlight--);
    }
  });
  await Promise.all(runs);
  // let the last messages land (bounded)
  const until = performance.now() + 5000;
  while (sentAt.size > 0 && performance.now() < until) await sleep(50);
  // and let unanswered requests finish (bounded) so the next phase starts on an idle system
  const drain = performance.now() + 30_000;
  while (inFlight > 0 && performance.now() < drain) await sleep(100);
  const latencies = timeline.map(([, ms]) => ms);
  return { sent, delivered: latencies.length, failed, skipped, latencies, timeline, began };
}

/** --timeline: p50/p99/max of the messages sent in each second of a phase, so a tail can be placed in time */
export function printTimeline(name, r) {
  if (!hasFlag("timeline")) return;
  const buckets = new Map();
  for (const [at, ms] of r.timeline) {
    const k = Math.floor(at / 1000);
    if (!buckets.has(k)) buckets.set(k, []);
    buckets.get(k).push(ms);
  }
  console.log(
    `  ${name}, by the second it was sent in (the phase began ${r.began.toFixed(0)} ms into the bench): s n ` +
      `p50 p99 max`,
  );
  for (const [k, xs] of [...buckets].sort((a, b) => a[0] - b[0]))
    console.log(`   ${k} ${xs.length} ${fmt(pct(xs, 50))} ${fmt(pct(xs, 99))} ${fmt(Math.max(...xs))}`);
}

export function summary(name, r, rate) {
  return {
    system: name,
    "msgs/s": rate,
    sent: r.sent,
    delivered: r.delivered,
    "failed/skipped": `${r.failed}/${r.skipped}`,
    "delivered %": ((100 * r.delivered) / Math.max(1, r.sent)).toFixed(2),
    "p50 ms": fmt(pct(r.latencies, 50)),
    "p99 ms": fmt(pct(r.latencies, 99)),
    "max ms": fmt(Math.max(...r.latencies)),
    load: load(),
  };
}

/**
 * Each step first sends WAKE_SECONDS at its rate, not counted in it: the step's rooms have been quiet since the last
 * phase (its drain, the main run's 16.5 s wait) and a room quiet for 10 s has been put to sleep. Locally every object
 * shares one thread, so a step's rooms all wake in the same second and the step would measure that queue, not the
 * rate it names. Those first seconds are printed on their own (`wakes`), for both systems alike.
 */
export const WAKE_SECONDS = 2;
/**
 * Steps of `steps` msgs/s in total over at most `conversations` rooms, each `stepSeconds` long after its wake; stops at
 * the first step not all delivered or with its p99 at `budgetMs` or more.
 */
export async function ladder(name, system, { steps, conversations, stepSeconds, budgetMs }) {
  let best = null;
  const rows = [];
  const wakes = [];
  for (const rate of steps) {
    const customers = Math.min(conversations, rate);
    const perSecond = rate / customers;
    if (perSecond > 1.8) break;
    const rooms = system.rooms.slice(0, customers);
    const wake = await phase(system, perSecond, WAKE_SECONDS, rooms);
    wakes.push(summary(`${name}, its first ${WAKE_SECONDS} s`, wake, rate));
    const r = await phase(system, perSecond, stepSeconds, rooms);
    rows.push(summary(name, r, rate));
    printTimeline(`${name} at ${rate}`, r);
    const ok = r.delivered === r.sent && pct(r.latencies, 99) < budgetMs;
    if (!ok) break;
    best = rate;
  }
  return { best, rows, wakes };
}
