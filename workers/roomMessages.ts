import type { ParticipantView } from "../domain/chat/access";
import { asParticipant } from "../domain/chat/access";
import { messageMissed } from "../domain/chat/messageAdded";
import { participantWithSession, sendMessage, sendOnCheckedSocket } from "../domain/chat/sendMessage";
import type { ChatEvent, MessageView } from "../domain/chat/view";
import type { ServiceContext } from "../domain/context";
import { isServiceError } from "../domain/errors";
import type { Ports, RoomParticipants, RoomSend, RoomSendResult } from "../domain/ports";
import { translatorFor } from "../i18n/translator";
import { closeQuietly } from "./durable-objects/SocketHub";
import { reply, SESSION_RECHECK_MS, type Attachment, type ClientFrame } from "./durable-objects/chatSocket";
import { roomParticipants, type RoomRow } from "./durable-objects/roomStore";
import type { Env } from "./env";
import { STATUS } from "./http-errors";
import { serviceContext } from "./services";

/** What a conversation's room lends the domain for a message sent over its own socket: its record and its fan-out. */
export interface LocalRoom {
  /** the room's row (its two participants as it knows them); null before its first message */
  row(): RoomRow | null;
  append(c: RoomParticipants, send: RoomSend): Promise<RoomSendResult>;
  publish(event: ChatEvent): Promise<number[]>;
}

/**
 * What a message means, for a ChatRoom (ADR 092): the domain's verbs called with the Worker's services, in the room's
 * own isolate (no hop through the Worker: the chat bench guards that latency). The room keeps its storage, its
 * fan-out and its socket protocol, and hands these two moments over.
 */
export interface RoomMessages {
  /** A `send` frame from a socket of this room: the same verb as POST …/messages, as the socket's user and session. */
  send(room: LocalRoom, ws: WebSocket, me: Attachment, frame: ClientFrame): Promise<void>;
  /** A stored message whose recipient has no socket open on the room: their chats, and the bell (claimed once). */
  missed(
    send: RoomSend,
    conversation: ParticipantView,
    recipient: number,
    message: MessageView,
    claimBell: () => Promise<boolean>,
  ): Promise<void>;
}

const handlersByEnv = new WeakMap<Env, RoomMessages>();

/** The rooms' message handler of one `env`, made once per isolate (as portsFor: ADR 067). */
export function roomMessagesFor(env: Env): RoomMessages {
  let handler = handlersByEnv.get(env);
  if (!handler) handlersByEnv.set(env, (handler = roomMessages(env)));
  return handler;
}

/** The Worker's ports with this room as the conversation's room, made once per room (ADR 067). */
const portsByRoom = new WeakMap<LocalRoom, Ports>();
function roomPorts(room: LocalRoom, ports: Ports): Ports {
  let own = portsByRoom.get(room);
  if (!own) {
    const chatRooms = {
      ...ports.chatRooms,
      publish: async (_id: number, event: ChatEvent) => room.publish(event),
      append: room.append,
    };
    portsByRoom.set(room, (own = Object.freeze({ ...ports, chatRooms })));
  }
  return own;
}

function roomMessages(env: Env): RoomMessages {
  return {
    /**
     * The stored message comes back to everyone as `{"type":"message"}` (the sender matches it by clientId); a resend
     * of a stored clientId gets the stored message back; a refusal gets `{"type":"error"}` with the status the API
     * would have answered (http-errors.ts) and a sentence in the user's language.
     */
    async send(room, ws, me, frame) {
      const clientId = typeof frame.clientId === "string" ? frame.clientId : null;
      const ctx = serviceContext(env, {
        actor: { kind: "user", userId: me.userId, userType: me.userType, isAdmin: false },
        locale: me.lang,
      });
      ctx.ports = roomPorts(room, ctx.ports);
      try {
        const raw = {
          clientId: frame.clientId,
          message: frame.message,
          imageUrl: frame.imageUrl,
          audioUrl: frame.audioUrl,
        };
        const row = room.row();
        const now = Date.now();
        // the room's own participants say who is who, and the send never waits on D1 (ADR 036): a check older than
        // SESSION_RECHECK_MS is renewed beside it, and closes the socket if its session or place has ended (a revoked
        // session's sockets are closed at once by ports.sessions.end, ADR 054; this catches a close that was lost)
        if (row && !(me.checkedAt !== undefined && now - me.checkedAt < SESSION_RECHECK_MS)) {
          ws.serializeAttachment({ ...me, checkedAt: now });
          void recheck(ws, { ...me, checkedAt: now }, ctx, now);
        }
        const checked = row && {
          ...roomParticipants(row),
          lastMessageAt: null,
          customerLeft: row.customer_left,
          providerLeft: row.provider_left,
        };
        const { message, created } = checked
          ? await sendOnCheckedSocket(ctx, asParticipant(checked, me.userId), raw)
          : await sendMessage(ctx, { conversationId: me.conversationId }, raw, { sessionId: me.sessionId });
        if (!row) ws.serializeAttachment({ ...me, checkedAt: now });
        if (!created) reply(ws, { type: "message", message });
      } catch (err) {
        const t = translatorFor(me.lang);
        if (isServiceError(err)) {
          reply(ws, { type: "error", clientId, status: STATUS[err.code], message: t(err.messageKey, err.params) });
          if (err.code === "UNAUTHENTICATED" || err.code === "FORBIDDEN") ws.close(4401, "not allowed");
        } else {
          console.error("chat send over socket failed", err);
          reply(ws, { type: "error", clientId, status: 500, message: t("errors.internal") });
        }
      }
    },

    async missed(send, conversation, recipient, message, claimBell) {
      const ctx = serviceContext(env, {
        actor: { kind: "user", userId: send.senderUserId, userType: send.role, isAdmin: false },
      });
      await messageMissed(ctx, conversation, recipient, message, claimBell);
    },
  };
}

/**
 * A socket's session and participant read again from D1 (ADR 036): gone, the socket is told why and closed;
 * D1 not answering, the next send tries again.
 */
async function recheck(ws: WebSocket, me: Attachment, ctx: ServiceContext, now: number) {
  try {
    await participantWithSession(ctx, me.userId, me.conversationId, me.sessionId, now);
  } catch (err) {
    if (isServiceError(err) && (err.code === "UNAUTHENTICATED" || err.code === "FORBIDDEN")) {
      reply(ws, {
        type: "error",
        clientId: null,
        status: STATUS[err.code],
        message: translatorFor(me.lang)(err.messageKey, err.params),
      });
      closeQuietly(ws, 4401, "not allowed");
    } else {
      console.error("chat socket recheck failed", err);
      try {
        ws.serializeAttachment({ ...me, checkedAt: undefined });
      } catch {
        // the socket closed meanwhile
      }
    }
  }
}
