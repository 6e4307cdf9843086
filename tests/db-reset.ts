/** Empties every table of the test D1 (migrations stay applied), so the demo data can be seeded again. */
export async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE " +
        "'_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ name: string; sql: string | null }>();
  const virtual = results.filter((t) => /CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  // FTS shadow tables belong to their virtual table: emptying the content tables empties the index through the triggers
  const owned = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const tables = results.map((t) => t.name).filter((name) => !owned(name));
  const hasSequence = (await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").first()) !== null;
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map((name) => db.prepare(`DELETE FROM "${name}"`)),
    ...(hasSequence ? [db.prepare("DELETE FROM sqlite_sequence")] : []),
  ]);
}
