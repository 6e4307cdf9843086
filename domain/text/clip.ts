/**
 * Shortens a person's text for a card: at most `max` characters, cut at the last space before the limit
 * (never inside a word unless one word is longer than the limit), with "…" to say there is more.
 */
export function clip(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const space = head.lastIndexOf(" ");
  const cut = space >= max * 0.5 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s.,;:،؛!?؟-]+$/u, "")}…`;
}
