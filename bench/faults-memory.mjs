// The soak's memory, sampled as it runs (ADR 094): each workerd process's resident memory apart (the app's and wrangler
// dev's proxy), and, through the inspector, the Worker isolate's JavaScript heap after a full collection, which holds
// everything Dalil keeps (the Worker, its Durable Objects and its queue consumer share one isolate). Heap snapshots
// summed by constructor show what a growing heap holds.
import { execFileSync } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";

const WebSocket = createRequire(join(ROOT, "node_modules", "miniflare", "package.json"))("ws");

/**
 * The workerd processes under `pid` (wrangler dev's children), each with its resident and anonymous memory in MB.
 * `app` is the one that serves the Worker (its inspector is open: `--inspector-addr`), the other wrangler dev's proxy.
 */
export function workerdProcesses(pid) {
  const parent = new Map();
  const all = [];
  for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "latin1");
      parent.set(p, status.match(/^PPid:\s+(\d+)/m)?.[1]);
      const cmd = readFileSync(`/proc/${p}/cmdline`, "latin1");
      if (!cmd.includes("workerd")) continue;
      const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? 0);
      all.push({ pid: p, app: cmd.includes("--inspector-addr"), rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024 });
    } catch {
      // gone meanwhile
    }
  }
  const under = (p) => {
    for (let q = parent.get(p); q && q !== "0"; q = parent.get(q)) if (q === String(pid)) return true;
    return false;
  };
  const ours = all.filter((p) => under(p.pid));
  // Miniflare alone (no wrangler dev) runs one workerd: the app's
  if (ours.length === 1) ours[0].app = true;
  return ours;
}

/** A DevTools session on the Worker's isolate through wrangler dev's inspector port (or on the isolate at `url`). */
export async function inspect(inspectorPort, url) {
  // wrangler dev's port lists only the Worker; workerd's own lists Miniflare's isolates beside it
  const targets = url ? [] : await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const ours = targets.find((t) => t.id?.startsWith("core:user:")) ?? targets[0];
  const ws = new WebSocket(url ?? ours.webSocketDebuggerUrl.replace("localhost", "127.0.0.1"));
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let next = 1;
  const waiting = new Map();
  const listeners = new Map();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.id && waiting.has(m.id)) {
      waiting.get(m.id)(m);
      waiting.delete(m.id);
    } else if (m.method) listeners.get(m.method)?.(m.params);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** The heap in use after a full collection, MB. */
    async heapMB() {
      await send("HeapProfiler.collectGarbage");
      const { usedSize } = await send("Runtime.getHeapUsage");
      return usedSize / 2 ** 20;
    },
    /** Writes a heap snapshot of the isolate to `file`. */
    async snapshot(file) {
      const out = createWriteStream(file);
      listeners.set("HeapProfiler.addHeapSnapshotChunk", ({ chunk }) => out.write(chunk));
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      await new Promise((r) => out.end(r));
    },
    close: () => ws.close(),
  };
}

/**
 * Sessions on the other isolates of the app's workerd process: Miniflare's own Workers that stand in for D1, the Queue,
 * R2, the cache and static assets locally, read through workerd's own inspector (wrangler dev's port shows only ours).
 */
export async function localIsolates(pid) {
  const app = workerdProcesses(pid).find((p) => p.app);
  if (!app) return [];
  const ports = [...execFileSync("ss", ["-ltnp"], { encoding: "utf8" }).matchAll(/127\.0\.0\.1:(\d+)\s.*pid=(\d+),/g)]
    .filter((m) => m[2] === app.pid)
    .map((m) => m[1]);
  for (const port of ports) {
    const list = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.json())
      .catch(() => null);
    if (!Array.isArray(list) || !list[0]?.id) continue;
    const others = list.filter((t) => !t.id.startsWith("core:user:"));
    return Promise.all(
      others.map(async (t) => ({ id: t.id, session: await inspect(0, `ws://127.0.0.1:${port}/${t.id}`) })),
    );
  }
  return [];
}

/** Self size (MB) and count of each constructor in a heap snapshot file, largest first. */
export function byConstructor(file) {
  const snap = JSON.parse(readFileSync(file, "utf8"));
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [T, N, S] = ["type", "name", "self_size"].map((k) => f.indexOf(k));
  const sums = new Map();
  for (let i = 0; i < snap.nodes.length; i += f.length) {
    const type = types[snap.nodes[i + T]];
    const name = type === "object" || type === "native" ? snap.strings[snap.nodes[i + N]] : `(${type})`;
    const s = sums.get(name) ?? { size: 0, count: 0 };
    s.size += snap.nodes[i + S];
    s.count++;
    sums.set(name, s);
  }
  return new Map(
    [...sums].map(([k, v]) => [k, { mb: v.size / 2 ** 20, count: v.count }]).sort((a, b) => b[1].mb - a[1].mb),
  );
}

/**
 * Every `everyS` seconds until `end`: each workerd process's memory, the isolate's heap when `session` is given, and
 * the load average, printed as it goes and kept. Heap snapshots at the minutes in `snapshotAt`, written to `dir`.
 */
export async function sampleMemory({ pid, session, everyS, end, t0, load, snapshotAt = [], dir }) {
  const samples = [];
  const others = session ? await localIsolates(pid).catch((e) => (console.log(`  isolates: ${e.message}`), [])) : [];
  const taken = new Set();
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  while (Date.now() < end) {
    await sleep(Math.min(everyS * 1000, end - Date.now()) || 1);
    const at = Math.round((Date.now() - t0) / 1000);
    const procs = workerdProcesses(pid);
    const heap = session ? await session.heapMB().catch(() => NaN) : NaN;
    // some of Miniflare's isolates never answer their inspector (NaN after 2 s); all are asked at once
    const timeout = () => new Promise((r) => setTimeout(() => r(NaN), 2000));
    const heapOf = (o) => Promise.race([o.session.heapMB().catch(() => NaN), timeout()]);
    const local = await Promise.all(others.map(async (o) => [o.id, await heapOf(o)]));
    const s = { at, procs, heap, local, load: load() };
    samples.push(s);
    const each = procs.map((p) => `${p.app ? "app" : "proxy"} ${p.rss.toFixed(0)} (anon ${p.anon.toFixed(0)})`);
    console.log(`  mem ${at} s: ${each.join(", ")} MB; isolate heap ${heap.toFixed(1)} MB; load ${s.load}`);
    const big = local.filter(([, mb]) => mb >= 1);
    if (big.length)
      console.log(`    Miniflare's isolates: ${big.map(([id, mb]) => `${id} ${mb.toFixed(1)}`).join(", ")} MB`);
    for (const m of snapshotAt)
      if (!taken.has(m) && at >= m * 60 && session) {
        taken.add(m);
        const file = join(dir, `heap-${m}min.heapsnapshot`);
        await session.snapshot(file).catch((e) => console.log(`  snapshot failed: ${e.message}`));
        console.log(`  heap snapshot at ${at} s: ${file}`);
      }
  }
  for (const o of others) o.session.close();
  return samples;
}

/** The constructors whose self size changed most between two snapshots (MB and counts, before → after). */
export function compareSnapshots(before, after, top = 12) {
  const a = byConstructor(before);
  const b = byConstructor(after);
  const names = new Set([...a.keys(), ...b.keys()]);
  const none = { mb: 0, count: 0 };
  const rows = [...names].map((k) => ({ k, a: a.get(k) ?? none, b: b.get(k) ?? none }));
  return rows.sort((x, y) => Math.abs(y.b.mb - y.a.mb) - Math.abs(x.b.mb - x.a.mb)).slice(0, top);
}

/** The isolate's heap between the first two snapshots taken (their files in `state`), by constructor. */
export function printSnapshotChange(state, snapshots) {
  const [snapA, snapB] = snapshots.slice(0, 2).map((m) => join(state, `heap-${m}min.heapsnapshot`));
  if (snapshots.length >= 2 && existsSync(snapA) && existsSync(snapB)) {
    const [a, b] = [snapA, snapB];
    console.log(`› the isolate's heap, minute ${snapshots[0]} → ${snapshots[1]}, by constructor (self size):`);
    for (const { k, a: x, b: y } of compareSnapshots(a, b))
      console.log(`  ${k.slice(0, 60)}: ${x.mb.toFixed(2)} → ${y.mb.toFixed(2)} MB, ${x.count} → ${y.count}`);
  }
}
