import { SocketHub } from "./SocketHub";
import type { SessionsToClose, UserSocketsRpc } from "./rpc";
import { MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { BellItem, BellSelection, ChatListEntry, NewBellItem, StoredSession } from "../../domain/ports";
import { BellStore } from "./bell";
import { ChatListStore } from "./chatList";
import { PersonAlarm } from "./personAlarm";
import { SendCount } from "./sendCount";
import { SessionStore } from "./sessions";
import { TabSockets } from "./tabSockets";

/**
 * One per user, over one SQLite storage: a router to one module per concern (ADR 092). Their open tabs' sockets and the
 * rooms they chat in (tabSockets.ts), their chat send count (sendCount.ts, ADR 037), their bell (bell.ts, ADR 051),
 * their sign-in sessions (sessions.ts, ADR 054's amendment), their list of conversations (chatList.ts, ADR 065), and
 * the one alarm the bell and the sessions share (personAlarm.ts). The class name and the stored data are unchanged.
 */
export class UserSockets extends SocketHub implements UserSocketsRpc {
  readonly sends = new SendCount();
  readonly bell = new BellStore(this.ctx.storage.sql);
  readonly sessions = new SessionStore(this.ctx.storage.sql);
  readonly chats = new ChatListStore(this.ctx.storage.sql);
  private readonly tabs = new TabSockets(this.ctx, this.env);
  private readonly alarms = new PersonAlarm(this.ctx.storage, this.bell, this.sessions);

  // ── sockets ──
  async fetch(request: Request): Promise<Response> {
    return this.tabs.accept(request);
  }

  /** RPC: tell every open tab of this user that something changed. Returns how many sockets got it. */
  async broadcast(event: unknown): Promise<number> {
    return this.sendToAll(event);
  }

  /** RPC from the Worker as it opens a chat socket for this user (ending a session reaches it too). */
  async rememberRoom(userId: number, conversationId: number): Promise<void> {
    await this.tabs.rememberRoom(userId, conversationId);
  }

  /** RPC: close the sockets of revoked sessions, here and in the remembered rooms; how many tabs closed. */
  async closeSessions(which: SessionsToClose): Promise<number> {
    return this.tabs.closeSessions(which);
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // the client's {type:"join", userId} carries no authority: the Worker bound this socket to the session's user.
    // Frames are capped as the chat socket's are (8 KB), and a socket that floods is closed.
    this.admitFrame(ws, data, { maxBytes: MAX_FRAME_BYTES, maxFrames: 30 });
  }

  // ── send count ──
  /** RPC from a ChatRoom about to store this user's message: one of `max` sends per `windowMs`, across all rooms. */
  async takeSendSlot(now: number, max: number, windowMs: number): Promise<boolean> {
    return this.sends.take(now, max, windowMs);
  }

  // ── bell ──
  /** RPC: a notification stored and pushed to every open tab; 0 when `oncePerUnread` found one still unread. */
  async addNotification(n: NewBellItem, opts: { oncePerUnread?: boolean } = {}): Promise<number> {
    const id = this.bell.add(n, opts.oncePerUnread === true);
    if (!id) return 0;
    this.sendToAll({ type: "notification", notificationId: id, topic: n.type });
    await this.alarms.armForBell();
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
    await this.alarms.resetForSessions();
    return erased;
  }

  /** RPC: the backfill from D1 (ADR 051); a row already imported is not added twice. */
  async importNotifications(rows: (NewBellItem & { legacyId: number; isRead: boolean })[]): Promise<number> {
    const added = this.bell.importLegacy(rows);
    await this.alarms.armForBell();
    return added;
  }

  // ── chat list ──
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

  // ── sessions ──
  /** RPC: a new session (a login, a registration, a reset); the alarm is set for its expiry if none is earlier. */
  async addSession(session: StoredSession): Promise<void> {
    this.sessions.add(session);
    await this.alarms.arm(session.expiresAt);
  }

  /** RPC: is this session live? (every signed-in request asks, beside its read of the account in D1) */
  async hasSession(id: string, now: number): Promise<boolean> {
    return this.sessions.has(id, now);
  }

  /** RPC: sessions end (one, all but one, or all) and their sockets close, in this one call; how many ended. */
  async endSessions(which: SessionsToClose): Promise<number> {
    const ended = this.sessions.end(which);
    await this.tabs.closeSessions(which);
    return ended.length;
  }

  /** RPC: the live sessions, oldest first (the data export). */
  async listSessions(now: number): Promise<StoredSession[]> {
    return this.sessions.all(now);
  }

  // ── alarm ──
  async alarm(): Promise<void> {
    await this.alarms.run();
  }
}
