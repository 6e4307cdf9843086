import { MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { ChatEvent } from "../../domain/chat/view";
import { SocketHub } from "./SocketHub";

/** Set by the Worker on the forwarded upgrade, after it checked the session: who this socket belongs to. */
export const CHAT_USER_HEADER = "X-Dalil-Chat-User";

/**
 * One per conversation: the two participants' live sockets, nothing else. Messages are validated and
 * stored in D1 by the domain before `publish` is called; the object keeps no state D1 lacks (a socket's
 * user id lives in its hibernation attachment), so eviction loses nothing.
 */
export class ChatRoom extends SocketHub {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const userId = Number(request.headers.get(CHAT_USER_HEADER));
    if (!Number.isSafeInteger(userId) || userId <= 0) return new Response("Forbidden", { status: 403 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`user:${userId}`]);
    pair[1].serializeAttachment({ userId });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** RPC: deliver a stored message to everyone in the room; returns the user ids with a socket open. */
  async publish(event: ChatEvent): Promise<number[]> {
    this.sendToAll(event);
    const listening = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as { userId?: number } | null;
      if (a?.userId) listening.add(a.userId);
    }
    return [...listening];
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // sending happens over the API (validated and stored first); a frame above the limit closes the socket
    const size = typeof data === "string" ? new TextEncoder().encode(data).byteLength : data.byteLength;
    if (size > MAX_FRAME_BYTES) ws.close(1009, "frame too large");
  }
}
