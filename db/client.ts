import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof build>;

const build = (d1: D1Database) => drizzle(d1, { schema });

/**
 * One drizzle instance per D1 binding for the isolate's life: building it walks the whole schema
 * (relational config), ~0.4 ms of CPU, and a page could build it twice (session lookup, then the loader).
 * The instance holds nothing per request: queries take their values as arguments (ADR 020).
 */
const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = build(d1);
    instances.set(d1, db);
  }
  return db;
}

export { schema };
