/**
 * Dalil's translator (ADR 015): the part of i18next the app uses, in well under 1 KB, the same on the server
 * (API errors, bot replies: `translatorFor`) and in the browser (`useTranslation`).
 *
 * - keys are dotted paths into one nested catalog per language;
 * - `{{name}}` is replaced by the option of that name (a missing option leaves the placeholder as it is;
 *   one passed as undefined or null becomes empty), values are not escaped (React escapes);
 * - `count` picks the plural form by Intl.PluralRules (`key_zero` first when count is 0, then
 *   `key_<category>`, then `key`): Arabic has zero/one/two/few/many/other, Sorani and English one/other;
 * - a key missing in the language is looked up in the fallback chain, then `defaultValue`, then the key;
 * - a number put into a sentence is written in the reader's digits (`formatNumber`, ADR 013: Arabic-Indic in
 *   ar and ku, also when the text falls back to English), at most two decimals, grouped except `{{id}}`
 *   (a reference number reads as one token); strings (names, phones, codes) pass through untouched. Plural
 *   forms are chosen from the raw `count`.
 */
import { formatNumber } from "../domain/text/numbers";

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
/** Reference numbers ("booking #1234") read as one token: digits localised, never grouped. */
const UNGROUPED = new Set(["id", "year"]);

export function interpolate(text: string, options?: TOptions, locale = "en"): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.trim();
    if (!options || !Object.prototype.hasOwnProperty.call(options, key)) return whole;
    const value = options[key];
    if (typeof value === "number")
      return formatNumber(value, locale, { maximumFractionDigits: 2, useGrouping: !UNGROUPED.has(key) });
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

/** What a `t` does besides translating: see each key asked for, and answer for a key its catalogs lack. */
export interface TWatch {
  /** every key asked for (the server records what a page rendered: ADR 031) */
  asked?: (key: string) => void;
  /** a key none of the bundles has: the text to show instead, or undefined for the usual fallback */
  missing?: (key: string) => string | undefined;
}

/** A `t` over a chain of bundles: the language first, then its fallbacks. */
export function createT(chain: readonly Bundle[], watch?: TWatch): TFunction {
  // the reader's digits, whichever bundle of the chain had the text
  const reader = chain[0]?.locale ?? "en";
  return (key, options) => {
    watch?.asked?.(key);
    const count = options?.count;
    for (const bundle of chain) {
      const found = find(bundle, key, count);
      if (found !== undefined) return interpolate(found, options, reader);
    }
    const instead = watch?.missing?.(key);
    const fallback = options?.defaultValue;
    if (instead !== undefined && typeof fallback !== "string") return instead;
    return interpolate(typeof fallback === "string" ? fallback : key, options, reader);
  };
}
