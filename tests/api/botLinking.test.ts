// Issue #26 items 1 and 6 through the bot's account flow (bot/flows/account.ts, issue #27): a link code never
// moves a chat that acts for another account without asking, and a WhatsApp its owner unlinked stays unlinked
// until its owner says "link".
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeChannelApis, postTelegram, postWhatsApp, tgCallback, tgMessage, tgUser, waForm } from "../bot";
import { call, registerUser } from "../http";

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

const linkedUser = async (channel: string, externalId: string) =>
  (await env.DB.prepare("SELECT user_id AS id FROM channel_links WHERE channel = ? AND external_id = ?").bind(channel, externalId).first<{ id: number | null }>())?.id ?? null;

const profilePost = (cookie: string, fields: Record<string, string>) =>
  call("/profile", { method: "POST", cookie, headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" }, body: new URLSearchParams(fields).toString() });

async function linkCodeOf(cookie: string) {
  const page = await (await profilePost(cookie, { intent: "linkTelegram" })).text();
  return page.match(/t\.me\/dalil_test_bot\?start=([A-Za-z0-9]+)/)![1];
}

/** The newest message the bot sent to a Telegram chat, with its buttons' callback data. */
function lastTelegram(chatId: number) {
  const msg = [...apis.sent].reverse().find((s) => s.channel === "telegram" && s.method === "sendMessage" && Number(s.body.chat_id) === chatId)!;
  const markup = msg.body.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined;
  return { text: String(msg.body.text), actions: (markup?.inline_keyboard ?? []).flat().map((b) => b.callback_data) };
}

describe("linking a chat through the bot (issue #26)", () => {
  it("a link code for another account asks before moving the chat: No keeps it, Yes moves it", async () => {
    const hana = await registerUser({ name: "Hana Test" });
    const omar = await registerUser({ name: "Omar Test" });
    const chat = tgUser(778001, "en");
    await postTelegram(tgMessage(chat, { text: `/start ${await linkCodeOf(hana.cookie)}` }));
    expect(await linkedUser("telegram", String(chat.id))).toBe(hana.id);

    await postTelegram(tgMessage(chat, { text: `/start ${await linkCodeOf(omar.cookie)}` }));
    const asked = lastTelegram(chat.id);
    expect(asked.text).toContain("already acts for another Dalil account");
    expect(asked.actions).toEqual(["lk:y", "lk:n"]);
    apis.clear();
    await postTelegram(tgCallback(chat, "lk:n"));
    expect(apis.texts("telegram")[0]).toContain("Nothing changed");
    expect(await linkedUser("telegram", String(chat.id))).toBe(hana.id);

    await postTelegram(tgMessage(chat, { text: `/start ${await linkCodeOf(omar.cookie)}` }));
    await postTelegram(tgCallback(chat, "lk:y"));
    expect(apis.texts("telegram").some((t) => t.includes("Your account is linked"))).toBe(true);
    expect(await linkedUser("telegram", String(chat.id))).toBe(omar.id);
  });

  it("a WhatsApp its owner unlinked acts as nobody, even for its own number, until they say \"link\"", async () => {
    const owner = await registerUser({ name: "Karwan Test" });
    await postWhatsApp(waForm(owner.phone, { Body: "hi" }));
    expect(await linkedUser("whatsapp", owner.phone)).toBe(owner.id);
    await profilePost(owner.cookie, { intent: "unlink", channel: "whatsapp" });
    expect(await linkedUser("whatsapp", owner.phone)).toBeNull();

    apis.clear();
    await postWhatsApp(waForm(owner.phone, { Body: "my bookings" }));
    expect(apis.texts("whatsapp").join("\n")).toContain("Reply LINK to link it again");
    expect(await linkedUser("whatsapp", owner.phone)).toBeNull();

    await postWhatsApp(waForm(owner.phone, { Body: "link" }));
    expect(apis.texts("whatsapp").some((t) => t.includes("Your account is linked"))).toBe(true);
    expect(await linkedUser("whatsapp", owner.phone)).toBe(owner.id);
  });
});
