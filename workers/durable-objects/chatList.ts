import type { ChatListEntry } from "../../domain/ports";

type Row = {
  conversation_id: number;
  role: "customer" | "provider";
  provider_id: number;
  last_message_at: number;
  last_text: string | null;
  last_image: string | null;
  last_sender: "user" | "provider";
  unread: number;
  version: number;
  writes: number;
};

const entry = (r: Row): ChatListEntry => ({
  conversationId: r.conversation_id,
  role: r.role,
  providerId: r.provider_id,
  lastMessageAt: r.last_message_at,
  lastText: r.last_text,
  lastImage: r.last_image,
  lastSender: r.last_sender,
  unread: r.unread,
  version: r.version,
  writes: r.writes,
});

/**
 * One person's list of conversations in their own object's SQLite storage (ADR 065): per conversation and side,
 * its last message, the person's unread count, and the room's version of it. Each room writes it at its flush
 * (workers/durable-objects/roomIndex.ts), with absolute values: a write lands only on an older version, so writes
 * that cross, a retry and the backfill never count twice or go back. The table is made on first use.
 */
export class ChatListStore {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  private table(): SqlStorage {
    if (this.ready) return this.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS chats (
      conversation_id INTEGER NOT NULL,
      role TEXT NOT NULL,
      provider_id INTEGER NOT NULL,
      last_message_at INTEGER NOT NULL,
      last_text TEXT,
      last_image TEXT,
      last_sender TEXT NOT NULL,
      unread INTEGER NOT NULL DEFAULT 0,
      version INTEGER NOT NULL,
      writes INTEGER NOT NULL DEFAULT 1,
      PRIMARY KEY (conversation_id, role))`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS chats_recent ON chats (last_message_at, conversation_id)");
    this.ready = true;
    return this.sql;
  }

  /** Stores the room's newer view of one conversation; false when this version (or a newer one) is here already. */
  put(e: Omit<ChatListEntry, "writes">): boolean {
    const changed = this.table()
      .exec(
        `INSERT INTO chats (conversation_id, role, provider_id, last_message_at, last_text, last_image, last_sender,
          unread, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (conversation_id, role) DO UPDATE SET
           provider_id = excluded.provider_id, last_message_at = excluded.last_message_at,
           last_text = excluded.last_text,
           last_image = excluded.last_image, last_sender = excluded.last_sender, unread = excluded.unread,
           version = excluded.version, writes = writes + 1
         WHERE excluded.version > chats.version
         RETURNING conversation_id`,
        e.conversationId,
        e.role,
        e.providerId,
        e.lastMessageAt,
        e.lastText,
        e.lastImage,
        e.lastSender,
        e.unread,
        e.version,
      )
      .toArray();
    return changed.length > 0;
  }

  /** The newest `limit` conversations (of one listing, when given), newest first. */
  list(limit: number, providerId?: number): ChatListEntry[] {
    if (!this.exists()) return [];
    const rows =
      providerId === undefined
        ? this.table().exec<Row>(
            "SELECT * FROM chats ORDER BY last_message_at DESC, conversation_id DESC LIMIT ?",
            limit,
          )
        : this.table().exec<Row>(
            "SELECT * FROM chats WHERE provider_id = ? AND role = 'provider' ORDER BY last_message_at DESC, " +
              "conversation_id DESC LIMIT ?",
            providerId,
            limit,
          );
    return rows.toArray().map((r) => entry(r as Row));
  }

  /** Forgets every conversation (the account is deleted): how many went. */
  erase(): number {
    if (!this.exists()) return 0;
    const n = this.table().exec<{ n: number }>("SELECT count(*) AS n FROM chats").one().n;
    this.table().exec("DELETE FROM chats");
    return n;
  }

  private exists(): boolean {
    return (
      this.ready ||
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chats'").toArray().length > 0
    );
  }
}
