/**
 * A person's words made fit for a text Dalil sends to a third party (ADR 075): links, e-mail addresses and phone
 * numbers removed, so a customer cannot make Dalil's sender carry "confirm at http://…" or "call 0770…" to a stranger.
 * Removed, not masked: a stranger reads what the person asked for and nothing to follow or call.
 */
import { normalizeDigits } from "./digits";

/** A domain's dot, also written "[.]" or "(.)" to slip past a filter. */
const DOT = String.raw`(?:\.|\s*\[\.\]\s*|\s*\(\.\)\s*)`;

const CONTACTS = [
  // a scheme, or www., and whatever follows up to a space
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/giu,
  // an e-mail address
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu,
  // a bare domain ("evil.example/x", "bit.ly/abc", "example.com"), with its path
  new RegExp(String.raw`\b[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*${DOT}[a-z]{2,24}\b(?:[/?#]\S*)?`, "giu"),
  // a phone number: eight digits or more, however grouped (a price
  // of 1500000 is not one; an Iraqi landline is), never a date
  /(?<!\d)(?!\d{4}[-.]\d{1,2}[-.]\d{1,2}(?!\d))\+?\d(?:[\s().-]*\d){7,}/g,
];

/** `text` without links, e-mail addresses and phone numbers (digits read in any script); spaces tidied. */
export function withoutContacts(text: string): string {
  let out = normalizeDigits(text);
  for (const re of CONTACTS) out = out.replace(re, " ");
  return out
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]+/g, " ")
        .replace(/\s+([.,:;،؛!?؟])/gu, "$1")
        .trim(),
    )
    .join("\n")
    .trim();
}

/** Whether `text` carries a link, an e-mail address or a phone number. */
export function carriesContacts(text: string): boolean {
  const digits = normalizeDigits(text);
  return CONTACTS.some((re) => digits.search(re) >= 0);
}
