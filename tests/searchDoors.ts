/**
 * The bot's door to the search, as its flow decides
 * (domain/understand/messageSearch.ts), for the judged and holdout figures.
 */
import { botFirstPage } from "../domain/understand/messageSearch";
import { IRAQI_CITIES } from "../db/seed/data/cities";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));

/**
 * What the bot lists for a message (its first page of five),
 * searched through `search` (the API) as the bot's flow searches.
 */
export async function searchAsTheBot<I>(
  text: string,
  search: (params: Record<string, string>) => Promise<{
    items: I[];
    understood?: { service: string | null; notUnderstood: string | null; everyWord?: boolean };
  }>,
): Promise<I[]> {
  const page = await botFirstPage(text, places, (q) => search({ limit: "5", ...(q ? { search: q } : {}) }));
  return page?.items ?? [];
}
