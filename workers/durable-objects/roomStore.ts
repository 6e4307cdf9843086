// One conversation's room, its storage (ADR 029): the messages and the room's row in the object's SQLite, the
// tables made and brought up to date on first use, and the row kept in memory (ADR 067). The object
// (ChatRoom.ts) is this store's only user.
import type { MessageView } from "../../domain/chat/view";
import type { RoomParticipants, RoomSend } from "../../domain/ports";

/** The room's own record: one row of what it knows about its conversation (ADR 029). */
export type RoomRow = {
  conversation_id: number;
  provider_id: number;
  customer_id: number;
  provider_user_id: number | null;
  customer_last_read: number;
  provider_last_read: number;
  /** the legacy D1 rows (chat_messages) were copied in */
  imported: number;
  /** that side left Dalil (ADR 041): nobody writes into this conversation any more */
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

export type MessageRow = {
  seq: number;
  sender_type: "user" | "provider";
  sender_user_id: number | null;
  message: string | null;
  image_url: string | null;
  /** a voice note: its address, length and waveform (JSON) */
  audio_url: string | null;
  audio_ms: number | null;
  audio_peaks: string | null;
  client_id: string;
  timestamp: number;
  deleted: number;
};

const hasColumn = (sql: SqlStorage, table: string, column: string) =>
  sql
    .exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .toArray()
    .some((c) => c.name === column);

/** The room's tables, made on first use; rooms made before a column gain it here (the room's migrations). */
function migrate(sql: SqlStorage) {
  sql.exec(`CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_type TEXT NOT NULL,
    sender_user_id INTEGER,
    message TEXT,
    image_url TEXT,
    client_id TEXT NOT NULL UNIQUE,
    timestamp INTEGER NOT NULL)`);
  // a message whose sender left Dalil (ADR 041): its text and image are gone, its place in the conversation stays
  if (!hasColumn(sql, "messages", "deleted"))
    sql.exec("ALTER TABLE messages ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0");
  // voice notes
  if (!hasColumn(sql, "messages", "audio_url")) {
    sql.exec("ALTER TABLE messages ADD COLUMN audio_url TEXT");
    sql.exec("ALTER TABLE messages ADD COLUMN audio_ms INTEGER");
    sql.exec("ALTER TABLE messages ADD COLUMN audio_peaks TEXT");
  }
  sql.exec(`CREATE TABLE IF NOT EXISTS room (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    conversation_id INTEGER NOT NULL, provider_id INTEGER NOT NULL, customer_id INTEGER NOT NULL,
    provider_user_id INTEGER,
    customer_last_read INTEGER NOT NULL DEFAULT 0, provider_last_read INTEGER NOT NULL DEFAULT 0,
    imported INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0, flushed_version INTEGER NOT NULL DEFAULT 0,
    last_flush_at INTEGER NOT NULL DEFAULT 0, customer_notified INTEGER NOT NULL DEFAULT 0,
    provider_notified INTEGER NOT NULL DEFAULT 0)`);
  // a side that left
  if (!hasColumn(sql, "room", "customer_left")) {
    sql.exec("ALTER TABLE room ADD COLUMN customer_left INTEGER NOT NULL DEFAULT 0");
    sql.exec("ALTER TABLE room ADD COLUMN provider_left INTEGER NOT NULL DEFAULT 0");
  }
}

/** A stored message as the doors read it. */
export function messageView(room: Pick<RoomRow, "conversation_id" | "provider_id">, r: MessageRow): MessageView {
  return {
    id: r.seq,
    conversationId: room.conversation_id,
    providerId: room.provider_id,
    senderType: r.sender_type,
    senderUserId: r.sender_user_id,
    message: r.message,
    imageUrl: r.image_url,
    audioUrl: r.audio_url ?? null,
    ...(r.audio_url
      ? { audioMs: r.audio_ms ?? 0, audioPeaks: r.audio_peaks ? (JSON.parse(r.audio_peaks) as number[]) : [] }
      : {}),
    clientId: r.client_id,
    timestamp: new Date(r.timestamp),
    ...(r.deleted ? { deleted: true } : {}),
  };
}

/** Who takes part, as the domain names them. */
export function roomParticipants(room: RoomRow): RoomParticipants {
  return {
    conversationId: room.conversation_id,
    providerId: room.provider_id,
    customerId: room.customer_id,
    providerUserId: room.provider_user_id,
    customerLastReadId: room.customer_last_read,
    providerLastReadId: room.provider_last_read,
  };
}

export class RoomStore {
  constructor(private readonly sql: SqlStorage) {
    migrate(sql);
  }

  /**
   * The room's row, read from SQLite once and then kept: the object is its only writer, and every write goes through
   * `write`, which forgets it. A message read it four to six times: 15–27 % of the sampled time at 100 msgs/s before,
   * 3–5 % after (`npm run bench:chat -- --profile 100`, ADR 067).
   */
  private cachedRow: RoomRow | null | undefined;
  row(): RoomRow | null {
    if (this.cachedRow === undefined) {
      this.cachedRow =
        (this.sql.exec<RoomRow>("SELECT * FROM room WHERE id = 1").toArray()[0] as RoomRow | undefined) ?? null;
    }
    return this.cachedRow;
  }

  /**
   * Every write to the room's row (an UPDATE or INSERT of `room`): the statement returns the row as written, which is
   * kept (no second statement to read it); a write that touched no row leaves it to be read again.
   */
  write(query: string, ...params: (string | number | null)[]) {
    this.cachedRow = undefined;
    this.cachedRow =
      (this.sql.exec<RoomRow>(`${query} RETURNING *`, ...params).toArray()[0] as RoomRow | undefined) ?? undefined;
  }

  /**
   * The row made from D1's index on first use; later calls only renew the listing owner's account, and write only
   * when it changed (a message's own call finds the row as it is: no write on the message path).
   */
  open(c: RoomParticipants) {
    const row = this.row();
    if (row && row.provider_user_id === c.providerUserId) return;
    this.write(
      `INSERT INTO room (id, conversation_id, provider_id, customer_id, provider_user_id, customer_last_read,
        provider_last_read)
       VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET provider_user_id = excluded.provider_user_id`,
      c.conversationId,
      c.providerId,
      c.customerId,
      c.providerUserId,
      c.customerLastReadId,
      c.providerLastReadId,
    );
  }

  /**
   * Copies the conversation's rows of D1's read-only chat_messages table in, oldest first, numbered 1, 2, 3…
   * (the order migration 0009 numbered the read marks with). Idempotent: a row already here (its clientId,
   * or `legacy-<id>`) is skipped, and `imported` is set only once all are in.
   */
  async importLegacy(db: D1Database): Promise<number> {
    const room = this.row();
    if (!room) return 0;
    if (room.imported) return 0;
    let after = 0;
    let copied = 0;
    let seen = 0;
    for (;;) {
      const { results } = await db
        .prepare(
          `SELECT id, sender_type, sender_user_id, message, image_url, client_id, timestamp FROM chat_messages
            WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT 500`,
        )
        .bind(room.conversation_id, after)
        .all<{
          id: number;
          sender_type: string;
          sender_user_id: number | null;
          message: string | null;
          image_url: string | null;
          client_id: string | null;
          timestamp: number;
        }>();
      seen += results.length;
      for (const r of results) {
        const inserted = this.sql
          .exec(
            `INSERT INTO messages (sender_type, sender_user_id, message, image_url, client_id, timestamp)
              VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (client_id) DO NOTHING RETURNING seq`,
            r.sender_type,
            r.sender_user_id,
            r.message,
            r.image_url,
            r.client_id ?? `legacy-${r.id}`,
            r.timestamp,
          )
          .toArray();
        copied += inserted.length;
      }
      if (results.length < 500) break;
      after = results[results.length - 1].id;
    }
    this.write("UPDATE room SET imported = 1 WHERE id = 1");
    // only a conversation that had legacy rows is marked (a new one has none: its D1 row stays without the date)
    if (seen > 0)
      await db
        .prepare("UPDATE conversations SET moved_at = ? WHERE id = ? AND moved_at IS NULL")
        .bind(Date.now(), room.conversation_id)
        .run();
    return copied;
  }

  count(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
  }

  newestSeq(): number {
    return this.sql.exec<{ n: number }>("SELECT coalesce(max(seq), 0) AS n FROM messages").one().n;
  }

  byClientId(clientId: string): MessageRow | undefined {
    return this.sql.exec<MessageRow>("SELECT * FROM messages WHERE client_id = ?", clientId).toArray()[0] as
      MessageRow | undefined;
  }

  /** The message written, or undefined when the same clientId is already stored. */
  insert(send: RoomSend): MessageRow | undefined {
    const [row] = this.sql
      .exec<MessageRow>(
        `INSERT INTO messages (sender_type, sender_user_id, message, image_url, audio_url, audio_ms, audio_peaks,
          client_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (client_id) DO NOTHING RETURNING *`,
        send.role === "customer" ? "user" : "provider",
        send.senderUserId,
        send.message,
        send.imageUrl,
        send.audio?.url ?? null,
        send.audio?.durationMs ?? null,
        send.audio ? JSON.stringify(send.audio.peaks) : null,
        send.clientId,
        send.now,
      )
      .toArray() as MessageRow[];
    return row;
  }

  /** Exactly what came after `after` (one more than `limit`, to tell whether there is more). */
  after(after: number, limit: number): MessageRow[] {
    return this.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", after, limit)
      .toArray() as MessageRow[];
  }

  /** Newest first, before `before`. */
  before(before: number, limit: number): MessageRow[] {
    return this.sql
      .exec<MessageRow>("SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?", before, limit)
      .toArray() as MessageRow[];
  }

  all(): MessageRow[] {
    return this.sql.exec<MessageRow>("SELECT * FROM messages ORDER BY seq").toArray() as MessageRow[];
  }

  last(): MessageRow | undefined {
    return this.sql.exec<MessageRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0] as
      MessageRow | undefined;
  }

  /** Who answers, and how fast (ADR 052): the customer's first message and the provider's first reply after it. */
  firstQuestionAndAnswer(): { asked?: { seq: number; timestamp: number }; answered?: { timestamp: number } } {
    const asked = this.sql
      .exec<{ seq: number; timestamp: number }>(
        "SELECT seq, timestamp FROM messages WHERE sender_type = 'user' ORDER BY seq LIMIT 1",
      )
      .toArray()[0];
    const answered = asked
      ? this.sql
          .exec<{ timestamp: number }>(
            "SELECT timestamp FROM messages WHERE sender_type = 'provider' AND seq > ? ORDER BY seq LIMIT 1",
            asked.seq,
          )
          .toArray()[0]
      : undefined;
    return { asked, answered };
  }

  /** Messages from `side` after the read mark `after`. */
  unread(side: "user" | "provider", after: number): number {
    return this.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM messages WHERE seq > ? AND sender_type = ?", after, side)
      .one().n;
  }

  /**
   * The sender's messages lose their text, image and voice and stay
   * in place as deleted; the ones that were, with their files.
   */
  eraseSender(userId: number): { seq: number; image_url: string | null; audio_url: string | null }[] {
    const rows = this.sql
      .exec<{ seq: number; image_url: string | null; audio_url: string | null }>(
        "SELECT seq, image_url, audio_url FROM messages WHERE sender_user_id = ? AND deleted = 0",
        userId,
      )
      .toArray() as { seq: number; image_url: string | null; audio_url: string | null }[];
    if (rows.length > 0) {
      this.sql.exec(
        "UPDATE messages SET message = NULL, image_url = NULL, audio_url = NULL, audio_ms = NULL, audio_peaks " +
          "= NULL, deleted = 1 WHERE sender_user_id = ?",
        userId,
      );
    }
    return rows;
  }
}
