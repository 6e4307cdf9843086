// bench:chat's two systems (bench/chat.mjs runs them): the Worker, reached as the web client reaches it, and the
// baseline, a minimal Node `ws` relay writing each message to a SQLite file (bench/chat-relay.mjs, its own process).
// Each system is { rooms, sockets, send(room, clientId, message), onDeliver(clientId) }: a message counts as
// delivered when the provider's socket receives it.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { d1Args, migrate, ROOT, seed, wrangler } from "../scripts/lib.mjs";

const TMP = join(ROOT, ".wrangler", "tmp");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ───────────────────────── the Worker: POST to the API, receive on /ws/chat/{id} ─────────────────────────
/**
 * A fresh database in `state` with `total` conversations, each between a listing's provider account and its own
 * customer, and a session for everyone; returns each conversation's two session tokens.
 */
export async function prepareWorkerDatabase(state, total) {
  rmSync(state, { recursive: true, force: true });
  await migrate(state);
  await seed({ providers: total, persistTo: state, demoAccounts: false });
  // one provider account per listing, one customer each, a session for everyone, one conversation per pair
  const tokens = [];
  const lines = [];
  const now = Date.now();
  const hash = "pbkdf2-sha256$1$bench$bench"; // nobody logs in with a password here: sessions are made directly
  for (let i = 1; i <= total; i++) {
    const provider = 100000 + i;
    const customer = 200000 + i;
    const pTok = randomBytes(16).toString("hex");
    const cTok = randomBytes(16).toString("hex");
    tokens.push({ conversation: i, customer: cTok, provider: pTok });
    lines.push(
      `INSERT INTO users (id, phone, password_hash, name, user_type, is_phone_verified)
        VALUES (${provider}, '+96477${String(provider).padStart(8, "0")}', '${hash}', 'Bench Provider ${i}', 'provider',
        1), (${customer}, '+96478${String(customer).padStart(8, "0")}', '${hash}', 'Bench Customer ${i}', 'customer',
        1);`,
      `UPDATE service_providers SET user_id = ${provider} WHERE id = (SELECT id FROM service_providers ORDER BY id
        LIMIT 1 OFFSET ${i - 1});`,
      `INSERT INTO sessions (id, user_id, expires_at) VALUES ('${createHash("sha256").update(pTok).digest("hex")}',
        ${provider}, ${now + 86400000}), ('${createHash("sha256").update(cTok).digest("hex")}', ${customer},
        ${now + 86400000});`,
      `INSERT INTO conversations (id, customer_id, provider_id) VALUES (${i}, ${customer}, (SELECT id
        FROM service_providers WHERE user_id = ${provider}));`,
    );
  }
  mkdirSync(TMP, { recursive: true });
  const file = join(TMP, "bench-chat.sql");
  writeFileSync(file, lines.join("\n") + "\n");
  await wrangler(["d1", "execute", "DB", ...d1Args(state), "--file", file, "--yes"], { quiet: true });
  return tokens;
}

export function openSocket(url, headers) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    // an error after the handshake (the server going away) must not end the bench
    ws.on("error", (err) => reject(err));
  });
}

/**
 * Opens every conversation's sockets, 50 at a time. A conversation whose sockets the server refuses is left
 * out and counted (`refused`), not fatal: at 2,000 conversations this machine's 20,000 open files (each room
 * and user object is a SQLite file in local workerd) can run out before the sockets do.
 */
export async function connectAll(items, open, parallel = 50) {
  const out = [];
  let refused = 0;
  let reason = "";
  for (let i = 0; i < items.length; i += parallel) {
    const batch = await Promise.allSettled(items.slice(i, i + parallel).map(open));
    for (const r of batch) {
      if (r.status === "fulfilled") out.push(r.value);
      else {
        refused++;
        reason ||= String(r.reason?.message ?? r.reason).slice(0, 80);
      }
    }
  }
  if (refused) console.log(`  ${refused} of ${items.length} conversations could not connect (${reason})`);
  out.refused = refused;
  return out;
}

/**
 * The Worker as a system: each conversation's history read and both sockets opened as the web client does; `send`
 * over the customer's socket (`via` "socket") or with POST ("api"). `onStored` hears each send the Worker acknowledged.
 */
export async function workerSystem(tokens, base, port, { via = "socket", onStored = () => {} } = {}) {
  const system = { onDeliver: () => {}, rooms: [], sockets: [] };
  const rooms = await connectAll(tokens, async (t) => {
    const url = `ws://127.0.0.1:${port}/ws/chat/${t.conversation}`;
    // as the web client does: the conversation's page loads its history (from the room), then opens the socket
    const history = await fetch(`${base}/api/conversations/${t.conversation}/messages`, {
      headers: { Cookie: `dalil_session=${t.customer}` },
    });
    if (!history.ok) throw new Error(`history: ${history.status}`);
    await history.arrayBuffer();
    const customer = await openSocket(url, { Cookie: `dalil_session=${t.customer}`, Origin: base });
    const provider = await openSocket(url, { Cookie: `dalil_session=${t.provider}`, Origin: base });
    provider.on("message", (data) => {
      const e = JSON.parse(String(data));
      if (e.type === "message") system.onDeliver(e.message.clientId);
    });
    // the customer's socket answers each send with the stored message, or an error frame
    customer.on("message", (data) => {
      const e = JSON.parse(String(data));
      const clientId = e.type === "message" ? e.message.clientId : e.type === "error" ? e.clientId : null;
      const w = clientId && system.acks.get(clientId);
      if (!w) return;
      system.acks.delete(clientId);
      if (e.type === "message") (onStored(), w.resolve());
      else w.reject(new Error(`send: ${e.status} ${e.message}`));
    });
    system.sockets.push(customer, provider);
    return { id: t.conversation, cookie: `dalil_session=${t.customer}`, customer };
  });
  system.rooms = rooms;
  system.retries = 0;
  system.acks = new Map();
  // the web client's way: over the conversation's open socket (ADR 021); `--via api` measures POST instead
  if (via === "socket") {
    system.send = (room, clientId, message) =>
      new Promise((resolve, reject) => {
        system.acks.set(clientId, { resolve, reject });
        room.customer.send(JSON.stringify({ type: "send", clientId, message }));
      });
    return system;
  }
  system.send = async (room, clientId, message) => {
    // wrangler dev's proxy sometimes answers a POST with 503 "worker restarted mid-request" although the
    // Worker never restarted (cloudflare/workers-sdk#14641). A send is idempotent by clientId, so the bench
    // does what the web client's outbox does: send again with the same clientId (at most twice).
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}/api/conversations/${room.id}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, Cookie: room.cookie },
        body: JSON.stringify({ message, clientId }),
      });
      if (res.status === 201 || res.status === 200) return;
      const text = await res.text();
      if (res.status === 503 && /restarted mid-request/.test(text) && attempt < 2) {
        system.retries++;
        continue;
      }
      throw new Error(`send: ${res.status} ${text}`);
    }
  };
  return system;
}

// ───────────────────────── the baseline: a Node `ws` relay writing to a SQLite file ─────────────────────────
/** The baseline: bench/chat-relay.mjs in its own process, `conversations` pairs of sockets on it. */
export async function nodeRelay(conversations) {
  const child = spawn(process.execPath, [join(ROOT, "bench", "chat-relay.mjs"), join(TMP, "bench-chat-relay.sqlite")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`relay exited with ${code}`)));
  });
  const system = { onDeliver: () => {}, rooms: [], sockets: [] };
  system.rooms = await connectAll(
    Array.from({ length: conversations }, (_, i) => i + 1),
    async (id) => {
      const url = `ws://127.0.0.1:${port}/?conversation=${id}`;
      const customer = await openSocket(url);
      const provider = await openSocket(url);
      provider.on("message", (data) => system.onDeliver(JSON.parse(String(data)).message.clientId));
      system.sockets.push(customer, provider);
      return { id, customer };
    },
  );
  system.send = async (room, clientId, message) => room.customer.send(JSON.stringify({ clientId, message }));
  system.close = async () => {
    system.sockets.forEach((s) => s.terminate());
    child.kill("SIGTERM");
    await sleep(200);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  return system;
}
