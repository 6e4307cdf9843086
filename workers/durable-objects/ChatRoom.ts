import type { Lang, ServiceContext } from "../../domain/context";
import { objectName } from "../objectNames";
import type { ParticipantView } from "../../domain/chat/access";
import { CHAT_SEND_LIMIT } from "../../domain/chat/limits";
import { notifyUnreadConversation } from "../../domain/chat/messageAdded";
import { relayToChannels } from "../../domain/chat/relay";
import { HISTORY_PAGE } from "../../domain/chat/schemas";
import type { RoomPage, RoomParticipants, RoomSend, RoomSendResult } from "../../domain/ports";
import type { Env } from "../env";
import { isServiceError } from "../../domain/errors";
import { participantWithSession, sendMessage, sendOnCheckedSocket } from "../../domain/chat/sendMessage";
import { asParticipant } from "../../domain/chat/access";
import { MAX_FRAME_BYTES } from "../../domain/chat/schemas";
import type { ChatEvent, MessageView } from "../../domain/chat/view";
import { translatorFor } from "../../i18n/translator";
import { STATUS } from "../http-errors";
import { serviceContext } from "../services";
import { refreshAnswersStatement } from "../../domain/reach/answers";
import { closeQuietly, SocketHub } from "./SocketHub";
import { MAX_SOCKETS_PER_USER } from "./UserSockets";
import type { ChatRoomRpc } from "./rpc";

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
  /** when this socket's session and participant were last checked against D1 (ms) */
  checkedAt?: number;
  userId: number;
  userType: "customer" | "provider";
  sessionId: string;
  lang: Lang;
  conversationId: number;
}

/** What a client may send over the socket (besides the ping the runtime answers). */
type ClientFrame = { type: "send"; clientId?: unknown; message?: unknown; imageUrl?: unknown; audioUrl?: unknown };

/** Only to the socket that sent a frame: why its message was not stored. */
export type ChatErrorEvent = { type: "error"; clientId: string | null; status: number; message: string };

/** The room's own record: one row of what it knows about its conversation (ADR 029). */
type RoomRow = {
  conversation_id: number;
  provider_id: number;
  customer_id: number;
  provider_user_id: number | null;
  customer_last_read: number;
  provider_last_read: number;
  /** the legacy D1 rows (chat_messages) were copied in */
  imported: number;
  /** that side left Dalil (ADR 041): nobody writes into this conversation any more (issue #39 item 9) */
  customer_left: number;
  provider_left: number;
  /** bumped by every change D1's index must learn; flushed_version is what D1 has */
  version: number;
  flushed_version: number;
  last_flush_at: number;
  /** a bell notification is waiting for this side (once per conversation until read) */
  customer_notified: number;
  provider_notified: number;
};

type MessageRow = {
  seq: number;
  sender_type: "user" | "provider";
  sender_user_id: number | null;
  message: string | null;
  image_url: string | null;
  /** a voice note (issue #29): its address, length and waveform (JSON) */
  audio_url: string | null;
  audio_ms: number | null;
  audio_peaks: string | null;
  client_id: string;
  timestamp: number;
  deleted: number;
};

/** A socket's session and participant are read from D1 again after this long (ADR 036). */
export const SESSION_RECHECK_MS = 10_000;

/** D1's index row is written at most once a second per conversation; a failed write is retried this much later. */
export const INDEX_FLUSH_MS = 1_000;
/**
 * While both participants are in the room (each has a socket open on it), each reads every message as it comes
 * and nobody's unread count waits on the index: it is written at most every INDEX_FLUSH_LIVE_MS (the inbox of
 * another tab is then up to that far behind). Someone leaving, a read, or the bell flush at once.
 */
export const INDEX_FLUSH_LIVE_MS = 10_000;
const RETRY_MS = 5_000;

/**
 * One per conversation: the record of its messages (SQLite storage) and the two participants' live sockets
 * (ADR 029, amending 010 and 021). A message is written here, acknowledged with its sequence id only once
 * the write is durable (the output gate holds every reply and socket frame until then), then broadcast.
 * D1 keeps the conversation's index row (participants, last message, each side's unread count and read
 * mark), written by `alarm()` at most once a second with absolute values and a version, so a retried or
 * late write never counts twice and never goes backwards.
 */
export class ChatRoom extends SocketHub implements ChatRoomRpc {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      sender_type TEXT NOT NULL,
      sender_user_id INTEGER,
      message TEXT,
      image_url TEXT,
      client_id TEXT NOT NULL UNIQUE,
      timestamp INTEGER NOT NULL)`);
    // a message whose sender left Dalil (ADR 041): its text and image are gone, its place in the conversation stays
    if (!sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('messages')").toArray().some((c) => c.name === "deleted")) {
      sql.exec("ALTER TABLE messages ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0");
    }
    // voice notes (issue #29): rooms made before them gain the columns on first use
    if (!sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('messages')").toArray().some((c) => c.name === "audio_url")) {
      sql.exec("ALTER TABLE messages ADD COLUMN audio_url TEXT");
      sql.exec("ALTER TABLE messages ADD COLUMN audio_ms INTEGER");
      sql.exec("ALTER TABLE messages ADD COLUMN audio_peaks TEXT");
    }
    sql.exec(`CREATE TABLE IF NOT EXISTS room (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      conversation_id INTEGER NOT NULL, provider_id INTEGER NOT NULL, customer_id INTEGER NOT NULL, provider_user_id INTEGER,
      customer_last_read INTEGER NOT NULL DEFAULT 0, provider_last_read INTEGER NOT NULL DEFAULT 0,
      imported INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0, flushed_version INTEGER NOT NULL DEFAULT 0,
      last_flush_at INTEGER NOT NULL DEFAULT 0, customer_notified INTEGER NOT NULL DEFAULT 0, provider_notified INTEGER NOT NULL DEFAULT 0)`);
    // a side that left (issue #39 item 9): rooms made before it gain the columns on first use
    if (!sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('room')").toArray().some((c) => c.name === "customer_left")) {
      sql.exec("ALTER TABLE room ADD COLUMN customer_left INTEGER NOT NULL DEFAULT 0");
      sql.exec("ALTER TABLE room ADD COLUMN provider_left INTEGER NOT NULL DEFAULT 0");
    }
  }

  /**
   * The room's row, read from SQLite once and then kept: this object is its only writer, and every write goes through
   * `writeRoom`, which forgets it. A message read it four to six times: 15–27 % of the sampled time at 100 msgs/s before,
   * 3–5 % after (`npm run bench:chat -- --profile 100`, ADR 067).
   */
  private cachedRow: RoomRow | null | undefined;
  private row(): RoomRow | null {
    if (this.cachedRow === undefined) {
      this.cachedRow = (this.ctx.storage.sql.exec<RoomRow>("SELECT * FROM room WHERE id = 1").toArray()[0] as RoomRow | undefined) ?? null;
    }
    return this.cachedRow;
  }

  /** Every write to the room's row: the kept copy is read again after it. */
  private writeRoom(query: string, ...params: (string | number | null)[]) {
    this.cachedRow = undefined;
    this.ctx.storage.sql.exec(query, ...params);
  }

  /** When the flush alarm is due, once known (null: none is set); unknown after an alarm ran or the object started. */
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
    this.writeRoom(
      `INSERT INTO room (id, conversation_id, provider_id, customer_id, provider_user_id, customer_last_read, provider_last_read)
       VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET provider_user_id = excluded.provider_user_id`,
      c.conversationId, c.providerId, c.customerId, c.providerUserId, c.customerLastReadId, c.providerLastReadId,
    );
    if (!this.row()!.imported) await this.ctx.blockConcurrencyWhile(() => this.importLegacy());
    return this.row()!;
  }

  /**
   * Copies the conversation's rows of D1's read-only chat_messages table in, oldest first, numbered 1, 2, 3…
   * (the order migration 0009 numbered the read marks with). Idempotent: a row already here (its clientId,
   * or `legacy-<id>`) is skipped, and `imported` is set only once all are in.
   */
  async importLegacy(): Promise<number> {
    const room = this.row();
    if (!room) return 0;
    if (room.imported) return 0;
    const sql = this.ctx.storage.sql;
    let after = 0;
    let copied = 0;
    let seen = 0;
    for (;;) {
      const { results } = await this.env.DB.prepare(
        `SELECT id, sender_type, sender_user_id, message, image_url, client_id, timestamp FROM chat_messages
          WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT 500`,
      )
        .bind(room.conversation_id, after)
        .all<{ id: number; sender_type: string; sender_user_id: number | null; message: string | null; image_url: string | null; client_id: string | null; timestamp: number }>();
      seen += results.length;
      for (const r of results) {
        const inserted = sql
          .exec(
            `INSERT INTO messages (sender_type, sender_user_id, message, image_url, client_id, timestamp) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (client_id) DO NOTHING RETURNING seq`,
            r.sender_type, r.sender_user_id, r.message, r.image_url, r.client_id ?? `legacy-${r.id}`, r.timestamp,
          )
          .toArray();
        copied += inserted.length;
      }
      if (results.length < 500) break;
      after = results[results.length - 1].id;
    }
    this.writeRoom("UPDATE room SET imported = 1 WHERE id = 1");
    // only a conversation that had legacy rows is marked (a new one has none: its D1 row stays without the date)
    if (seen > 0) await this.env.DB.prepare("UPDATE conversations SET moved_at = ? WHERE id = ? AND moved_at IS NULL").bind(Date.now(), room.conversation_id).run();
    return copied;
  }

  /** RPC from the migration: copy this conversation's legacy messages in now (idempotent). */
  async migrate(c: RoomParticipants): Promise<number> {
    const before = this.count();
    await this.ready(c);
    return this.count() - before;
  }

  private count(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
  }

  private view(room: Pick<RoomRow, "conversation_id" | "provider_id">, r: MessageRow): MessageView {
    return {
      id: r.seq,
      conversationId: room.conversation_id,
      providerId: room.provider_id,
      senderType: r.sender_type,
      senderUserId: r.sender_user_id,
      message: r.message,
      imageUrl: r.image_url,
      audioUrl: r.audio_url ?? null,
      ...(r.audio_url ? { audioMs: r.audio_ms ?? 0, audioPeaks: r.audio_peaks ? (JSON.parse(r.audio_peaks) as number[]) : [] } : {}),
      clientId: r.client_id,
      timestamp: new Date(r.timestamp),
      ...(r.deleted ? { deleted: true } : {}),
    };
  }

  private byClientId(clientId: string): MessageRow | undefined {
    return this.ctx.storage.sql.exec<MessageRow>("SELECT * FROM messages WHERE client_id = ?", clientId).toArray()[0] as MessageRow | undefined;
  }

  /**
   * RPC: store one message (the domain checked the participant, the session and the input). A stored clientId
   * gives the stored message back; otherwise the sender's UserSockets object takes one of their 20 sends per
   * 10 s (one object sees all of a user's sends, whatever the room), and the message is written, marked read
   * for its sender, broadcast, and the recipient notified once per conversation until read.
   */
  async append(c: RoomParticipants, send: RoomSend): Promise<RoomSendResult> {
    let room = await this.ready(c);
    const earlier = this.byClientId(send.clientId);
    if (earlier) return { ok: true, message: this.view(room, earlier), created: false };
    const limiter = this.env.USER_SOCKETS.get(this.env.USER_SOCKETS.idFromName(objectName(`user:${send.senderUserId}`)));
    if (!(await limiter.takeSendSlot(send.now, CHAT_SEND_LIMIT.max, CHAT_SEND_LIMIT.windowMs))) return { ok: false, code: "RATE_LIMITED" };
    const sql = this.ctx.storage.sql;
    const [row] = sql
      .exec<MessageRow>(
        `INSERT INTO messages (sender_type, sender_user_id, message, image_url, audio_url, audio_ms, audio_peaks, client_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (client_id) DO NOTHING RETURNING *`,
        send.role === "customer" ? "user" : "provider", send.senderUserId, send.message, send.imageUrl,
        send.audio?.url ?? null, send.audio?.durationMs ?? null, send.audio ? JSON.stringify(send.audio.peaks) : null, send.clientId, send.now,
      )
      .toArray() as MessageRow[];
    // the same clientId raced in while the limiter answered: the first one stored wins
    if (!row) return { ok: true, message: this.view(room, this.byClientId(send.clientId)!), created: false };
    // writing a message means having read the conversation up to it
    this.writeRoom(`UPDATE room SET ${send.role === "customer" ? "customer_last_read" : "provider_last_read"} = ?, version = version + 1 WHERE id = 1`, row.seq);
    await this.scheduleFlush();
    room = this.row()!;
    const message = this.view(room, row);
    await this.announce(room, send, message);
    return { ok: true, message, created: true };
  }

  /**
   * Broadcast; for a recipient not reading live, the message to their WhatsApp/Telegram chats (every message,
   * ADR 034), and the bell once per conversation until read.
   */
  private async announce(room: RoomRow, send: RoomSend, message: MessageView) {
    const listening = await this.publish({ type: "message", message });
    const recipient = send.role === "customer" ? room.provider_user_id : room.customer_id;
    const recipientSide = send.role === "customer" ? "provider" : "customer";
    if (recipient === null || listening.includes(recipient)) return;
    const ctx = serviceContext(this.env, { actor: { kind: "user", userId: send.senderUserId, userType: send.role, isAdmin: false } });
    const participant: ParticipantView = {
      ...this.participants(room),
      lastMessageAt: message.timestamp,
      role: send.role,
      userId: send.senderUserId,
      otherUserId: recipient,
      otherLeft: Boolean(room[`${recipientSide}_left`]),
    };
    try {
      await relayToChannels(ctx, participant, recipient, message);
    } catch (err) {
      console.error("chat relay failed", err);
    }
    if (room[`${recipientSide}_notified`]) return;
    this.writeRoom(`UPDATE room SET ${recipientSide}_notified = 1 WHERE id = 1`);
    // the bell makes the recipient's inbox refresh: D1's index must already show this message (once per unread stretch)
    await this.flush().catch((err) => console.error("chat index flush before the bell failed", err));
    try {
      await notifyUnreadConversation(ctx, participant, recipient, message);
    } catch (err) {
      console.error("chat notification failed", err);
    }
  }

  private participants(room: RoomRow): RoomParticipants {
    return {
      conversationId: room.conversation_id,
      providerId: room.provider_id,
      customerId: room.customer_id,
      providerUserId: room.provider_user_id,
      customerLastReadId: room.customer_last_read,
      providerLastReadId: room.provider_last_read,
    };
  }

  /** RPC: a page of history, oldest first: the newest page, the one before `before`, or exactly what came after `after`. */
  async page(c: RoomParticipants, cursor: { before?: number; after?: number }): Promise<RoomPage> {
    const room = await this.ready(c);
    const sql = this.ctx.storage.sql;
    if (cursor.after !== undefined) {
      const rows = sql.exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", cursor.after, HISTORY_PAGE + 1).toArray() as MessageRow[];
      return { messages: rows.slice(0, HISTORY_PAGE).map((r) => this.view(room, r)), hasOlder: false, hasNewer: rows.length > HISTORY_PAGE };
    }
    const rows = sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?", cursor.before ?? Number.MAX_SAFE_INTEGER, HISTORY_PAGE + 1)
      .toArray() as MessageRow[];
    return { messages: rows.slice(0, HISTORY_PAGE).reverse().map((r) => this.view(room, r)), hasOlder: rows.length > HISTORY_PAGE };
  }

  /** RPC: every message, oldest first (a user's export; an admin reading a reported conversation). */
  async transcript(c: RoomParticipants): Promise<MessageView[]> {
    const room = await this.ready(c);
    return (this.ctx.storage.sql.exec<MessageRow>("SELECT * FROM messages ORDER BY seq").toArray() as MessageRow[]).map((r) => this.view(room, r));
  }

  /** RPC: `role` read everything so far; D1's index learns it now (a read is a person's act, not a message). */
  async markRead(c: RoomParticipants, role: "customer" | "provider"): Promise<number> {
    await this.ready(c);
    const sql = this.ctx.storage.sql;
    const newest = sql.exec<{ n: number }>("SELECT coalesce(max(seq), 0) AS n FROM messages").one().n;
    this.writeRoom(`UPDATE room SET ${role}_last_read = max(${role}_last_read, ?), ${role}_notified = 0, version = version + 1 WHERE id = 1`, newest);
    await this.flush().catch(() => this.scheduleFlush());
    return this.row()![`${role}_last_read`];
  }

  /**
   * RPC (account deletion, ADR 041): this user's messages lose their text and image and stay in place as
   * "deleted", so the other side reads "Message deleted" where they were; the open sockets are told at once.
   * Returns the images that were in them (the caller removes them from R2).
   */
  async erase(c: RoomParticipants, userId: number): Promise<{ erased: number; images: string[] }> {
    await this.ready(c);
    const sql = this.ctx.storage.sql;
    const rows = sql
      .exec<{ seq: number; image_url: string | null; audio_url: string | null }>("SELECT seq, image_url, audio_url FROM messages WHERE sender_user_id = ? AND deleted = 0", userId)
      .toArray() as { seq: number; image_url: string | null; audio_url: string | null }[];
    // the side that left: the other side's open conversation loses its composer at once, and sends are refused
    const side = userId === c.customerId ? "customer" : userId === c.providerUserId ? "provider" : null;
    if (side) {
      this.writeRoom(`UPDATE room SET ${side}_left = 1 WHERE id = 1`);
      this.sendToAll({ type: "left", conversationId: c.conversationId, role: side } satisfies ChatEvent);
    }
    if (rows.length === 0) return { erased: 0, images: [] };
    sql.exec("UPDATE messages SET message = NULL, image_url = NULL, audio_url = NULL, audio_ms = NULL, audio_peaks = NULL, deleted = 1 WHERE sender_user_id = ?", userId);
    this.writeRoom("UPDATE room SET version = version + 1 WHERE id = 1");
    await this.scheduleFlush();
    this.sendToAll({ type: "erased", conversationId: c.conversationId, ids: rows.map((r) => r.seq) } satisfies ChatEvent);
    return { erased: rows.length, images: rows.flatMap((r) => [r.image_url, r.audio_url].filter((u): u is string => Boolean(u))) };
  }

  /**
   * D1 hears of changes at most once per INDEX_FLUSH_MS (INDEX_FLUSH_LIVE_MS while both participants are in
   * the room): one alarm carries all of them.
   */
  private async scheduleFlush() {
    // a message in a busy room finds the alarm set: known here without asking storage each time
    if (this.alarmDue === undefined) this.alarmDue = await this.ctx.storage.getAlarm();
    if (this.alarmDue !== null) return;
    const room = this.row();
    // both in the room: the first change after a quiet spell waits too, so a busy stretch costs one write per 10 s
    // (10 to 15 s, drawn per wait: rooms that got busy in the same second do not all write D1 in the same second)
    if (room && this.bothInRoom(room)) await this.setAlarm(Date.now() + INDEX_FLUSH_LIVE_MS * (1 + Math.random() / 2));
    else await this.setAlarm(Math.max(Date.now(), (room?.last_flush_at ?? 0) + INDEX_FLUSH_MS));
  }

  /**
   * Someone left the room: what the index lags behind (INDEX_FLUSH_LIVE_MS) is written within INDEX_FLUSH_MS,
   * by moving the pending alarm earlier (the same one write, sooner; not one more).
   */
  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await super.webSocketClose(ws, code);
    const room = this.row();
    if (!room || room.version <= room.flushed_version) return;
    const due = await this.ctx.storage.getAlarm();
    const soon = Date.now() + INDEX_FLUSH_MS;
    if (due === null || due > soon) await this.setAlarm(soon);
  }

  /** Both sides have a socket open on this conversation. */
  private bothInRoom(room: RoomRow): boolean {
    if (room.provider_user_id === null) return false;
    const here = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Partial<Attachment> | null;
      if (a?.userId) here.add(a.userId);
    }
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
      await this.setAlarm(Date.now() + RETRY_MS);
      return;
    }
    const room = this.row();
    if (room && room.version > room.flushed_version) await this.scheduleFlush();
  }

  /**
   * Writes each participant's list entry from the room's state (ADR 065): the last message and that person's unread
   * count, into their own object (the customer's, and the listing owner's when the listing has an account), with
   * the room's version, so writes that cross never go back. D1 keeps only what is read across people: the first
   * question and first answer (ADR 052), written once each. A row made before ADR 065 has its old list columns
   * emptied by its first flush after it (`d1Slim`). `force`: the backfill writes the entries again whatever
   * `flushed_version` says (the objects keep the newer version, so nothing counts twice).
   */
  private async flush(force = false) {
    const room = this.row();
    if (!room || (!force && room.version <= room.flushed_version)) return;
    const sql = this.ctx.storage.sql;
    const last = sql.exec<MessageRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0] as MessageRow | undefined;
    // who answers, and how fast (ADR 052): the customer's first message and the provider's first reply after it
    const asked = sql.exec<{ seq: number; timestamp: number }>("SELECT seq, timestamp FROM messages WHERE sender_type = 'user' ORDER BY seq LIMIT 1").toArray()[0];
    const answered = asked
      ? sql.exec<{ timestamp: number }>("SELECT timestamp FROM messages WHERE sender_type = 'provider' AND seq > ? ORDER BY seq LIMIT 1", asked.seq).toArray()[0]
      : undefined;
    const unread = (side: "user" | "provider", after: number) =>
      sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages WHERE seq > ? AND sender_type = ?", after, side).one().n;
    if (last) {
      const entry = {
        conversationId: room.conversation_id,
        providerId: room.provider_id,
        lastMessageAt: last.timestamp,
        lastText: last.message,
        // a voice note stands where a photo would: the inbox reads its address as "Voice message"
        lastImage: last.image_url ?? last.audio_url ?? null,
        lastSender: last.sender_type,
        version: room.version,
      };
      const person = (userId: number) => this.env.USER_SOCKETS.get(this.env.USER_SOCKETS.idFromName(objectName(`user:${userId}`)));
      // a side that left Dalil (ADR 041) has no list any more: its emptied object is not written again
      await Promise.all([
        room.customer_left ? null : person(room.customer_id).putChat({ ...entry, role: "customer", unread: unread("provider", room.customer_last_read) }),
        room.provider_user_id && !room.provider_left
          ? person(room.provider_user_id).putChat({ ...entry, role: "provider", unread: unread("user", room.provider_last_read) })
          : null,
      ]);
    }
    // D1 hears of the conversation only when its first question or first answer is new, or its row is still in the
    // shape from before ADR 065 (its list columns are emptied once)
    const recorded = (await this.ctx.storage.get<number>("d1Recorded")) ?? -1;
    const now = answered ? 2 : asked ? 1 : 0;
    if (now > recorded) {
      await this.env.DB.prepare(
        `UPDATE conversations
            SET first_asked_at = coalesce(first_asked_at, ?2), first_answered_at = coalesce(first_answered_at, ?3),
                last_message_at = NULL, last_seq = 0, last_text = NULL, last_image = NULL, last_sender = NULL,
                customer_last_read_id = 0, provider_last_read_id = 0, customer_unread = 0, provider_unread = 0, index_version = 0,
                index_writes = index_writes + 1
          WHERE id = ?1`,
      )
        .bind(room.conversation_id, asked?.timestamp ?? null, answered?.timestamp ?? null)
        .run();
      await this.ctx.storage.put("d1Recorded", now);
    }
    // the listing's row counts the chat's first answer once
    if (answered && !(await this.ctx.storage.get<boolean>("answerCounted"))) {
      await refreshAnswersStatement(this.env.DB, room.provider_id, new Date()).run();
      await this.ctx.storage.put("answerCounted", true);
    }
    this.writeRoom("UPDATE room SET flushed_version = max(flushed_version, ?), last_flush_at = ? WHERE id = 1", room.version, Date.now());
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
    // the Worker read the session and the participant from D1 just before forwarding this upgrade
    pair[1].serializeAttachment({ ...attachment, openedAt: Date.now(), checkedAt: Date.now() });
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
   * `{"type":"send","clientId","message"|"imageUrl"|"audioUrl"}`: the same verb as POST /api/conversations/{id}/messages,
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
    // this room is the conversation's room: store and broadcast here instead of calling our own stub
    ctx.ports = {
      ...ctx.ports,
      chatRooms: { ...ctx.ports.chatRooms, publish: async (_id, event) => this.publish(event), append: (c, send) => this.append(c, send) },
    };
    try {
      const raw = { clientId: frame.clientId, message: frame.message, imageUrl: frame.imageUrl, audioUrl: frame.audioUrl };
      const room = this.row();
      const now = Date.now();
      // the room's own participants say who is who, and the send never waits on D1 (ADR 036): a check older than
      // SESSION_RECHECK_MS is renewed beside it, and closes the socket if its session or place has ended (a revoked
      // session's sockets are closed at once by ports.sessions.end, ADR 054; this catches a close that was lost)
      if (room && !(me.checkedAt !== undefined && now - me.checkedAt < SESSION_RECHECK_MS)) {
        ws.serializeAttachment({ ...me, checkedAt: now });
        void this.recheck(ws, { ...me, checkedAt: now }, ctx, now);
      }
      const { message, created } = room
        ? await sendOnCheckedSocket(ctx, asParticipant({ ...this.participants(room), lastMessageAt: null, customerLeft: room.customer_left, providerLeft: room.provider_left }, me.userId), raw)
        : await sendMessage(ctx, { conversationId: me.conversationId }, raw, { sessionId: me.sessionId });
      if (!room) ws.serializeAttachment({ ...me, checkedAt: now });
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

  /**
   * A socket's session and participant read again from D1 (ADR 036): gone, the socket is told why and closed;
   * D1 not answering, the next send tries again.
   */
  private async recheck(ws: WebSocket, me: Attachment, ctx: ServiceContext, now: number) {
    try {
      await participantWithSession(ctx, me.userId, me.conversationId, me.sessionId, now);
    } catch (err) {
      if (isServiceError(err) && (err.code === "UNAUTHENTICATED" || err.code === "FORBIDDEN")) {
        this.reply(ws, { type: "error", clientId: null, status: STATUS[err.code], message: translatorFor(me.lang)(err.messageKey, err.params) });
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

  private reply(ws: WebSocket, event: ChatEvent | ChatErrorEvent) {
    try {
      ws.send(JSON.stringify(event));
    } catch {
      // the socket closed meanwhile: the client catches up with after= or resends by clientId
    }
  }
}
