import type { StoredSession } from "../../domain/ports";

/**
 * One person's sign-in sessions in their own object's SQLite storage (ADR 054's amendment): not a D1 row each. `id` is
 * the SHA-256 of the cookie's random token, as D1 kept it. The object runs one call at a time and nothing here awaits,
 * so a sign-out and a request right after it, or a login beside a "sign out everywhere", are answered in the order they
 * reach the object. The table is made on first use.
 */
export class SessionStore {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  private table(): SqlStorage {
    if (this.ready) return this.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL,
      user_agent TEXT,
      created_at INTEGER NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at)");
    this.ready = true;
    return this.sql;
  }

  /** Whether this object has ever held a session (without making the table). */
  exists(): boolean {
    return (
      this.ready ||
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").toArray().length > 0
    );
  }

  add(s: StoredSession): void {
    this.table().exec(
      "INSERT OR REPLACE INTO sessions (id, expires_at, user_agent, created_at) VALUES (?, ?, ?, ?)",
      s.id,
      s.expiresAt,
      s.userAgent,
      s.createdAt,
    );
  }

  /** The session is here and has not expired. */
  has(id: string, now: number): boolean {
    if (!this.exists()) return false;
    return this.table().exec("SELECT 1 FROM sessions WHERE id = ? AND expires_at > ?", id, now).toArray().length > 0;
  }

  /** Ends one session, or all but one (null: all); the ids that ended. */
  end(which: { only: string } | { allExcept: string | null }): string[] {
    if (!this.exists()) return [];
    const sql = this.table();
    const rows =
      "only" in which
        ? sql.exec<{ id: string }>("DELETE FROM sessions WHERE id = ? RETURNING id", which.only)
        : sql.exec<{ id: string }>("DELETE FROM sessions WHERE id IS NOT ? RETURNING id", which.allExcept);
    return rows.toArray().map((r) => r.id);
  }

  /** Every live session, oldest first (the data export). */
  all(now: number): StoredSession[] {
    if (!this.exists()) return [];
    return this.table()
      .exec<{ id: string; expires_at: number; user_agent: string | null; created_at: number }>(
        "SELECT id, expires_at, user_agent, created_at FROM sessions WHERE expires_at > ? ORDER BY created_at, id",
        now,
      )
      .toArray()
      .map((r) => ({ id: r.id, expiresAt: r.expires_at, userAgent: r.user_agent, createdAt: r.created_at }));
  }

  /** Deletes the expired; the next expiry, or null when none is left. */
  sweep(now: number): number | null {
    if (!this.exists()) return null;
    const sql = this.table();
    sql.exec("DELETE FROM sessions WHERE expires_at <= ?", now);
    return this.nextExpiry();
  }

  nextExpiry(): number | null {
    if (!this.exists()) return null;
    const [row] = this.table().exec<{ t: number | null }>("SELECT min(expires_at) AS t FROM sessions").toArray();
    return row?.t ?? null;
  }
}
