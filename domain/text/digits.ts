// Its own module so that a page which only reads typed digits (a phone number) does not carry the whole
// text normalizer with it: the public pages' first-load JS is on a budget (tests/browser/budget.test.ts).

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic / Persian (۰-۹) digits → ASCII 0-9. Nothing else changes. */
export function normalizeDigits(s: string): string {
  return s.replace(ARABIC_INDIC, (d) => {
    const c = d.charCodeAt(0);
    return String.fromCharCode(48 + (c >= 0x06f0 ? c - 0x06f0 : c - 0x0660));
  });
}
