/**
 * One typing slip (ADR 040): shared by the reader's mending
 * (understand/typos.ts) and the qualifiers' (lexicon/qualifiers.ts).
 */

/** Optimal string alignment distance ≤ 1 (one insertion, deletion, substitution or swap of neighbours). */
export function withinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
