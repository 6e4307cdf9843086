export type Catalog = { [key: string]: string | Catalog };

/**
 * Deep-merges feature catalogs; a key defined twice is a mistake and throws at startup. A part may come as its JSON
 * text: the production bundle takes the Arabic and Kurdish files as text modules (wrangler.toml's rules, ADR 102), so
 * they stay UTF-8 instead of esbuild's six-byte escapes.
 */
export function mergeCatalogs(...texts: (Catalog | string)[]): Catalog {
  const parts = texts.map((p) => (typeof p === "string" ? (JSON.parse(p) as Catalog) : p));
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
