import type { ParticipantView } from "../../domain/chat/access";
import { HISTORY_PAGE, MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { ChatEvent, MessageView } from "../../domain/chat/view";
import type { RoomPage, RoomParticipants, RoomSend, RoomSendResult } from "../../domain/ports";
import { translatorFor } from "../../i18n/translator";
import type { Env } from "../env";
import { objectName } from "../objectNames";
import { roomMessagesFor, type LocalRoom, type RoomMessages } from "../roomMessages";
import { attachmentFromUpgrade, attachmentOf, readFrame, reply, usersHere } from "./chatSocket";
import { FLUSH_RETRY_MS, flushDue, flushIndex, INDEX_FLUSH_MS } from "./roomIndex";
import { messageView, roomParticipants, RoomStore, type RoomRow } from "./roomStore";
import { closeQuietly, SocketHub } from "./SocketHub";
import { MAX_SOCKETS_PER_USER } from "./tabSockets";
import type { ChatRoomRpc } from "./rpc";

/**
 * One per conversation: the record of its messages (SQLite storage, roomStore.ts) and the two participants' live
 * sockets (chatSocket.ts; ADR 029, amending 010 and 021). A message is written here, acknowledged with its sequence
 * id only once the write is durable (the output gate holds every reply and socket frame until then), then broadcast.
 * The participants' lists and D1's few columns are written by `alarm()` at most once a second (roomIndex.ts) with
 * absolute values and a version, so a retried or late write never counts twice and never goes backwards.
 * What a message means (the input, the session, the listing's number, the relays, the bell) is the domain's, reached
 * through the Worker's one handler (roomMessages.ts, ADR 092): the room stores, fans out and answers its sockets.
 */
export class ChatRoom extends SocketHub implements ChatRoomRpc {
  private readonly store: RoomStore;
  private readonly messages: RoomMessages;
  /** this room as the conversation's room, for a message sent over its own socket (no call back through a stub) */
  private readonly local: LocalRoom;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    this.messages = roomMessagesFor(env);
    this.local = {
      row: () => this.store.row(),
      append: (c, send) => this.append(c, send),
      publish: (event) => this.publish(event),
    };
  }

  /**
   * When the flush alarm is due, once known (null: none is set);
   * unknown after an alarm ran or the object started (ADR 067).
   */
  private alarmDue: number | null | undefined;
  private async setAlarm(at: number) {
    await this.ctx.storage.setAlarm(at);
    this.alarmDue = at;
  }

  /**
   * The room's row, made on first use from D1's index (participants, read marks), with the conversation's
   * legacy messages copied in from D1 first (migration 0009): nothing else runs in the room meanwhile.
   */
  private async ready(c: RoomParticipants): Promise<RoomRow> {
    this.store.open(c);
    if (!this.store.row()!.imported) await this.ctx.blockConcurrencyWhile(() => this.importLegacy());
    return this.store.row()!;
  }

  /** Copies the conversation's legacy D1 rows in (idempotent; RoomStore.importLegacy). */
  async importLegacy(): Promise<number> {
    return this.store.importLegacy(this.env.DB);
  }

  /** RPC from the migration: copy this conversation's legacy messages in now (idempotent). */
  async migrate(c: RoomParticipants): Promise<number> {
    const before = this.store.count();
    await this.ready(c);
    return this.store.count() - before;
  }

  /**
   * RPC: store one message (the domain checked the participant, the session and the input). A stored clientId
   * gives the stored message back; otherwise the sender's UserSockets object takes one of their sends within the
   * domain's limit (one object sees all of a user's sends, whatever the room), and the message is written, marked
   * read for its sender, broadcast, and handed to the domain for a recipient not reading live.
   */
  async append(c: RoomParticipants, send: RoomSend): Promise<RoomSendResult> {
    let room = await this.ready(c);
    const earlier = this.store.byClientId(send.clientId);
    if (earlier) return { ok: true, message: messageView(room, earlier), created: false };
    const limiter = this.env.USER_SOCKETS.get(
      this.env.USER_SOCKETS.idFromName(objectName(`user:${send.senderUserId}`)),
    );
    const { max, windowMs } = send.limit;
    if (!(await limiter.takeSendSlot(send.now, max, windowMs))) return { ok: false, code: "RATE_LIMITED" };
    const row = this.store.insert(send);
    // the same clientId raced in while the limiter answered: the first one stored wins
    if (!row) return { ok: true, message: messageView(room, this.store.byClientId(send.clientId)!), created: false };
    // writing a message means having read the conversation up to it
    this.store.write(
      `UPDATE room SET ${send.role === "customer" ? "customer_last_read" : "provider_last_read"} = ?,
        version = version + 1 WHERE id = 1`,
      row.seq,
    );
    await this.scheduleFlush();
    room = this.store.row()!;
    const message = messageView(room, row);
    await this.announce(room, send, message);
    return { ok: true, message, created: true };
  }

  /** Broadcast; a recipient with no socket open here is the domain's (their chats, the bell once until read). */
  private async announce(room: RoomRow, send: RoomSend, message: MessageView) {
    const listening = await this.publish({ type: "message", message });
    const recipient = send.role === "customer" ? room.provider_user_id : room.customer_id;
    const recipientSide = send.role === "customer" ? "provider" : "customer";
    if (recipient === null || listening.includes(recipient)) return;
    const participant: ParticipantView = {
      ...roomParticipants(room),
      lastMessageAt: message.timestamp,
      role: send.role,
      userId: send.senderUserId,
      otherUserId: recipient,
      otherLeft: Boolean(room[`${recipientSide}_left`]),
    };
    await this.messages.missed(send, participant, recipient, message, () => this.claimBell(room, recipientSide));
  }

  /**
   * The bell's turn, once per unread stretch (as `room` was when the message was stored): marked here, and D1's index
   * flushed first, since the bell makes the recipient's inbox refresh and it must already show this message.
   */
  private async claimBell(room: RoomRow, side: "customer" | "provider"): Promise<boolean> {
    if (room[`${side}_notified`]) return false;
    this.store.write(`UPDATE room SET ${side}_notified = 1 WHERE id = 1`);
    await this.flush().catch((err) => console.error("chat index flush before the bell failed", err));
    return true;
  }

  /**
   * RPC: a page of history, oldest first: the newest page, the one before `before`, or exactly what came after `after`.
   */
  async page(c: RoomParticipants, cursor: { before?: number; after?: number }): Promise<RoomPage> {
    const room = await this.ready(c);
    if (cursor.after !== undefined) {
      const rows = this.store.after(cursor.after, HISTORY_PAGE + 1);
      return {
        messages: rows.slice(0, HISTORY_PAGE).map((r) => messageView(room, r)),
        hasOlder: false,
        hasNewer: rows.length > HISTORY_PAGE,
      };
    }
    const rows = this.store.before(cursor.before ?? Number.MAX_SAFE_INTEGER, HISTORY_PAGE + 1);
    return {
      messages: rows
        .slice(0, HISTORY_PAGE)
        .reverse()
        .map((r) => messageView(room, r)),
      hasOlder: rows.length > HISTORY_PAGE,
    };
  }

  /** RPC: every message, oldest first (a user's export; an admin reading a reported conversation). */
  async transcript(c: RoomParticipants): Promise<MessageView[]> {
    const room = await this.ready(c);
    return this.store.all().map((r) => messageView(room, r));
  }

  /** RPC: `role` read everything so far; D1's index learns it now (a read is a person's act, not a message). */
  async markRead(c: RoomParticipants, role: "customer" | "provider"): Promise<number> {
    await this.ready(c);
    const newest = this.store.newestSeq();
    this.store.write(
      `UPDATE room SET ${role}_last_read = max(${role}_last_read, ?), ${role}_notified = 0, version = version + 1
        WHERE id = 1`,
      newest,
    );
    await this.flush().catch(() => this.scheduleFlush());
    return this.store.row()![`${role}_last_read`];
  }

  /**
   * RPC (account deletion, ADR 041): this user's messages lose their text and image and stay in place as
   * "deleted", so the other side reads "Message deleted" where they were; the open sockets are told at once.
   * Returns the images that were in them (the caller removes them from R2).
   */
  async erase(c: RoomParticipants, userId: number): Promise<{ erased: number; images: string[] }> {
    await this.ready(c);
    // the side that left: the other side's open conversation loses its composer at once, and sends are refused
    const side = userId === c.customerId ? "customer" : userId === c.providerUserId ? "provider" : null;
    if (side) {
      this.store.write(`UPDATE room SET ${side}_left = 1 WHERE id = 1`);
      this.sendToAll({ type: "left", conversationId: c.conversationId, role: side } satisfies ChatEvent);
    }
    const rows = this.store.eraseSender(userId);
    if (rows.length === 0) return { erased: 0, images: [] };
    this.store.write("UPDATE room SET version = version + 1 WHERE id = 1");
    await this.scheduleFlush();
    this.sendToAll({
      type: "erased",
      conversationId: c.conversationId,
      ids: rows.map((r) => r.seq),
    } satisfies ChatEvent);
    return {
      erased: rows.length,
      images: rows.flatMap((r) => [r.image_url, r.audio_url].filter((u): u is string => Boolean(u))),
    };
  }

  /**
   * D1 hears of changes at most once per INDEX_FLUSH_MS (INDEX_FLUSH_LIVE_MS while both participants are in
   * the room): one alarm carries all of them.
   */
  private async scheduleFlush() {
    // a message in a busy room finds the alarm set: known here without asking storage each time
    if (this.alarmDue === undefined) this.alarmDue = await this.ctx.storage.getAlarm();
    if (this.alarmDue !== null) return;
    const room = this.store.row();
    await this.setAlarm(flushDue(room, room !== null && this.bothInRoom(room), Date.now()));
  }

  /**
   * Someone left the room: what the index lags behind (INDEX_FLUSH_LIVE_MS) is written within INDEX_FLUSH_MS,
   * by moving the pending alarm earlier (the same one write, sooner; not one more).
   */
  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await super.webSocketClose(ws, code);
    const room = this.store.row();
    if (!room || room.version <= room.flushed_version) return;
    const due = await this.ctx.storage.getAlarm();
    const soon = Date.now() + INDEX_FLUSH_MS;
    if (due === null || due > soon) await this.setAlarm(soon);
  }

  /** Both sides have a socket open on this conversation. */
  private bothInRoom(room: RoomRow): boolean {
    if (room.provider_user_id === null) return false;
    const here = usersHere(this.ctx.getWebSockets());
    return here.has(room.customer_id) && here.has(room.provider_user_id);
  }

  async alarm(): Promise<void> {
    // this alarm is spent (or was run by hand, as tests do): what storage holds is asked again
    this.alarmDue = undefined;
    try {
      await this.flush();
    } catch (err) {
      // D1 did not take it: try again (the values are absolute, so a late write counts nothing twice)
      console.error("chat index flush failed", err);
      await this.setAlarm(Date.now() + FLUSH_RETRY_MS);
      return;
    }
    const room = this.store.row();
    if (room && room.version > room.flushed_version) await this.scheduleFlush();
  }

  /** The participants' list entries and D1's columns from the room's state (roomIndex.ts). */
  private flush(force = false) {
    return flushIndex(this.env, this.ctx.storage, this.store, force);
  }

  /**
   * RPC, the backfill (ADR 065, domain/chat/moveChatLists.ts): writes both people's list entries from this room and
   * empties D1's old list columns. Run twice, nothing changes the second time (the entries keep the newer version).
   */
  async moveList(c: RoomParticipants): Promise<boolean> {
    await this.ready(c);
    await this.flush(true);
    return true;
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const attachment = attachmentFromUpgrade(request);
    if (!attachment) return new Response("Forbidden", { status: 403 });
    const { userId } = attachment;
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`user:${userId}`]);
    // the Worker read the session and the participant from D1 just before forwarding this upgrade
    pair[1].serializeAttachment({ ...attachment, openedAt: Date.now(), checkedAt: Date.now() });
    // as /ws is capped: one user keeps at most MAX_SOCKETS_PER_USER sockets in a room, the oldest closes
    const mine = this.ctx
      .getWebSockets(`user:${userId}`)
      .filter((ws) => ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
      .sort((a, b) => (attachmentOf(a)?.openedAt ?? 0) - (attachmentOf(b)?.openedAt ?? 0));
    for (const ws of mine.slice(0, Math.max(0, mine.length - MAX_SOCKETS_PER_USER)))
      closeQuietly(ws, 4002, "too many sockets");
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * RPC from the user's UserSockets when sessions end (logout, sign-out everywhere, a password change or
   * reset, a claim release): closes this user's sockets of those sessions. Returns how many are still open.
   */
  async closeSessions(userId: number, which: { only: string } | { allExcept: string | null }): Promise<number> {
    let left = 0;
    for (const ws of this.ctx.getWebSockets(`user:${userId}`)) {
      const sessionId = attachmentOf(ws)?.sessionId;
      const ended = "only" in which ? sessionId === which.only : sessionId !== which.allExcept;
      if (ended) closeQuietly(ws, 4001, "session ended");
      else left++;
    }
    return left;
  }

  /** RPC: deliver a stored message to everyone in the room; returns the user ids with a socket open. */
  async publish(event: ChatEvent): Promise<number[]> {
    this.sendToAll(event);
    return [...usersHere(this.ctx.getWebSockets())];
  }

  /**
   * `{"type":"send","clientId","message"|"imageUrl"|"audioUrl"}` from a participant's socket, handed to the Worker's
   * handler (roomMessages.ts): a frame that is not a send, or a socket without a session, is answered here.
   */
  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // 8 KB a frame; 60 frames in 10 s is three times the send limit: more is a flood, not a person
    if (!this.admitFrame(ws, data, { maxBytes: MAX_FRAME_BYTES, maxFrames: 60 })) return;
    const me = attachmentOf(ws);
    const frame = readFrame(data);
    if (!me?.sessionId || frame?.type !== "send") {
      reply(ws, {
        type: "error",
        clientId: null,
        status: 400,
        message: translatorFor(me?.lang ?? "en")("errors.validation"),
      });
      return;
    }
    await this.messages.send(this.local, ws, me, frame);
  }
}
