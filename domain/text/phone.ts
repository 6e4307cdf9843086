import { normalizeDigits } from "./digits";

/**
 * Iraqi mobile numbers. E.164 form: +964 7XX XXX XXXX — ten national digits: 7, the operator digit,
 * eight more. Only the operator ranges in use for mobile voice/SMS are accepted (ADR 013):
 * 075x Korek, 076x Alkafeel Omnnea, 077x Asiacell, 078x/079x Zain. 070x-074x are refused: no mobile
 * network we could find uses them (074x was a fixed-wireless range), and a code sent there never arrives.
 */
export const IRAQI_MOBILE_OPERATOR_DIGITS = ["5", "6", "7", "8", "9"] as const;
const IRAQI_MOBILE_NATIONAL = /^7[5-9]\d{8}$/;
const E164_IRAQI_MOBILE = /^\+9647[5-9]\d{8}$/;

/**
 * What may separate digits in a typed number: whitespace, dashes (incl. Unicode dashes and minus),
 * parentheses, dots, and the invisible direction/joiner marks that RTL text fields and copy-paste
 * insert (LRM/RLM, embeddings, isolates, ALM, ZW*, BOM).
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212().\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF]/g;

/**
 * A phone as typed → "+9647XXXXXXXXX", or null when it is not an Iraqi mobile.
 * Accepts 07XXXXXXXXX, 7XXXXXXXXX, 00964…, +964…, 964…, a trunk zero after the country code
 * ("+964 (0)770…"), separators (see SEPARATORS) and Arabic-Indic digits (٠-٩, ۰-۹).
 * Anything else — letters, a "+" not at the start, another country code, wrong length — is null.
 */
export function normalizeIraqiPhone(input: string): string | null {
  if (typeof input !== "string" || input.length > 64) return null;
  let s = normalizeDigits(input).replace(SEPARATORS, "");
  if (s.startsWith("+")) {
    if (!s.startsWith("+964")) return null;
    s = s.slice(4);
  } else if (s.startsWith("00964")) {
    s = s.slice(5);
  } else if (s.startsWith("964")) {
    // unambiguous: a national number never starts with 9
    s = s.slice(3);
  }
  if (!/^\d+$/.test(s)) return null;
  if (s.startsWith("0")) s = s.slice(1); // 07… locally, or "+964 (0)7…"
  return IRAQI_MOBILE_NATIONAL.test(s) ? `+964${s}` : null;
}

/**
 * "+9647701234567" → "+964 770 123 4567". Any input normalizeIraqiPhone accepts is formatted the
 * same way; anything else is returned unchanged. In RTL pages wrap the result in <bdi dir="ltr">.
 */
export function formatPhoneForDisplay(e164: string): string {
  const n = E164_IRAQI_MOBILE.test(e164) ? e164 : normalizeIraqiPhone(e164);
  if (!n) return e164;
  const d = n.slice(4); // ten national digits
  return `+964 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}

/** Digits only, after Arabic-Indic digit normalisation ("+964 ٧٧٠-123" → "964770123"). */
export function whatsappDigits(s: string): string {
  if (typeof s !== "string") return "";
  return normalizeDigits(s).replace(/\D/g, "");
}

/**
 * Digits for a wa.me link: an Iraqi mobile in any accepted form becomes its international digits
 * ("0770 123 4567" → "9647701234567", which wa.me needs); anything else is whatsappDigits(s).
 */
export function whatsappLinkDigits(s: string): string {
  const n = normalizeIraqiPhone(s);
  return n ? n.slice(1) : whatsappDigits(s);
}
