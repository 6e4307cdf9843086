/**
 * Search: by words, by category and city, near me; one page at a time ("next", «غيرهم»); a listing's details in
 * `listingDetails.ts`. A search in a city with nothing yet names the city and shows its nearest cities' (ADR 040).
 */
import type { Flow } from "../engine/flow";
import { freshState, type ConversationState } from "../engine/state";
import { PAGE_SIZE, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { searchTextOf, understand } from "../../domain/understand/understand";
import { mayBeSearched, messageSearchText, searchAnswersMessage } from "../../domain/understand/messageSearch";
import { listCategories } from "../../domain/categories/listCategories";
import { listCities } from "../../domain/places/listCities";
import { namesForReader } from "../../domain/providers/displayName";
import { searchProviders } from "../../domain/search/searchProviders";
import { isolate } from "../../domain/text/bidi";
import { formatNumber } from "../../domain/text/numbers";
import { baghdadToday } from "../../domain/bookings/schemas";
import { dayOf } from "../../domain/text/dayPhrases";
import { howMuch, provider, providerLine } from "./listingDetails";

const TOP_CITIES = ["baghdad", "erbil", "basra", "sulaymaniyah", "mosul", "najaf", "kirkuk", "duhok"];

type SearchQuery = NonNullable<ConversationState["search"]>;

/** Every category as a button, two a row, then the menu. */
async function categoryButtons(turn: Turn): Promise<Button[][]> {
  const list = await listCategories(turn.ctx);
  const name = (c: (typeof list)[number]) => (turn.lang === "ar" ? c.nameAr : turn.lang === "ku" ? c.nameKu : c.name);
  const rows: Button[][] = [];
  list.forEach((c, i) => {
    if (i % 2 === 0) rows.push([]);
    rows[rows.length - 1].push({ label: name(c), action: `c:${c.id}` });
  });
  rows.push([turn.menuButton()]);
  return rows;
}

async function categories(turn: Turn) {
  turn.say({ text: turn.t("bot.chooseCategory"), buttons: await categoryButtons(turn) });
}

async function pickCity(turn: Turn, categoryId: string) {
  const cities = (await listCities(turn.ctx)).filter((c) => TOP_CITIES.includes(c.slug));
  cities.sort((x, y) => TOP_CITIES.indexOf(x.slug) - TOP_CITIES.indexOf(y.slug));
  const name = (c: (typeof cities)[number]) => (turn.lang === "ar" ? c.nameAr : turn.lang === "ku" ? c.nameKu : c.name);
  const rows: Button[][] = [];
  cities.forEach((c, i) => {
    if (i % 2 === 0) rows.push([]);
    rows[rows.length - 1].push({ label: name(c), action: `cc:${categoryId}:${c.slug}` });
  });
  rows.push([{ label: turn.t("bot.anyCity"), action: `cc:${categoryId}:` }], [turn.menuButton()]);
  turn.state = { ...freshState(turn.state.at), step: "pickCity", search: { category: categoryId, page: 1 } };
  turn.say({ text: turn.t("bot.chooseCity"), buttons: rows });
}

/**
 * One page of a search. A search in a city that has none of it yet says so, names the city, and shows what the
 * rest of Iraq has (the reader learns they were understood and still gets somewhere); `emptyIn` is that city.
 */
function pageOf(turn: Turn, query: SearchQuery) {
  return searchProviders(turn.ctx, {
    search: query.q,
    category: query.category || undefined,
    city: query.city || undefined,
    lat: query.lat,
    lng: query.lng,
    page: query.page,
    limit: PAGE_SIZE,
  });
}

async function search(
  turn: Turn,
  query: SearchQuery,
  emptyIn?: string,
  found?: Awaited<ReturnType<typeof pageOf>>,
): Promise<void> {
  const page = found ?? (await pageOf(turn, query));
  turn.state = { ...freshState(turn.state.at), step: "idle", search: query };
  // the search says when these are the nearest cities', and which words it did not understand (ADR 040)
  const nearestTo = page.understood?.nearestTo;
  if (nearestTo && !emptyIn) {
    const city = (await turn.places()).find((c) => c.slug === nearestTo);
    emptyIn = city ? turn.cityName(city) : nearestTo;
  }
  const notUnderstood = page.understood?.notUnderstood;
  // a trade nobody lists yet, with nothing near it, or words
  // nothing matched: what was read, and the categories (ADR 082)
  const missing = page.understood?.missing ? turn.t(`search.missing.${page.understood.missing}`) : null;
  if (page.items.length === 0 && (notUnderstood || missing)) {
    const text = missing
      ? `${missing}\n${turn.t("search.missingNoNearest")}`
      : turn.t("bot.notUnderstoodWords", { words: isolate(notUnderstood!) });
    return turn.say({ text, buttons: await categoryButtons(turn) });
  }
  if (page.items.length === 0 && query.city && query.page === 1 && (query.q || query.category)) {
    const city = (await turn.places()).find((c) => c.slug === query.city);
    return search(turn, { ...query, city: "" }, city ? turn.cityName(city) : query.city);
  }
  if (page.items.length === 0 && query.page > 1) {
    // asked for more than there is: the list stays on its last page
    turn.state = { ...turn.state, search: { ...query, page: query.page - 1 } };
    return turn.say({
      text: turn.t("bot.noMore"),
      buttons: [[{ label: turn.t("bot.previous"), action: `pg:${query.page - 1}` }], [turn.menuButton()]],
    });
  }
  if (page.items.length === 0) {
    turn.say({
      text: turn.t("bot.noResults"),
      buttons: [
        [
          { label: turn.t("bot.byCategory"), action: "c" },
          { label: turn.t("bot.nearMe"), action: "n" },
        ],
        [turn.menuButton()],
      ],
    });
    return;
  }
  const first = (query.page - 1) * PAGE_SIZE;
  // qualifiers beside the trade no listing says yet ("woman", «رخيص»): the trade's listings, said unnarrowed (ADR 082)
  const notApplied = page.understood?.notApplied?.length
    ? turn.t("search.notApplied", {
        words: page.understood.notApplied.map(isolate).join(turn.lang === "en" ? ", " : "، "),
      })
    : null;
  const cityName = await turn.cityNames();
  const lines = page.items.map((p, i) => `${formatNumber(i + 1, turn.lang)}. ${providerLine(turn, p, cityName)}`);
  const nav: Button[] = [];
  if (query.page > 1) nav.push({ label: turn.t("bot.previous"), action: `pg:${query.page - 1}` });
  if (first + page.items.length < page.total) nav.push({ label: turn.t("bot.next"), action: `pg:${query.page + 1}` });
  // a trade Dalil lacks, words not applied, a city with none, closest matches only: said before the results
  const before =
    (missing ? `${missing}\n` : "") +
    (notApplied ? `${notApplied}\n` : "") +
    (emptyIn ? `${turn.t("bot.noneInCity", { city: isolate(emptyIn) })}\n` : "") +
    (page.understood?.mentionsOnly ? `${turn.t("bot.closestMatches")}\n` : "");
  const results = turn.t("bot.results", { from: first + 1, to: first + page.items.length, total: page.total });
  turn.say({
    text: `${before}${results}\n\n${lines.join("\n")}`,
    buttons: [
      ...page.items.map((p, i) => [
        {
          label: `${formatNumber(i + 1, turn.lang)}. ${isolate(namesForReader(p, turn.lang).primary)}`,
          action: `p:${p.id}`,
          listed: true,
        },
      ]),
      ...(nav.length ? [nav] : []),
      [turn.menuButton()],
    ],
  });
}

/** "What are you looking for?": the next message is the search. */
function askSearch(turn: Turn) {
  turn.state = { ...freshState(turn.state.at), step: "searchText" };
  turn.say({ text: turn.t("bot.askSearch"), buttons: [[turn.menuButton()]] });
}

export const searchFlow: Flow = {
  name: "search",
  actions: {
    s: (turn) => askSearch(turn),
    c: (turn, categoryId) => (categoryId ? pickCity(turn, categoryId) : categories(turn)),
    cc: (turn, category, city) => search(turn, { category, city, page: 1 }),
    n(turn) {
      turn.say({ text: turn.t("bot.askLocation"), ask: "location", buttons: [[turn.menuButton()]] });
    },
    pg: (turn, page) => search(turn, { ...(turn.state.search ?? {}), page: Math.max(1, Number(page) || 1) }),
    p: (turn, providerId) => provider(turn, providerId),
  },
  intents: {
    // «بحث» alone, as the menu's 🔎 line
    searchAsk: (turn) => askSearch(turn),
    async search(turn, u, text) {
      if (u.nearMe) {
        turn.state = {
          ...freshState(turn.state.at),
          step: "nearMe",
          search: { q: searchTextOf(u, text, await turn.places()), page: 1 },
        };
        return turn.say({ text: turn.t("bot.askLocation"), ask: "location", buttons: [[turn.menuButton()]] });
      }
      // a message that says what is wrong ("the generator line is off") will be the booking's description (the day and
      // the part of the day said here are the booking's)
      const when = {
        ...(u.day ? { day: dayOf(u.day, baghdadToday(turn.ctx.now())) } : {}),
        ...(u.slot ? { slot: u.slot } : {}),
      };
      // the message as typed, to the one search the web calls (ADR 048, 053): the same words give the same first five
      // on every door; a message the search box would not read (an explicit "search …") sends its words
      const q = messageSearchText(u, text, await turn.places());
      return search(turn, { q, page: 1, ...(u.describes ? { said: text } : {}), ...when });
    },
    more(turn) {
      // the next page of the list just shown; with no list, as if not understood
      if (turn.state.search) return search(turn, { ...turn.state.search, page: turn.state.search.page + 1 });
      return turn.notUnderstood();
    },
    // the page before the list just shown, as its "◀ Previous" button
    previous: (turn) =>
      turn.state.search && turn.state.search.page > 1
        ? search(turn, { ...turn.state.search, page: turn.state.search.page - 1 })
        : turn.notUnderstood(),
    nearMe: (turn) => turn.act("n"),
    price: (turn) => howMuch(turn),
    // nothing else understood: the message as typed to the one search, shown when it answers it (ADR 053): a listing's
    // name as it is known ("Abu Firas", «ابو فراس»), or words a listing holds ("toothache")
    async unknown(turn, _u, text) {
      if (!mayBeSearched(text)) return turn.notUnderstood();
      const query = { q: text, page: 1 };
      const page = await pageOf(turn, query);
      if (searchAnswersMessage(text, page)) return search(turn, query, undefined, page);
      return turn.notUnderstood();
    },
  },
  steps: {
    pickCity: {
      async read(turn, { text }) {
        const u = understand(text, await turn.places());
        // "yes", "thanks", «هلو» are not places: the question is asked again
        if (u.intent !== "search" && u.intent !== "unknown") return false;
        return search(turn, { ...turn.state.search, city: u.intent === "search" && u.city ? u.city : text, page: 1 });
      },
      ask: (turn) => pickCity(turn, turn.state.search?.category ?? ""),
    },
    // the person chose "search" and typed words we don't know: search them as typed
    searchText: {
      read: (turn, { text, number }) =>
        turn.understood(text, number, () =>
          number === null ? search(turn, { q: text, page: 1 }) : turn.notUnderstood(),
        ),
    },
    nearMe: { read: (turn, { text, number }) => turn.understood(text, number) },
  },
  // "a plumber near me" asked for the place first: the search keeps its words
  location: (turn, lat, lng) =>
    search(turn, { q: turn.state.step === "nearMe" ? turn.state.search?.q : undefined, lat, lng, page: 1 }),
};
