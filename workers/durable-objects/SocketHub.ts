import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * A Durable Object that holds hibernating WebSockets and sends events to all of them.
 * The Worker authenticates the socket before forwarding the upgrade; the object only speaks the protocol.
 */
export abstract class SocketHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // keep-alives are answered without waking the object
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  protected sendToAll(event: unknown): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
        sent++;
      } catch {
        // a socket that closed mid-send is dropped by the runtime
      }
    }
    return sent;
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 (no status, abnormal) may not be sent back; a socket already gone is fine
    closeQuietly(ws, code === 1005 || code === 1006 || code < 1000 ? 1000 : code, "closing");
  }
}

/** Closes a socket that may already be closing or gone. */
export function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closing
  }
}
