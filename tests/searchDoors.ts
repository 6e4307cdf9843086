/** The bot's door to the search, as its engine calls it (bot/flows/search.ts), for the judged and holdout figures. */
import { understand, searchTextOf } from "../bot/understand/understand";
import { IRAQI_CITIES } from "../db/seed/data/cities";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));

/** What the bot lists for a message (its first page), searched through `search` (the API) as the bot's engine searches. */
export async function searchAsTheBot<I>(text: string, search: (params: Record<string, string>) => Promise<{ items: I[] }>): Promise<I[]> {
  const u = understand(text, places);
  if (u.intent !== "search") return [];
  const qs: Record<string, string> = { limit: "5" };
  const said = searchTextOf(u, text, places);
  if (said) qs.search = said;
  if (u.city) qs.city = u.city;
  return (await search(qs)).items;
}
