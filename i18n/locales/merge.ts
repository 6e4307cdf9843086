export type Catalog = { [key: string]: string | Catalog };

/** Deep-merges feature catalogs; a key defined twice is a mistake and throws at startup. */
export function mergeCatalogs(...parts: Catalog[]): Catalog {
  const out: Catalog = {};
  const into = (target: Catalog, source: Catalog, path: string) => {
    for (const [k, v] of Object.entries(source)) {
      const here = path ? `${path}.${k}` : k;
      const existing = target[k];
      if (typeof v === "string") {
        if (existing !== undefined) throw new Error(`translation key defined twice: ${here}`);
        target[k] = v;
      } else {
        if (typeof existing === "string") throw new Error(`translation key defined twice: ${here}`);
        const next = (existing as Catalog | undefined) ?? {};
        target[k] = next;
        into(next, v, here);
      }
    }
  };
  for (const p of parts) into(out, p, "");
  return out;
}
