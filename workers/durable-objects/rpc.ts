// What each Durable Object's stub offers, as types only: workers/env.ts types its bindings from here, so
// the Worker's bindings never import the objects' modules (and, through them, the outbox and the bot's
// deliverers). Each class `implements` its interface, so the two cannot drift apart.
import type { ChatEvent, MessageView } from "../../domain/chat/view";
import type {
  BellItem,
  BellSelection,
  ChatListEntry,
  NewBellItem,
  StoredSession,
  RoomPage,
  RoomParticipants,
  RoomSend,
  RoomSendResult,
} from "../../domain/ports";

/** A session's sockets to close: one session, or all but one (null: all). */
export type SessionsToClose = { only: string } | { allExcept: string | null };

/** One conversation's room (workers/durable-objects/ChatRoom.ts): the record of its messages, ADR 029. */
export interface ChatRoomRpc extends Rpc.DurableObjectBranded {
  /** the WebSocket upgrade (every other call is RPC) */
  fetch(request: Request): Promise<Response>;
  importLegacy(): Promise<number>;
  migrate(c: RoomParticipants): Promise<number>;
  append(c: RoomParticipants, send: RoomSend): Promise<RoomSendResult>;
  page(c: RoomParticipants, cursor: { before?: number; after?: number }): Promise<RoomPage>;
  transcript(c: RoomParticipants): Promise<MessageView[]>;
  markRead(c: RoomParticipants, role: "customer" | "provider"): Promise<number>;
  /** account deletion (ADR 041): empties this user's messages in place; how many, and the images they held */
  erase(c: RoomParticipants, userId: number): Promise<{ erased: number; images: string[] }>;
  closeSessions(userId: number, which: SessionsToClose): Promise<number>;
  /** the backfill of the people's lists (ADR 065) */
  moveList(c: RoomParticipants): Promise<boolean>;
  publish(event: ChatEvent): Promise<number[]>;
  alarm(): Promise<void>;
  /** development only: restarts the object (its sockets drop), as a deploy does */
  restart(): Promise<void>;
}

/** One person's sockets (workers/durable-objects/UserSockets.ts): live events and the send count, ADR 037. */
export interface UserSocketsRpc extends Rpc.DurableObjectBranded {
  /** the WebSocket upgrade (every other call is RPC) */
  fetch(request: Request): Promise<Response>;
  takeSendSlot(now: number, max: number, windowMs: number): Promise<boolean>;
  broadcast(event: unknown): Promise<number>;
  rememberRoom(userId: number, conversationId: number): Promise<void>;
  closeSessions(which: SessionsToClose): Promise<number>;
  /** development only: restarts the object (its sockets drop), as a deploy does */
  restart(): Promise<void>;
  /** the person's bell (ADR 051) */
  addNotification(n: NewBellItem, opts?: { oncePerUnread?: boolean }): Promise<number>;
  listNotifications(limit: number): Promise<{ items: BellItem[]; unread: number }>;
  markNotificationsRead(which: BellSelection, opts?: { tellTabs?: boolean }): Promise<BellItem[]>;
  allNotifications(): Promise<BellItem[]>;
  eraseNotifications(): Promise<number>;
  importNotifications(rows: (NewBellItem & { legacyId: number; isRead: boolean })[]): Promise<number>;
  /** the person's list of conversations (ADR 065) */
  putChat(entry: Omit<ChatListEntry, "writes">): Promise<boolean>;
  listChats(limit: number, providerId?: number): Promise<ChatListEntry[]>;
  eraseChats(): Promise<number>;
  /** the person's sign-in sessions (ADR 054's amendment) */
  addSession(session: StoredSession): Promise<void>;
  hasSession(id: string, now: number): Promise<boolean>;
  endSessions(which: SessionsToClose): Promise<number>;
  listSessions(now: number): Promise<StoredSession[]>;
  alarm(): Promise<void>;
}

/**
 * Records kept for a while where they are counted (workers/durable-objects/TtlKeys.ts, ADR 054): a bot chat's
 * handled updates (`chat:<channel>:<id>`), a rate limit's slots (`limit:<key>`).
 */
export interface TtlKeysRpc extends Rpc.DurableObjectBranded {
  claim(key: string, now: number, ttlMs: number): Promise<boolean>;
  unclaim(key: string): Promise<void>;
  take(key: string, now: number, max: number, windowMs: number): Promise<number>;
  release(id: number): Promise<void>;
  clear(key: string): Promise<void>;
  count(key: string, now: number): Promise<number>;
  alarm(): Promise<void>;
}
