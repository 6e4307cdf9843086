/** Issue #37: search ranks what people mean, over the listings' own words, with one answer on every door (ADR 048). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeChannelApis, nextUpdateId, postTelegram, tgMessage, tgUser } from "../bot";
import { call } from "../http";

interface Item {
  id: number;
  name: string;
  nameOther: string | null;
  specialty: string;
  description: string | null;
}
interface Page {
  items: Item[];
  total: number;
  understood?: { service: string | null; words: string; ignored: string | null; notUnderstood: string | null; matchedIn?: string[] };
}

async function search(params: Record<string, string>): Promise<Page> {
  const res = await call(`/api/providers?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

/** The listings a Telegram reply lists, by the id behind each "p:<id>" button, in order. */
async function botListed(chat: ReturnType<typeof tgUser>, text: string): Promise<number[]> {
  apis.clear();
  expect((await postTelegram({ update_id: nextUpdateId(), message: tgMessage(chat, { text }) })).status).toBe(200);
  const sent = apis.sent.filter((s) => s.channel === "telegram" && s.method === "sendMessage");
  const buttons = sent.flatMap((s) => ((s.body.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined)?.inline_keyboard ?? []).flat());
  return buttons.map((b) => /^p:(\d+)$/.exec(b.callback_data ?? "")?.[1]).filter((x): x is string => Boolean(x)).map(Number);
}

describe("the holdout: searches nobody tuned for (figures printed, not asserted)", () => {
  it("precision of the top five, recall on page 1 and dead ends, through the search box and the bot", async () => {
    const { judgeSearch, judgedLine } = await import("../../domain/search/judge");
    const { HOLDOUT_QUERIES } = await import("../../domain/search/holdoutQueries");
    const { searchAsTheBot } = await import("../searchDoors");
    const box = await judgeSearch(async (text) => (await search({ search: text })).items, HOLDOUT_QUERIES);
    const bot = await judgeSearch((text) => searchAsTheBot(text, search), HOLDOUT_QUERIES);
    console.log(`${judgedLine("search box", box, "holdout")}\n  ${box.misses.join("\n  ")}`);
    console.log(judgedLine("bot", bot, "holdout"));
    expect(box.queries).toBeGreaterThanOrEqual(60);
  }, 60_000);
});
