// A conversation's socket protocol (ADR 021, 036): what the Worker tells the room about a socket it checked, what
// the room keeps on each socket, what a client may send and what only the sender is told.
import type { Lang } from "../../domain/context";
import type { ChatEvent } from "../../domain/chat/view";

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

/** A socket's session and participant are read from D1 again after this long (ADR 036). */
export const SESSION_RECHECK_MS = 10_000;

/** What the room keeps on each socket (it survives hibernation). */
export interface Attachment {
  openedAt?: number;
  /** when this socket's session and participant were last checked against D1 (ms) */
  checkedAt?: number;
  userId: number;
  userType: "customer" | "provider";
  sessionId: string;
  lang: Lang;
  conversationId: number;
}

/** What a client may send over the socket (besides the ping the runtime answers). */
export type ClientFrame = {
  type: "send";
  clientId?: unknown;
  message?: unknown;
  imageUrl?: unknown;
  audioUrl?: unknown;
};

/** Only to the socket that sent a frame: why its message was not stored. */
export type ChatErrorEvent = { type: "error"; clientId: string | null; status: number; message: string };

/** The socket's person from the Worker's headers, or null when they do not name a user and a conversation. */
export function attachmentFromUpgrade(request: Request): Attachment | null {
  const userId = Number(request.headers.get(CHAT_USER_HEADER));
  const conversationId = Number(request.headers.get(CHAT_CONVERSATION_HEADER));
  if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(conversationId) || conversationId <= 0)
    return null;
  const lang = request.headers.get(CHAT_LANG_HEADER);
  return {
    userId,
    userType: request.headers.get(CHAT_USER_TYPE_HEADER) === "provider" ? "provider" : "customer",
    sessionId: request.headers.get(CHAT_SESSION_HEADER) ?? "",
    lang: lang === "ar" || lang === "ku" ? lang : "en",
    conversationId,
  };
}

export const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as Attachment | null;

/** A client's frame, or null when it is not JSON text. */
export function readFrame(data: string | ArrayBuffer): ClientFrame | null {
  try {
    return typeof data === "string" ? (JSON.parse(data) as ClientFrame) : null;
  } catch {
    return null;
  }
}

/** The users with a socket open among `sockets`. */
export function usersHere(sockets: WebSocket[]): Set<number> {
  const here = new Set<number>();
  for (const ws of sockets) {
    const a = ws.deserializeAttachment() as Partial<Attachment> | null;
    if (a?.userId) here.add(a.userId);
  }
  return here;
}

/** To one socket only. */
export function reply(ws: WebSocket, event: ChatEvent | ChatErrorEvent) {
  try {
    ws.send(JSON.stringify(event));
  } catch {
    // the socket closed meanwhile: the client catches up with after= or resends by clientId
  }
}
