/** Literal SQL for seed files: our own data only (never user input), one statement per line. */
export type SqlValue = string | number | boolean | null | undefined;

export function sqlLiteral(v: SqlValue): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''").replace(/\r?\n/g, " ")}'`;
}

/** INSERT statements of at most `chunk` rows each (D1 limits statement size). */
export function insertRows(table: string, rows: Record<string, SqlValue>[], chunk = 100): string[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((r) => `(${columns.map((c) => sqlLiteral(r[c])).join(",")})`)
      .join(",");
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES ${values};`);
  }
  return out;
}
