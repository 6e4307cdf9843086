/**
 * Numbers for people, in the digits each language reads (ADR 013): ONE rule, through this module.
 *
 * - English: Western digits, "12,345.6".
 * - Arabic and Sorani text: Arabic-Indic digits with the Arabic group and decimal separators,
 *   "١٢٬٣٤٥٫٦" — what Iraqi Arabic and Sorani print (signs, receipts, KRG and Iraqi ministries' sites),
 *   and what CLDR's ar-IQ and ckb locales use by default. Counts, ratings, prices, distances, dashboard
 *   figures, pagination, dates and times all follow it.
 * - Phone numbers are NOT numbers here: always Western digits, left-to-right, isolated
 *   (`isolateLtr` in text, `<bdi dir="ltr">` in JSX), in every language, as people dial and paste them.
 *
 * Why not `Intl.NumberFormat(locale)`: Chromium and Chrome on Android have no `ckb` locale data, so a
 * Kurdish page rendered by workerd ("١٢") re-rendered "12" in the browser (a hydration mismatch and
 * two kinds of digits on one page). Formatting once with en-US (which every runtime has) and mapping
 * the digits gives the same string on the server and in every browser, for ar as well as ku.
 */

/** Does this language (app code en/ar/ku, or an Intl locale like ar-IQ, ckb-IQ) write Arabic-Indic digits? */
export const usesArabicIndicDigits = (langOrLocale: string) => /^(ar|ckb|ku)(-|$)/i.test(langOrLocale);

const ARABIC_INDIC: Record<string, string> = {
  ",": "\u066C", // ٬ Arabic thousands separator
  ".": "\u066B", // ٫ Arabic decimal separator
  "%": "\u066A", // ٪
};

/** Western digits (and , . %) → Arabic-Indic ones: "12,345.6" → "١٢٬٣٤٥٫٦". Other characters are kept. */
export function arabicIndic(s: string | number): string {
  return String(s).replace(/[0-9,.%]/g, (c) => ARABIC_INDIC[c] ?? String.fromCharCode(0x0660 + Number(c)));
}

/** Digits only (no separators) → Arabic-Indic: for dates and times, where "." and "," are punctuation. */
export function toArabicIndicDigits(s: string | number): string {
  return String(s).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/**
 * One en-US formatter per set of options, kept for the isolate's life: building an Intl.NumberFormat costs
 * far more than formatting with one, and every counted sentence of every page formats a number (ADR 020).
 * The options used are a handful of fixed literals, so the map stays small.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(opts);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { ...opts, numberingSystem: "latn" });
    formatters.set(key, f);
  }
  return f;
}

/** A number as the reader of `langOrLocale` writes it; `opts` are Intl.NumberFormat's. */
export function formatNumber(n: number, langOrLocale: string, opts: Intl.NumberFormatOptions = {}): string {
  if (!Number.isFinite(n)) return "";
  const western = formatterFor(opts).format(n);
  return usesArabicIndicDigits(langOrLocale) ? arabicIndic(western) : western;
}

/**
 * The digits inside a translated sentence's parameter: numbers get the reader's digits; strings
 * (names, phone numbers, codes) are user or machine text and stay as they are.
 */
export function localizeParam(value: unknown, langOrLocale: string): unknown {
  return typeof value === "number" ? formatNumber(value, langOrLocale, { maximumFractionDigits: 2 }) : value;
}

/**
 * A length of time as a player shows it, "m:ss" ("1:05"), in the reader's digits ("١:٠٥" in ar and ku), kept
 * left-to-right by the caller where it sits in RTL text. Rounded down to the second, never negative.
 */
export function formatDuration(ms: number, langOrLocale: string): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const western = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
  return usesArabicIndicDigits(langOrLocale) ? toArabicIndicDigits(western) : western;
}
