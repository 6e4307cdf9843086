import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import type { TtlKeysRpc } from "./rpc";

/**
 * Records that only matter for a while, kept where they are counted instead of in D1 (ADR 054): the updates a bot chat
 * has handled (one object per chat: `chat:<channel>:<id>`) and the slots of a rate limit (one object per limit key:
 * `limit:<key>`). Each record carries the time it stops mattering; the object's alarm deletes what has, and an object
 * left with nothing deletes its storage altogether (an empty object costs nothing).
 *
 * The object runs one call at a time and each check-and-insert below is synchronous SQL (no await in between), so
 * two deliveries of one update at once are answered once, and parallel takes of a limit stop exactly at its max.
 */
export class TtlKeys extends DurableObject<Env> implements TtlKeysRpc {
  /** whether the table was made in this instance's storage (tests that empty the storage from outside reset it) */
  ready = false;

  private table(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (this.ready) return sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS kept (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      key TEXT NOT NULL,
      until INTEGER NOT NULL)`);
    sql.exec("CREATE INDEX IF NOT EXISTS kept_by_key ON kept (key, until)");
    this.ready = true;
    return sql;
  }

  /** True the first time `key` is claimed while an earlier claim of it is alive (until `now + ttlMs`). */
  async claim(key: string, now: number, ttlMs: number): Promise<boolean> {
    return (await this.take(key, now, 1, ttlMs)) !== 0;
  }

  /** Gives a claim back (handling failed, so the channel's retry is handled, not dropped). */
  async unclaim(key: string): Promise<void> {
    this.table().exec("DELETE FROM kept WHERE key = ?", key);
  }

  /**
   * One of `max` slots of `key` in `windowMs`: the slot's id, or 0 when all are taken. A slot stops counting
   * `windowMs` after it was taken.
   */
  async take(key: string, now: number, max: number, windowMs: number): Promise<number> {
    const sql = this.table();
    sql.exec("DELETE FROM kept WHERE key = ? AND until <= ?", key, now);
    const { n } = sql.exec<{ n: number }>("SELECT count(*) AS n FROM kept WHERE key = ?", key).one();
    if (n >= max) return 0;
    const until = now + windowMs;
    const { id } = sql
      .exec<{ id: number }>("INSERT INTO kept (key, until) VALUES (?, ?) RETURNING id", key, until)
      .one();
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || until < alarm) await this.ctx.storage.setAlarm(until);
    return id;
  }

  /** Gives one slot back (the attempt it guarded did not count). */
  async release(id: number): Promise<void> {
    this.table().exec("DELETE FROM kept WHERE id = ?", id);
  }

  /** Forgets every slot of `key` (a successful sign-in clears its failures). */
  async clear(key: string): Promise<void> {
    this.table().exec("DELETE FROM kept WHERE key = ?", key);
  }

  /** How many live records `key` has at `now` (tests and the growth bench read this). */
  async count(key: string, now: number): Promise<number> {
    return this.table()
      .exec<{ n: number }>("SELECT count(*) AS n FROM kept WHERE key = ? AND until > ?", key, now)
      .one().n;
  }

  /** What stopped mattering goes; with nothing left, so does the object's storage. */
  async alarm(): Promise<void> {
    const sql = this.table();
    sql.exec("DELETE FROM kept WHERE until <= ?", Date.now());
    const { next } = sql.exec<{ next: number | null }>("SELECT min(until) AS next FROM kept").one();
    if (next !== null) {
      await this.ctx.storage.setAlarm(next);
      return;
    }
    await this.ctx.storage.deleteAll();
    this.ready = false;
  }
}
