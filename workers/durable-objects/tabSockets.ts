import type { Env } from "../env";
import { objectName } from "../objectNames";
import type { SessionsToClose } from "./rpc";
import { closeQuietly } from "./SocketHub";

/** The most sockets one user keeps open; a new one beyond it closes the oldest. */
export const MAX_SOCKETS_PER_USER = 10;

/** The header the Worker (never the browser) sets on the upgrade it forwards: the session's stored id. */
export const SESSION_HEADER = "X-Dalil-Session";

/** What each socket remembers across hibernation: the session it was opened under, and when. */
interface SocketAttachment {
  sessionId: string;
  openedAt: number;
}

/** Storage keys of the chat rooms where this user opened a socket. */
const ROOM = "room:";

const attachment = (ws: WebSocket) => (ws.deserializeAttachment() as SocketAttachment | null) ?? null;

/**
 * A person's open tabs (their notification sockets, each tagged with its session) and the chat rooms where they
 * opened a socket: ending a session closes exactly the sockets opened under it, here and in those rooms.
 */
export class TabSockets {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  /** The upgrade the Worker forwarded after checking the session; at most MAX_SOCKETS_PER_USER stay open. */
  accept(request: Request): Response {
    const sessionId = request.headers.get(SESSION_HEADER);
    if (request.headers.get("Upgrade") !== "websocket" || !sessionId)
      return new Response("Expected WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [sessionId]);
    pair[1].serializeAttachment({ sessionId, openedAt: Date.now() } satisfies SocketAttachment);
    this.closeOldestBeyond(MAX_SOCKETS_PER_USER);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** The room is remembered, so that ending a session also reaches the user's chat sockets. */
  async rememberRoom(userId: number, conversationId: number): Promise<void> {
    await this.ctx.storage.put({ userId, [`${ROOM}${conversationId}`]: Date.now() });
  }

  /**
   * Closes the sockets of revoked sessions: the tabs here and, through each remembered room, the chat sockets. A room
   * where the user has nothing left open is forgotten. Returns how many tab sockets were closed.
   */
  async closeSessions(which: SessionsToClose): Promise<number> {
    const doomed =
      "only" in which
        ? this.ctx.getWebSockets(which.only)
        : this.ctx.getWebSockets().filter((ws) => attachment(ws)?.sessionId !== which.allExcept);
    for (const ws of doomed) closeQuietly(ws, 4001, "session ended");
    const userId = await this.ctx.storage.get<number>("userId");
    if (userId) {
      const rooms = await this.ctx.storage.list<number>({ prefix: ROOM });
      await Promise.all(
        [...rooms.keys()].map(async (key) => {
          const room = this.env.CHAT_ROOM.get(
            this.env.CHAT_ROOM.idFromName(objectName(`conversation:${key.slice(ROOM.length)}`)),
          );
          const left = await room.closeSessions(userId, which).catch(() => 1);
          if (left === 0) await this.ctx.storage.delete(key);
        }),
      );
    }
    return doomed.length;
  }

  private closeOldestBeyond(max: number) {
    const open = this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
      .sort((a, b) => (attachment(a)?.openedAt ?? 0) - (attachment(b)?.openedAt ?? 0));
    for (const ws of open.slice(0, Math.max(0, open.length - max))) closeQuietly(ws, 4002, "too many sockets");
  }
}
