import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Epoch milliseconds, set by SQLite when the row is written. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const bool = (name: string) => integer(name, { mode: "boolean" });
