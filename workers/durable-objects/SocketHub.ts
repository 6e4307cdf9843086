import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { isDevelopment } from "../devOnly";

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

  /** Development only (`POST /dev/faults/restart`): the object restarts as a deploy restarts it; its sockets drop. */
  async restart(): Promise<void> {
    if (isDevelopment(this.env)) this.ctx.abort("restarted on purpose (development)");
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** frames each socket sent in its current window (in memory: a woken object simply starts counting again) */
  private frames = new WeakMap<WebSocket, { since: number; count: number }>();

  /**
   * A client frame that is too big (over `maxBytes`) or one too many in `windowMs` closes its socket (1009, 1008):
   * every frame wakes the object, so junk must not keep it busy. True when the frame may be read.
   */
  protected admitFrame(
    ws: WebSocket,
    data: string | ArrayBuffer,
    opts: { maxBytes: number; maxFrames: number; windowMs?: number },
  ): boolean {
    if (!frameFits(data, opts.maxBytes)) {
      closeQuietly(ws, 1009, "frame too large");
      return false;
    }
    const now = Date.now();
    const seen = this.frames.get(ws);
    const window = seen && now - seen.since < (opts.windowMs ?? 10_000) ? seen : { since: now, count: 0 };
    window.count++;
    this.frames.set(ws, window);
    if (window.count > opts.maxFrames) {
      closeQuietly(ws, 1008, "too many frames");
      return false;
    }
    return true;
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

const encoder = new TextEncoder();

/**
 * The frame is at most `max` bytes. A string of n UTF-16 units is at most 3n bytes of UTF-8, so a short one fits
 * without being encoded (a chat message's frame is a few hundred characters; only a long one is measured).
 */
export function frameFits(data: string | ArrayBuffer, max: number): boolean {
  if (typeof data !== "string") return data.byteLength <= max;
  return data.length * 3 <= max || encoder.encode(data).byteLength <= max;
}

/** Closes a socket that may already be closing or gone. */
export function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closing
  }
}
