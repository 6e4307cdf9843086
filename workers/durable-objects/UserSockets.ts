import { SocketHub } from "./SocketHub";
import { objectName } from "../objectNames";
import type { SessionsToClose, UserSocketsRpc } from "./rpc";
import { MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { BellItem, BellSelection, ChatListEntry, NewBellItem, StoredSession } from "../../domain/ports";
import { BellStore } from "./bell";
import { ChatListStore } from "./chatList";
import { SessionStore } from "./sessions";

/** The most sockets one user keeps open; a new one beyond it closes the oldest. */
export const MAX_SOCKETS_PER_USER = 10;

/** What each socket remembers across hibernation: the session it was opened under, and when. */
interface SocketAttachment {
  sessionId: string;
  openedAt: number;
}

/** Storage keys of the chat rooms where this user opened a socket. */
const ROOM = "room:";

/** The header the Worker (never the browser) sets on the upgrade it forwards: the session's stored id. */
export const SESSION_HEADER = "X-Dalil-Session";

/**
 * One per user: that user's open notification sockets. Each socket is tagged with the session it was
 * opened under, so signing out (or a password change) closes exactly the sockets of revoked sessions;
 * at most MAX_SOCKETS_PER_USER stay open. It is also the person's bell (ADR 051): their notifications, in its
 * SQLite storage, bounded by its alarm; and their sign-in sessions (ADR 054's amendment), which its alarm deletes
 * once expired.
 */
export class UserSockets extends SocketHub implements UserSocketsRpc {
  /**
   * The times of this user's chat sends still in the send limit's window, in memory (ADR 037): an object is only
   * evicted after it has been idle, by which time every counted send has left the 10-s window.
   */
  sendTimes: number[] = [];

  /** the person's notifications (ADR 051) */
  readonly bell = new BellStore(this.ctx.storage.sql);

  /** the person's sign-in sessions (ADR 054's amendment) */
  readonly sessions = new SessionStore(this.ctx.storage.sql);

  /** the person's list of conversations (ADR 065) */
  readonly chats = new ChatListStore(this.ctx.storage.sql);

  async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get(SESSION_HEADER);
    if (request.headers.get("Upgrade") !== "websocket" || !sessionId) return new Response("Expected WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [sessionId]);
    pair[1].serializeAttachment({ sessionId, openedAt: Date.now() } satisfies SocketAttachment);
    this.closeOldestBeyond(MAX_SOCKETS_PER_USER);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * RPC from a ChatRoom about to store this user's message: one of `max` sends per `windowMs`, across all the
   * user's conversations (ADR 029). This object is the one place that sees all of them, and the count is taken
   * and kept without an await (ADR 037): no other call runs in between, so sends in two rooms at once cannot
   * both take the last slot.
   */
  async takeSendSlot(now: number, max: number, windowMs: number): Promise<boolean> {
    this.sendTimes = this.sendTimes.filter((t) => t > now - windowMs);
    if (this.sendTimes.length >= max) return false;
    this.sendTimes.push(now);
    return true;
  }

  /**
   * RPC: a new notification, stored and pushed to every open tab in this one call (ADR 051). 0 when
   * `oncePerUnread` found one of its kind still unread. The first one arms the alarm that keeps the bell bounded.
   */
  async addNotification(n: NewBellItem, opts: { oncePerUnread?: boolean } = {}): Promise<number> {
    const id = this.bell.add(n, opts.oncePerUnread === true);
    if (!id) return 0;
    this.sendToAll({ type: "notification", notificationId: id, topic: n.type });
    await this.armBellAlarm();
    return id;
  }

  /** RPC: the bell's newest `limit` and its unread count. */
  async listNotifications(limit: number): Promise<{ items: BellItem[]; unread: number }> {
    return this.bell.list(limit);
  }

  /** RPC: unread → read; the other tabs' bells refresh when `tellTabs` and something changed. */
  async markNotificationsRead(which: BellSelection, opts: { tellTabs?: boolean } = {}): Promise<BellItem[]> {
    const changed = this.bell.markRead(which);
    if (opts.tellTabs && changed.length && !("id" in which)) this.sendToAll({ type: "notification" });
    return changed;
  }

  /** RPC: every notification, oldest first (the data export). */
  async allNotifications(): Promise<BellItem[]> {
    return this.bell.all();
  }

  /** RPC: the account is deleted: the bell empties, and its alarm goes. */
  async eraseNotifications(): Promise<number> {
    const erased = this.bell.erase();
    await this.ctx.storage.deleteAlarm();
    const expiry = this.sessions.nextExpiry();
    if (expiry !== null) await this.armAlarm(expiry);
    return erased;
  }

  /** RPC: the backfill from D1 (ADR 051); a row already imported is not added twice. */
  async importNotifications(rows: (NewBellItem & { legacyId: number; isRead: boolean })[]): Promise<number> {
    const added = this.bell.importLegacy(rows);
    await this.armBellAlarm();
    return added;
  }

  /** RPC from a conversation's room at its flush: its newer view of the conversation for this person (ADR 065). */
  async putChat(entry: Omit<ChatListEntry, "writes">): Promise<boolean> {
    return this.chats.put(entry);
  }

  /** RPC: the person's conversations, newest first (one listing's, as its owner, when `providerId` is given). */
  async listChats(limit: number, providerId?: number): Promise<ChatListEntry[]> {
    return this.chats.list(limit, providerId);
  }

  /** RPC: the account is deleted: the list empties. */
  async eraseChats(): Promise<number> {
    return this.chats.erase();
  }

  /** RPC: a new session (a login, a registration, a reset); the alarm is set for its expiry if none is earlier. */
  async addSession(session: StoredSession): Promise<void> {
    this.sessions.add(session);
    await this.armAlarm(session.expiresAt);
  }

  /** RPC: is this session live? (every signed-in request asks, beside its read of the account in D1) */
  async hasSession(id: string, now: number): Promise<boolean> {
    return this.sessions.has(id, now);
  }

  /**
   * RPC: sign-out (one session), sign-out everywhere else, a new password, a claim's release, a deletion (all but
   * one, or all): the sessions end, and their sockets close, in this one call. Ending one twice ends nothing more.
   * How many sessions ended.
   */
  async endSessions(which: SessionsToClose): Promise<number> {
    const ended = this.sessions.end(which);
    await this.closeSessions(which);
    return ended.length;
  }

  /** RPC: the live sessions, oldest first (the data export). */
  async listSessions(now: number): Promise<StoredSession[]> {
    return this.sessions.all(now);
  }

  /** The bound (read: 180 days, unread: 90, the newest 500) and the expired sessions, then the alarm for the next one due. */
  async alarm(): Promise<void> {
    const now = Date.now();
    const { nextDue } = this.bell.sweep(now);
    const nextExpiry = this.sessions.sweep(now);
    const next = [nextDue, nextExpiry].filter((t): t is number => t !== null);
    if (next.length) await this.ctx.storage.setAlarm(Math.max(Math.min(...next), now + 60_000));
  }

  /** One alarm at the oldest notification's due time. */
  private async armBellAlarm() {
    const due = this.bell.nextDue();
    if (due !== null) await this.armAlarm(due);
  }

  /** The alarm at `due` unless one is set already at or before it (the alarm always holds the earliest). */
  private async armAlarm(due: number) {
    const set = await this.ctx.storage.getAlarm();
    if (set !== null && set <= Math.max(due, Date.now() + 60_000)) return;
    await this.ctx.storage.setAlarm(Math.max(due, Date.now() + 60_000));
  }

  /** RPC: tell every open tab of this user that something changed. Returns how many sockets got it. */
  async broadcast(event: unknown): Promise<number> {
    return this.sendToAll(event);
  }

  /**
   * RPC from the Worker as it opens a chat socket for this user: the room is remembered, so that ending a
   * session also reaches the user's chat sockets (which live in each conversation's ChatRoom).
   */
  async rememberRoom(userId: number, conversationId: number): Promise<void> {
    await this.ctx.storage.put({ userId, [`${ROOM}${conversationId}`]: Date.now() });
  }

  /**
   * RPC: close the sockets of revoked sessions (one, or all but one): this object's notification sockets and,
   * through each remembered room, the chat sockets. A room where the user has nothing left open is forgotten.
   * Returns how many notification sockets were closed.
   */
  async closeSessions(which: { only: string } | { allExcept: string | null }): Promise<number> {
    const doomed =
      "only" in which
        ? this.ctx.getWebSockets(which.only)
        : this.ctx.getWebSockets().filter((ws) => this.attachment(ws)?.sessionId !== which.allExcept);
    for (const ws of doomed) this.closeQuietly(ws, 4001, "session ended");
    const userId = await this.ctx.storage.get<number>("userId");
    if (userId) {
      const rooms = await this.ctx.storage.list<number>({ prefix: ROOM });
      await Promise.all(
        [...rooms.keys()].map(async (key) => {
          const room = this.env.CHAT_ROOM.get(this.env.CHAT_ROOM.idFromName(objectName(`conversation:${key.slice(ROOM.length)}`)));
          const left = await room.closeSessions(userId, which).catch(() => 1);
          if (left === 0) await this.ctx.storage.delete(key);
        }),
      );
    }
    return doomed.length;
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // the client's {type:"join", userId} carries no authority: the Worker bound this socket to the session's user.
    // Frames are capped as the chat socket's are (8 KB), and a socket that floods is closed.
    this.admitFrame(ws, data, { maxBytes: MAX_FRAME_BYTES, maxFrames: 30 });
  }

  private closeOldestBeyond(max: number) {
    const open = this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
      .sort((a, b) => (this.attachment(a)?.openedAt ?? 0) - (this.attachment(b)?.openedAt ?? 0));
    for (const ws of open.slice(0, Math.max(0, open.length - max))) this.closeQuietly(ws, 4002, "too many sockets");
  }

  private attachment(ws: WebSocket): SocketAttachment | null {
    return (ws.deserializeAttachment() as SocketAttachment | null) ?? null;
  }

  private closeQuietly(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // already closing
    }
  }
}
