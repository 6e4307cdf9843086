import type { Lang } from "../../domain/context";
import { isServiceError } from "../../domain/errors";
import { sendMessage } from "../../domain/chat/sendMessage";
import { MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { ChatEvent } from "../../domain/chat/view";
import { translatorFor } from "../../web/i18n/translator";
import { STATUS } from "../http-errors";
import { serviceContext } from "../services";
import { closeQuietly, SocketHub } from "./SocketHub";
import { MAX_SOCKETS_PER_USER } from "./UserSockets";

/** Set by the Worker on the forwarded upgrade, after it checked the session: who this socket belongs to. */
export const CHAT_USER_HEADER = "X-Dalil-Chat-User";
/** …with which session (its stored SHA-256 id: a send stops working once the session ends)… */
export const CHAT_SESSION_HEADER = "X-Dalil-Chat-Session";
/** …in which conversation… */
export const CHAT_CONVERSATION_HEADER = "X-Dalil-Chat-Conversation";
/** …with which account type… */
export const CHAT_USER_TYPE_HEADER = "X-Dalil-Chat-User-Type";
/** …and in which language its errors are written. */
export const CHAT_LANG_HEADER = "X-Dalil-Chat-Lang";

interface Attachment {
  openedAt?: number;
  userId: number;
  userType: "customer" | "provider";
  sessionId: string;
  lang: Lang;
  conversationId: number;
}

/** What a client may send over the socket (besides the ping the runtime answers). */
type ClientFrame = { type: "send"; clientId?: unknown; message?: unknown; imageUrl?: unknown };

/** Only to the socket that sent a frame: why its message was not stored. */
export type ChatErrorEvent = { type: "error"; clientId: string | null; status: number; message: string };

/**
 * One per conversation: the two participants' live sockets, nothing else. A message is stored in D1 by the
 * domain (sendMessage) before it is broadcast, whether it came over the API or over this socket; the object
 * keeps no state D1 lacks (a socket's user, session and conversation live in its hibernation attachment),
 * so eviction loses nothing (ADR 021).
 */
export class ChatRoom extends SocketHub {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const userId = Number(request.headers.get(CHAT_USER_HEADER));
    const conversationId = Number(request.headers.get(CHAT_CONVERSATION_HEADER));
    if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(conversationId) || conversationId <= 0) {
      return new Response("Forbidden", { status: 403 });
    }
    const lang = request.headers.get(CHAT_LANG_HEADER);
    const attachment: Attachment = {
      userId,
      userType: request.headers.get(CHAT_USER_TYPE_HEADER) === "provider" ? "provider" : "customer",
      sessionId: request.headers.get(CHAT_SESSION_HEADER) ?? "",
      lang: lang === "ar" || lang === "ku" ? lang : "en",
      conversationId,
    };
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`user:${userId}`]);
    pair[1].serializeAttachment({ ...attachment, openedAt: Date.now() });
    // as /ws is capped: one user keeps at most MAX_SOCKETS_PER_USER sockets in a room, the oldest closes
    const mine = this.ctx
      .getWebSockets(`user:${userId}`)
      .filter((ws) => ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
      .sort((a, b) => ((a.deserializeAttachment() as Attachment | null)?.openedAt ?? 0) - ((b.deserializeAttachment() as Attachment | null)?.openedAt ?? 0));
    for (const ws of mine.slice(0, Math.max(0, mine.length - MAX_SOCKETS_PER_USER))) closeQuietly(ws, 4002, "too many sockets");
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * RPC from the user's UserSockets when sessions end (logout, sign-out everywhere, a password change or
   * reset, a claim release): closes this user's sockets of those sessions. Returns how many are still open.
   */
  async closeSessions(userId: number, which: { only: string } | { allExcept: string | null }): Promise<number> {
    let left = 0;
    for (const ws of this.ctx.getWebSockets(`user:${userId}`)) {
      const sessionId = (ws.deserializeAttachment() as Attachment | null)?.sessionId;
      const ended = "only" in which ? sessionId === which.only : sessionId !== which.allExcept;
      if (ended) closeQuietly(ws, 4001, "session ended");
      else left++;
    }
    return left;
  }

  /** RPC: deliver a stored message to everyone in the room; returns the user ids with a socket open. */
  async publish(event: ChatEvent): Promise<number[]> {
    this.sendToAll(event);
    const listening = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Partial<Attachment> | null;
      if (a?.userId) listening.add(a.userId);
    }
    return [...listening];
  }

  /**
   * `{"type":"send","clientId","message"|"imageUrl"}`: the same verb as POST /api/conversations/{id}/messages,
   * as the socket's user and session. The stored message comes back to everyone as `{"type":"message"}` (the
   * sender matches it by clientId); a resend of a stored clientId gets the stored message back; a refusal
   * gets `{"type":"error"}` with the status the API would have answered and a sentence in the user's language.
   */
  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // 8 KB a frame; 60 frames in 10 s is three times the send limit: more is a flood, not a person
    if (!this.admitFrame(ws, data, { maxBytes: MAX_FRAME_BYTES, maxFrames: 60 })) return;
    const me = ws.deserializeAttachment() as Attachment | null;
    let frame: ClientFrame | null = null;
    try {
      frame = typeof data === "string" ? (JSON.parse(data) as ClientFrame) : null;
    } catch {
      frame = null;
    }
    if (!me?.sessionId || frame?.type !== "send") {
      this.reply(ws, { type: "error", clientId: null, status: 400, message: translatorFor(me?.lang ?? "en")("errors.validation") });
      return;
    }
    const clientId = typeof frame.clientId === "string" ? frame.clientId : null;
    const ctx = serviceContext(this.env, { actor: { kind: "user", userId: me.userId, userType: me.userType, isAdmin: false }, locale: me.lang });
    // this room is the conversation's room: broadcast here instead of calling our own stub
    ctx.ports = { ...ctx.ports, chatRooms: { publish: async (_id, event) => this.publish(event) } };
    try {
      const { message, created } = await sendMessage(
        ctx,
        { conversationId: me.conversationId },
        { clientId: frame.clientId, message: frame.message, imageUrl: frame.imageUrl },
        { sessionId: me.sessionId },
      );
      if (!created) this.reply(ws, { type: "message", message });
    } catch (err) {
      const t = translatorFor(me.lang);
      if (isServiceError(err)) {
        this.reply(ws, { type: "error", clientId, status: STATUS[err.code], message: t(err.messageKey, err.params) });
        if (err.code === "UNAUTHENTICATED" || err.code === "FORBIDDEN") ws.close(4401, "not allowed");
      } else {
        console.error("chat send over socket failed", err);
        this.reply(ws, { type: "error", clientId, status: 500, message: t("errors.internal") });
      }
    }
  }

  private reply(ws: WebSocket, event: ChatEvent | ChatErrorEvent) {
    try {
      ws.send(JSON.stringify(event));
    } catch {
      // the socket closed meanwhile: the client catches up with after= or resends by clientId
    }
  }
}
