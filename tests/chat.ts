import { runInDurableObject } from "cloudflare:test";
import { namesInGeneration, objectName, startObjectGeneration } from "../workers/objectNames";
import type { UserSockets } from "../workers/durable-objects/UserSockets";
import { env } from "cloudflare:workers";
import { call, ORIGIN } from "./http";

/**
 * The send limit counts each sender's sends of the last 10 s in their UserSockets object (ADR 029); tests that
 * write more than that let ten seconds pass by moving the counted times back. (The binding's type shows only the
 * object's RPC, workers/durable-objects/rpc.ts; here the test reaches inside, so it names the class.)
 */
export async function tenSecondsPass() {
  for (const name of namesInGeneration().filter((n) => n.includes("|user:"))) {
    await runInDurableObject(env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(name)), (object) => {
      const hub = object as UserSockets;
      hub.sends.age(10_000);
    });
  }
}

export type RoomRow = {
  seq: number;
  sender_type: string;
  sender_user_id: number | null;
  client_id: string;
  message: string | null;
  deleted: number;
};

export const roomOf = (conversationId: number) =>
  env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(objectName(`conversation:${conversationId}`)));

/** The messages a conversation's room holds (the room is the record), as rows of its SQLite storage. */
export const roomRows = (conversationId: number) =>
  runInDurableObject(
    roomOf(conversationId),
    (_room, state) => state.storage.sql.exec<RoomRow>("SELECT * FROM messages ORDER BY seq").toArray() as RoomRow[],
  );

/**
 * Durable Object storage outlives the D1 reset between the modules of a workerd suite file (tests/workerd-suite.ts),
 * and D1 ids start again at 1 after it: each module meets new objects (a new generation of names,
 * workers/objectNames.ts), as a fresh file's were. The ending generation's rooms lose their pending alarm: a late index
 * flush would otherwise write into the next module's conversation of the same id.
 */
export async function emptyRoomsAndSendCounts() {
  const used = startObjectGeneration(`test${Date.now()}-${++generations}`);
  for (const name of used.filter((n) => n.includes("|conversation:"))) {
    await settled(() =>
      runInDurableObject(env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(name)), (_room, state) =>
        state.storage.deleteAlarm(),
      ),
    );
  }
}

let generations = 0;

/**
 * The previous module's sockets may still be closing when the next one empties the objects: workerd then drops
 * the test runner's connection to an object ("Network connection lost", seen once in CI's suite on a loaded
 * machine). The reset is tried again, a few times, before the module fails.
 */
async function settled<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= 4 || !/Network connection lost/.test(String((err as Error)?.message ?? err))) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** A socket opened with a session cookie (`/ws`, or a conversation's `/ws/chat/{id}`), collecting what it receives. */
export async function openSocket(cookie: string, path = "/ws") {
  const res = await call(path, { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie });
  if (res.status !== 101) throw new Error(`socket refused: ${res.status}`);
  const ws = res.webSocket!;
  ws.accept();
  const state = { closed: false, code: 0, received: [] as string[] };
  ws.addEventListener("message", (e) => state.received.push(String(e.data)));
  ws.addEventListener("close", (e) => Object.assign(state, { closed: true, code: e.code }));
  return { ws, state };
}
