/** The bot's door to the search, as its engine calls it (bot/flows/search.ts), for the judged and holdout figures. */
import { understand, searchTextOf } from "../bot/understand/understand";
import { IRAQI_CITIES } from "../db/seed/data/cities";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));

/** What the bot lists for a message (its first page), searched through `search` (the API) as the bot's engine searches. */
export async function searchAsTheBot<I>(text: string, search: (params: Record<string, string>) => Promise<{ items: I[] }>): Promise<I[]> {
  const u = understand(text, places);
  if (u.intent !== "search") return [];
  // as bot/flows/search.ts: the message as typed when it names a trade or a place, else the words after "search"
  const said = u.service || u.city ? text : searchTextOf(u, text, places);
  return (await search({ limit: "5", ...(said ? { search: said } : {}) })).items;
}
