// The bench's baseline (npm run bench:chat starts it): a minimal Node `ws` relay that writes each message to
// a SQLite file (better-sqlite3, default settings: the naive way) before broadcasting it to the
// conversation's sockets. Its own process, so its synchronous writes never stall the load generator.
// Prints "listening <port>" on stdout; 127.0.0.1 only.
import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { WebSocketServer } from "ws";

const file = process.argv[2];
rmSync(file, { force: true });
const db = new Database(file);
db.exec(
  "CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation_id INTEGER NOT NULL, client_id " +
    "TEXT, message TEXT, timestamp INTEGER NOT NULL)",
);
const insert = db.prepare("INSERT INTO messages (conversation_id, client_id, message, timestamp) VALUES (?, ?, ?, ?)");
const rooms = new Map();
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
wss.on("connection", (ws, req) => {
  const id = Number(new URL(req.url, "http://x").searchParams.get("conversation"));
  if (!rooms.has(id)) rooms.set(id, new Set());
  rooms.get(id).add(ws);
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    // stored first, then broadcast (the same order as the Worker)
    const row = insert.run(id, m.clientId, m.message, Date.now());
    const out = JSON.stringify({
      type: "message",
      message: { id: Number(row.lastInsertRowid), clientId: m.clientId, message: m.message },
    });
    for (const peer of rooms.get(id)) peer.send(out);
  });
  ws.on("close", () => rooms.get(id)?.delete(ws));
});
wss.on("listening", () => console.log(`listening ${wss.address().port}`));
process.on("SIGTERM", () => {
  db.close();
  process.exit(0);
});
