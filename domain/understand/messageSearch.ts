/**
 * What the bot searches for a message, and when the search answers a message nothing else read (ADR 053). The bot's
 * flow (bot/flows/search.ts) and the judged and holdout figures of its door (tests/searchDoors.ts) both decide here, so
 * the figures are the bot's and its first five are the web's: the same `searchProviders`, given the message as typed.
 */
import { searchTextOf, understand, type Place, type Understood } from "./understand";

type SearchUnderstood = Extract<Understood, { intent: "search" }>;
type Answer = {
  items: readonly unknown[];
  understood?: { service: string | null; notUnderstood: string | null; everyWord?: boolean };
};

/**
 * The text the bot gives the search for a message read as a search: the message as typed when it names a trade or a
 * place or describes a problem (as the search box would be given it), else the words after an explicit "search".
 */
export function messageSearchText(
  u: SearchUnderstood,
  text: string,
  places: readonly Place[] = [],
): string | undefined {
  return u.service || u.city || u.describes ? text : searchTextOf(u, text, places);
}

/** A message short enough to be a name or a few words a listing holds (letters, two to six words). */
export function mayBeSearched(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return /\p{L}{2,}/u.test(text) && text.trim().length >= 3 && words.length <= 6;
}

/**
 * A message the reader did not otherwise understand ("Mustafa Hashimi", «ليث الكناني», "toothache") is answered with
 * the search's first page when that page is an answer: a trade the search read in it, or a listing on it that holds
 * every word of it. Otherwise the bot says it did not understand, as before.
 */
export function searchAnswersMessage(text: string, page: Answer): boolean {
  if (!mayBeSearched(text) || page.items.length === 0 || page.understood?.notUnderstood) return false;
  return Boolean(page.understood?.service || page.understood?.everyWord);
}

/**
 * What the bot lists first for a message, as its flow decides (read as a search: the search of `messageSearchText`;
 * not read: the message as typed, when `searchAnswersMessage`), or null when the bot answers it otherwise. `search`
 * is the door's own call of the one search (the API, or `searchProviders` in the Worker), for the judged figures.
 */
export async function botFirstPage<P extends Answer>(
  text: string,
  places: readonly Place[],
  search: (q: string | undefined) => Promise<P>,
): Promise<P | null> {
  const u = understand(text, places);
  if (u.intent === "search") return search(messageSearchText(u, text, places));
  if (u.intent !== "unknown" || !mayBeSearched(text)) return null;
  const page = await search(text);
  return searchAnswersMessage(text, page) ? page : null;
}
