// How bench:faults counts, from what it observed at the end (never from what the code says): D1's bookings, each room's
// history, every call the stand-ins took and everyone's bell; and the per-minute table of the run.
import { pct } from "./lib.mjs";
import { bellTwice } from "./faults-observe.mjs";

/** Per kind, what was acknowledged and then lost and what arrived twice, with a note for each. */
export async function tally({
  kinds,
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
  state,
  stop,
}) {
  const lost = Object.fromEntries(kinds.map((k) => [k, 0]));
  const twice = Object.fromEntries(kinds.map((k) => [k, 0]));
  const notes = [];
  // bookings: one row per acknowledged key, in the state its owner was told
  for (const b of out.bookings) {
    const [n, status] = sqlite(
      `SELECT count(*), max(status) FROM bookings WHERE customer_id = ${b.customerId} AND idempotency_key = '${b.key}'`,
    ).split("|");
    if (Number(n) === 0) (lost.booking++, notes.push(`booking ${b.key} acknowledged as ${b.id}, not in D1`));
    if (Number(n) > 1 || b.ids.length > 1)
      (twice.booking++, notes.push(`booking ${b.key}: ${n} rows, ids ${b.ids.join(",")}`));
    if (b.status !== "pending" && status !== b.status && !(b.status === "accepted" && status === "completed"))
      (lost.booking++, notes.push(`booking ${b.id}: told ${b.status}, D1 says ${status}`));
  }
  // chat: every message its sender got back is in the room's history, once
  for (const r of rooms) {
    const history = [];
    let before = "";
    for (;;) {
      const page = await call("chat", `/api/conversations/${r.id}/messages${before}`, {
        cookie: convs.find((c) => c.id === r.id).customerCookie,
      });
      history.unshift(...(page.body?.messages ?? []));
      if (!page.body?.hasOlder || !page.body.messages.length) break;
      before = `?before=${page.body.messages[0].id}`;
    }
    const count = new Map();
    for (const m of history) count.set(m.clientId, (count.get(m.clientId) ?? 0) + 1);
    for (const c of r.acked.keys())
      if (!count.has(c)) (lost.chat++, notes.push(`chat ${r.id}: ${c} acknowledged, not in history`));
    for (const [c, n] of count) if (n > 1) (twice.chat++, notes.push(`chat ${r.id}: ${c} ${n} times in history`));
  }
  // bots: each acknowledged step's replies, once
  // (a person's turns are summed: a returning person's steps bring what the calibration's second turn brought)
  const wanted = new Map();
  for (const p of people) {
    const table = p.again ? expectedAgain : expected;
    const w = wanted.get(p.key) ?? { kind: p.kind, n: 0 };
    w.n += p.acked.reduce((s, step) => s + table[p.kind][step], 0);
    wanted.set(p.key, w);
  }
  for (const [key, { kind, n: want }] of wanted) {
    const got = sent.count(key);
    if (got < want) ((lost[kind] += want - got), notes.push(`${key}: ${got} replies, ${want} expected`));
    if (got > want) ((twice[kind] += got - want), notes.push(`${key}: ${got} replies, ${want} expected`));
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
  await stop();
  const bells = bellTwice(state);
  twice.booking += bells.twice.length;
  for (const b of bells.twice) notes.push(`bell twice: ${b}`);
  // each acknowledged booking: its owner's alert in the bell once, and the customer told its answer once
  for (const b of out.bookings) {
    const events = [
      `notices.bookingAlert|${b.id}`,
      ...(b.status === "accepted"
        ? [`notices.bookingAccepted|${b.id}`]
        : b.status === "declined"
          ? [`notices.bookingDeclined|${b.id}`]
          : []),
    ];
    for (const e of events) {
      const n = bells.byEvent.get(e) ?? 0;
      if (n === 0) (lost.booking++, notes.push(`bell: no ${e}`));
    }
  }

  return { lost, twice, notes, bells };
}

/**
 * Answers per minute of the load with their p50 and p99, workerd's memory and the load average beside them; the
 * isolate's heap after a full collection (the last sample of each minute) and whether it stayed flat (ADR 094).
 */
export function printMinutes({ minutes, memory, samples = [], rssStart, rssEnd, load }) {
  const heapBy = (s) => samples.filter((x) => x.at <= s && !Number.isNaN(x.heap)).at(-1)?.heap;
  console.log(
    `\nminute | answers | p50 ms | p99 ms | isolate heap MB | workerd RSS MB | Durable Objects stored | ` +
      `load (1, 5, 15 min)`,
  );
  for (const [i, xs] of minutes.entries()) {
    const m = memory[i];
    const rss = m ? `${m.rss.toFixed(0)} (${m.each.join(" + ")})` : "–";
    const times = `${pct(xs ?? [], 50).toFixed(0)} | ${pct(xs ?? [], 99).toFixed(0)}`;
    const heap = heapBy((i + 1) * 60)?.toFixed(1) ?? "–";
    console.log(
      `${i + 1} | ${xs?.length ?? 0} | ${times} | ${heap} | ${rss} | ${m?.objects ?? "–"} | ${m?.load ?? "–"}`,
    );
  }
  const heaps = samples.filter((x) => !Number.isNaN(x.heap));
  const warmHeap = (heaps.find((x) => x.at >= 60) ?? heaps[0])?.heap;
  if (heaps.length >= 2) {
    const endHeap = heaps.at(-1).heap;
    const change = (100 * (endHeap - warmHeap)) / warmHeap;
    console.log(
      `the isolate's heap (all Dalil keeps: the Worker, its objects, its queue consumer) after the first minute: ` +
        `${warmHeap.toFixed(1)} MB; at the end ${endHeap.toFixed(1)} MB (${change.toFixed(1)} %): ` +
        (Math.abs(change) <= 10 ? "flat within 10 %" : "NOT flat within 10 %"),
    );
  }
  const warm = memory[0]?.rss ?? rssStart;
  console.log(
    `workerd RSS after the first minute (warm): ${warm.toFixed(0)} MB; at the end ${rssEnd.toFixed(0)} MB ` +
      `(${((100 * (rssEnd - warm)) / warm).toFixed(1)} %)`,
  );
  const grew = ((100 * (rssEnd - rssStart)) / rssStart).toFixed(1);
  console.log(
    `workerd RSS (wrangler dev's workerd processes): ${rssStart.toFixed(0)} MB at the start (idle, before any load), ` +
      `${rssEnd.toFixed(0)} MB at the end (${grew} %); load ${load()}`,
  );
}

/** Per kind: requests, faults, refused, lost, twice, 5xx; then the faults injected, what was observed and the notes. */
export function printReport({
  kinds,
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
}) {
  const faults = {
    search: 0,
    booking: out.faults.booking,
    chat: faultLog.restart,
    whatsapp: botFaults.whatsapp.n,
    telegram: botFaults.telegram.n,
    scheduler: 0,
    "setup+faults": 0,
  };
  console.log(
    `\nkind | requests | faults injected | refused (409/429) | acknowledged then lost | delivered twice | ` +
      `5xx with a reason | 5xx without a reason`,
  );
  for (const k of kinds) {
    const s = stats[k];
    console.log(
      `${k} | ${s.requests} | ${faults[k]} | ${s.refused} | ${lost[k]} | ${twice[k]} | ${s.explained5xx} ` +
        `| ${s.unexplained5xx}`,
    );
  }
  console.log(
    `faults: Twilio ${faultLog.twilio} calls failed (500, 429, no answer), Telegram ${faultLog.telegram} ` +
      `(429, 502, no answer), ${faultLog.restart} rooms restarted, ` +
      (`${faultLog.redelivered} queue messages delivered twice (in ${faultLog.redeliveries} rounds); ` +
        `replays: ${out.faults.booking} bookings or answers, `) +
      `${botFaults.whatsapp.n} WhatsApp and ${botFaults.telegram.n} Telegram messages`,
  );
  const sum = (f) => rooms.reduce((s, r) => s + f(r), 0);
  const closes = rooms.reduce(
    (a, r) => (Object.entries(r.closes).forEach(([c, n]) => (a[c] = (a[c] ?? 0) + n)), a),
    {},
  );
  console.log(
    `observed: ${out.bookings.length} bookings acknowledged, ${sum((r) => r.acked.size)} chat messages ` +
      `acknowledged (${sum((r) => r.reconnects)} sockets reconnected (closed with ${JSON.stringify(closes)}), ` +
      `${sum((r) => r.seenTwice)} frames heard again after a catch-up), ${people.length} bot conversations, ` +
      `${sent.all.length} messages in /__sent, ${bells.rows} bell rows; ` +
      `outbox at the end (waiting | dead): ${waiting}`,
  );
  const restarted = kinds.map((k) => [k, stats[k].restarted ?? 0]).filter(([, n]) => n);
  if (restarted.length)
    notes.push(
      `503 "worker restarted mid-request" from wrangler dev's proxy (counted with a ` +
        `reason): ${restarted.map(([k, n]) => `${k} ${n}`).join(", ")}`,
    );
  notes.push(`sockets closed per room: ${rooms.map((r) => `${r.id}: ${JSON.stringify(r.closes)}`).join("; ")}`);
  for (const k of kinds)
    for (const u of stats[k].unexplained.slice(0, 5)) notes.unshift(`5xx without a reason (${k}): ${u}`);
  for (const n of notes.slice(0, 60)) console.log(`  ${n}`);
}
