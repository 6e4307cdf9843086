/**
 * Dalil's translator (ADR 015): the part of i18next the app uses, in well under 1 KB, the same on the server
 * (API errors, bot replies: `translatorFor`) and in the browser (`useTranslation`).
 *
 * - keys are dotted paths into one nested catalog per language;
 * - `{{name}}` is replaced by the option of that name (a missing option leaves the placeholder as it is;
 *   one passed as undefined or null becomes empty), values are not escaped (React escapes);
 * - `count` picks the plural form by Intl.PluralRules (`key_zero` first when count is 0, then
 *   `key_<category>`, then `key`): Arabic has zero/one/two/few/many/other, Sorani and English one/other;
 * - a key missing in the language is looked up in the fallback chain, then `defaultValue`, then the key.
 */
export type Catalog = Record<string, unknown>;
export interface TOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

/** One language's catalog and the locale its plural rules come from. */
export interface Bundle {
  locale: string;
  catalog: Catalog;
}

const rules = new Map<string, Intl.PluralRules>();
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(locale);
    rules.set(locale, r);
  }
  return r.select(count);
}

export function lookup(catalog: Catalog, key: string): unknown {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Catalog)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
export function interpolate(text: string, options?: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.trim();
    if (!options || !Object.prototype.hasOwnProperty.call(options, key)) return whole;
    const value = options[key];
    return value === undefined || value === null ? "" : String(value);
  });
}

function find(bundle: Bundle, key: string, count: number | undefined): string | undefined {
  const tries = [key];
  if (typeof count === "number") {
    tries.unshift(`${key}_${pluralCategory(bundle.locale, count)}`);
    if (count === 0) tries.unshift(`${key}_zero`);
  }
  for (const k of tries) {
    const found = lookup(bundle.catalog, k);
    if (typeof found === "string") return found;
  }
  return undefined;
}

/** A `t` over a chain of bundles: the language first, then its fallbacks. */
export function createT(chain: readonly Bundle[]): TFunction {
  return (key, options) => {
    const count = options?.count;
    for (const bundle of chain) {
      const found = find(bundle, key, count);
      if (found !== undefined) return interpolate(found, options);
    }
    const fallback = options?.defaultValue;
    return interpolate(typeof fallback === "string" ? fallback : key, options);
  };
}
