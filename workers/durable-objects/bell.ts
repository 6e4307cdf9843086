import type { BellItem, BellSelection, NewBellItem } from "../../domain/ports";
import { BELL_BOUND, bellItemOf, type StoredNotification } from "../../domain/notifications/bound";

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = StoredNotification;

const COLUMNS = "id, type, title, message, message_key, params, is_read, related_id, created_at";

/**
 * One person's bell in their own object's SQLite storage (ADR 051). The object runs one call at a time and
 * nothing here awaits, so "insert unless an unread one waits" and "mark read" are exact without a transaction.
 * The table is made on first use: an object that only counts chat sends never holds it.
 */
export class BellStore {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  private table(): SqlStorage {
    if (this.ready) return this.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS bell (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      type TEXT NOT NULL,
      title TEXT NOT NULL,
      message TEXT NOT NULL,
      message_key TEXT,
      params TEXT,
      is_read INTEGER NOT NULL DEFAULT 0,
      related_id INTEGER,
      created_at INTEGER NOT NULL,
      legacy_id INTEGER UNIQUE)`);
    // the list (newest first) and the sweep (oldest first) read this; unread counts and "read about" read the other
    this.sql.exec("CREATE INDEX IF NOT EXISTS bell_by_time ON bell (created_at, id)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS bell_unread ON bell (is_read, type, related_id)");
    this.ready = true;
    return this.sql;
  }

  /** Whether this object has ever held a bell (without making the table). */
  exists(): boolean {
    return (
      this.ready ||
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'bell'").toArray().length > 0
    );
  }

  /** Stores one: its id, or 0 when `oncePerUnread` found an unread one of the same type and relatedId. */
  add(n: NewBellItem, oncePerUnread: boolean): number {
    const sql = this.table();
    if (
      oncePerUnread &&
      sql.exec("SELECT 1 FROM bell WHERE is_read = 0 AND type = ? AND related_id IS ?", n.type, n.relatedId).toArray()
        .length
    )
      return 0;
    const { id } = sql
      .exec<{ id: number }>(
        "INSERT INTO bell (type, title, message, message_key, params, related_id, created_at) VALUES (?, ?, ?, " +
          "?, ?, ?, ?) RETURNING id",
        n.type,
        n.title,
        n.message,
        n.messageKey,
        n.params,
        n.relatedId,
        n.createdAt,
      )
      .one();
    if (id % BELL_BOUND.capEvery === 0) this.cap();
    return id;
  }

  list(limit: number): { items: BellItem[]; unread: number } {
    if (!this.exists()) return { items: [], unread: 0 };
    const sql = this.table();
    const items = sql
      .exec<Row>(`SELECT ${COLUMNS} FROM bell ORDER BY created_at DESC, id DESC LIMIT ?`, limit)
      .toArray()
      .map(bellItemOf);
    const unread = sql.exec<{ n: number }>("SELECT count(*) AS n FROM bell WHERE is_read = 0").one().n;
    return { items, unread };
  }

  markRead(which: BellSelection): BellItem[] {
    if (!this.exists()) return [];
    const sql = this.table();
    if ("id" in which) {
      sql.exec("UPDATE bell SET is_read = 1 WHERE id = ?", which.id);
      return sql.exec<Row>(`SELECT ${COLUMNS} FROM bell WHERE id = ?`, which.id).toArray().map(bellItemOf);
    }
    if ("all" in which)
      return sql
        .exec<Row>(`UPDATE bell SET is_read = 1 WHERE is_read = 0 RETURNING ${COLUMNS}`)
        .toArray()
        .map(bellItemOf);
    return (
      which.relatedId === undefined
        ? sql.exec<Row>(`UPDATE bell SET is_read = 1 WHERE is_read = 0 AND type = ? RETURNING ${COLUMNS}`, which.type)
        : sql.exec<Row>(
            `UPDATE bell SET is_read = 1 WHERE is_read = 0 AND type = ? AND related_id = ? RETURNING ${COLUMNS}`,
            which.type,
            which.relatedId,
          )
    )
      .toArray()
      .map(bellItemOf);
  }

  all(): BellItem[] {
    if (!this.exists()) return [];
    return this.table().exec<Row>(`SELECT ${COLUMNS} FROM bell ORDER BY created_at, id`).toArray().map(bellItemOf);
  }

  erase(): number {
    if (!this.exists()) return 0;
    return this.table().exec("DELETE FROM bell RETURNING id").toArray().length;
  }

  /** The backfill (ADR 051): rows keyed by their D1 id; one already here is left as it is. How many were new. */
  importLegacy(rows: (NewBellItem & { legacyId: number; isRead: boolean })[]): number {
    const sql = this.table();
    let added = 0;
    for (const r of rows) {
      const res = sql.exec(
        "INSERT INTO bell (type, title, message, message_key, params, is_read, related_id, created_at, " +
          "legacy_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (legacy_id) DO NOTHING RETURNING id",
        r.type,
        r.title,
        r.message,
        r.messageKey,
        r.params,
        r.isRead ? 1 : 0,
        r.relatedId,
        r.createdAt,
        r.legacyId,
      );
      added += res.toArray().length;
    }
    return added;
  }

  /** Only the newest BELL_BOUND.kept stay. */
  private cap() {
    this.sql.exec(
      "DELETE FROM bell WHERE id IN (SELECT id FROM bell ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)",
      BELL_BOUND.kept,
    );
  }

  /**
   * The bound (ADR 041's periods): read ones go 180 days after they were sent, unread ones 90, and only the newest
   * 500 stay. Returns how many went and when the next one falls due (null: the bell is empty).
   */
  sweep(now: number): { removed: number; nextDue: number | null } {
    if (!this.exists()) return { removed: 0, nextDue: null };
    const sql = this.table();
    // rows counted by RETURNING: a cursor's rowsWritten also counts the index entries it wrote
    let removed = sql
      .exec("DELETE FROM bell WHERE is_read = 1 AND created_at < ? RETURNING id", now - BELL_BOUND.readDays * DAY_MS)
      .toArray().length;
    removed += sql
      .exec("DELETE FROM bell WHERE is_read = 0 AND created_at < ? RETURNING id", now - BELL_BOUND.unreadDays * DAY_MS)
      .toArray().length;
    const before = sql.exec<{ n: number }>("SELECT count(*) AS n FROM bell").one().n;
    if (before > BELL_BOUND.kept) {
      this.cap();
      removed += before - BELL_BOUND.kept;
    }
    return { removed, nextDue: this.nextDue() };
  }

  /** When the oldest notification falls due under the periods; null when the bell is empty. */
  nextDue(): number | null {
    const sql = this.table();
    const oldest = (read: 0 | 1) =>
      sql.exec<{ t: number | null }>("SELECT min(created_at) AS t FROM bell WHERE is_read = ?", read).one().t;
    const read = oldest(1);
    const unread = oldest(0);
    const due = [
      read === null ? null : read + BELL_BOUND.readDays * DAY_MS,
      unread === null ? null : unread + BELL_BOUND.unreadDays * DAY_MS,
    ].filter((t): t is number => t !== null);
    return due.length ? Math.min(...due) : null;
  }
}
