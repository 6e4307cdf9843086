// Only the phone proves the phone. A chat linked from a session is not the phone: it ends with the sessions, codes
// never go to it, and nobody else's resets or guesses lock the owner out (ADR 022, amended).
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { normalizeResetCode, randomResetCode } from "../../domain/accounts/tokens";
import { fakeChannelApis, postTelegram, postWhatsApp, tgCallback, tgMessage, tgUser, waForm } from "../bot";
import { openPayload } from "../../workers/queue/outbox";
import { call, freshPhone, lastCodeFor, registerUser, verifyPhoneOf } from "../http";
import { bellRows } from "../bell";

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

const PASSWORD = "tigris-river-21";
const e164 = (local: string) => `+964${local.slice(1)}`;
const me = (cookie: string) => call("/api/auth/me", { cookie });
const login = (phone: string, password = PASSWORD, deviceCookie?: string) =>
  call("/api/auth/login", {
    method: "POST",
    json: { phone, password },
    ...(deviceCookie ? { headers: { Cookie: deviceCookie } } : {}),
  });
const profilePost = (cookie: string, fields: Record<string, string>) =>
  call("/profile", {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const linkOf = (chatId: number | string) =>
  env.DB.prepare("SELECT user_id AS userId, linked_via AS via, label FROM channel_links WHERE external_id = ?")
    .bind(String(chatId))
    .first<{ userId: number | null; via: string | null; label: string | null }>();

/** The newest text the bot sent to a Telegram chat, and its buttons' actions. */
function lastTelegram(chatId: number) {
  const msg = [...apis.sent]
    .reverse()
    .find((s) => s.channel === "telegram" && s.method === "sendMessage" && Number(s.body.chat_id) === chatId);
  if (!msg) throw new Error(`nothing sent to ${chatId}`);
  const markup = msg.body.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined;
  return { text: String(msg.body.text), actions: (markup?.inline_keyboard ?? []).flat().map((b) => b.callback_data) };
}
/** Everything the bot said to a Telegram chat since the fakes were last cleared, as one text. */
const saidTo = (chatId: number) =>
  apis.sent
    .filter((s) => s.channel === "telegram" && s.method === "sendMessage" && Number(s.body.chat_id) === chatId)
    .map((s) => String(s.body.text))
    .join("\n");
const lastWhatsApp = (phone: string) =>
  [...apis.sent].reverse().find((s) => s.channel === "whatsapp" && s.body.To === `whatsapp:${phone}`);

/** "Link Telegram" on the profile, as the signed-in person (or whoever holds their cookie) presses it. */
async function linkCode(cookie: string): Promise<string | null> {
  const page = await (await profilePost(cookie, { intent: "linkTelegram" })).text();
  return page.match(/t\.me\/dalil_test_bot\?start=([A-Za-z0-9]+)/)?.[1] ?? null;
}

/** The outbox rows queued for a phone, with their (opened) keys. */
async function queuedFor(recipient: string) {
  const { results } = await env.DB.prepare("SELECT channel, payload FROM outbox WHERE recipient = ? ORDER BY id")
    .bind(recipient)
    .all<{ channel: string; payload: string }>();
  return Promise.all(results.map(async (r) => ({ channel: r.channel, ...(await openPayload(env, r.payload)) })));
}

describe("a stranger cannot prove a number they don't hold", () => {
  it("an unproven account cannot make a link code, and the page says why", async () => {
    const stranger = await registerUser({ phone: freshPhone("0750"), verified: false });
    const page = await (await profilePost(stranger.cookie, { intent: "linkTelegram" })).text();
    expect(page).not.toMatch(/t\.me\/dalil_test_bot\?start=/);
    expect(page).toContain("only an account with a confirmed number can link a chat");
    expect(await count("SELECT count(*) AS n FROM channel_links WHERE user_id = ?", stranger.id)).toBe(0);
  });

  it(
    "the attack: a chat linked to an unproven account never receives its code; the code goes to the number, and " +
      "the real owner proves it",
    async () => {
      const local = freshPhone("0750");
      const stranger = await registerUser({ phone: local, verified: false });
      // a Telegram chat linked to the stranger's account (as one could before this fix)
      const mallory = tgUser(826001, "en");
      await postTelegram(tgMessage(mallory, { text: "/start" }));
      await env.DB.prepare(
        "UPDATE channel_links SET user_id = ?, opted_in = 1, linked_via = 'session' WHERE external_id = ?",
      )
        .bind(stranger.id, String(mallory.id))
        .run();
      expect((await call("/api/auth/send-code", { method: "POST", cookie: stranger.cookie })).status).toBe(200);
      const queued = await queuedFor(e164(local));
      expect(queued.at(-1)).toMatchObject({ channel: "code", key: "messages.verificationCode" });
      expect(await count("SELECT count(*) AS n FROM outbox WHERE recipient = ?", String(mallory.id))).toBe(0);
      // guessing it is the only way left, and a guess is one in 10^12
      const guess = await call("/api/auth/verify-phone", {
        method: "POST",
        cookie: stranger.cookie,
        json: { verificationCode: "1234 5678 9012" },
      });
      expect(guess.status).toBe(400);

      // the real owner registers the same number, gets their own code on the phone, and proves it
      const owner = await registerUser({ phone: local, name: "The Owner", verified: false });
      expect((await call("/api/auth/send-code", { method: "POST", cookie: owner.cookie })).status).toBe(200);
      const proved = await call("/api/auth/verify-phone", {
        method: "POST",
        cookie: owner.cookie,
        json: { verificationCode: await lastCodeFor(e164(local)) },
      });
      expect(proved.status).toBe(200);
      expect((await me(stranger.cookie)).status).toBe(401);
      expect(((await (await me(owner.cookie)).json()) as { isPhoneVerified: boolean }).isPhoneVerified).toBe(true);
    },
  );

  it(
    "a link code whose account lost its number (released by the owner's proof) is refused in the person's " +
      "language",
    async () => {
      const user = await registerUser({ phone: freshPhone("0750") });
      const code = await linkCode(user.cookie);
      await env.DB.prepare("UPDATE users SET is_phone_verified = 0 WHERE id = ?").bind(user.id).run();
      const hevi = tgUser(826002, "ku");
      await postTelegram(tgMessage(hevi, { text: `/start ${code}` }));
      expect(saidTo(hevi.id)).toContain("ژمارەی مۆبایلەکەی پشتڕاست نەکردووەتەوە");
      expect((await linkOf(hevi.id))?.userId).toBeNull();
    },
  );
});

describe("a chat linked from a session ends with the sessions", () => {
  for (const way of ["sign out everywhere", "a new password", "a reset"] as const) {
    it(
      `a copied session's Telegram loses the account at ${way}; the owner's own WhatsApp stays, and the owner is ` +
        `told which`,
      async () => {
        const local = freshPhone("0750");
        const owner = await registerUser({ phone: local, name: "Shilan" });
        const phone = e164(local);
        // the owner's own WhatsApp: the number itself
        await postWhatsApp(waForm(phone, { Body: "hi", ProfileName: "Shilan" }));
        expect(await linkOf(phone)).toMatchObject({ userId: owner.id, via: "phone" });

        // someone who held the session (a shared computer, a copied cookie) links their own Telegram
        const code = await linkCode(owner.cookie);
        const mallory = {
          ...tgUser(826100 + ["sign out everywhere", "a new password", "a reset"].indexOf(way), "en"),
          first_name: "Mallory",
          username: "mal",
        };
        await postTelegram(tgMessage(mallory, { text: `/start ${code}` }));
        expect(saidTo(mallory.id)).toContain("Your account is linked");
        expect(await linkOf(mallory.id)).toMatchObject({
          userId: owner.id,
          via: "session",
          label: "Telegram · Mallory (@mal)",
        });
        // the number hears of it at once (here through the owner's own WhatsApp chat)
        const notice = await queuedFor(phone);
        expect(
          notice.some((n) => n.key === "notices.chatLinked.message" && String(n.params?.chat).includes("Mallory")),
        ).toBe(true);

        // the owner ends access
        let removed: { label: string }[] = [];
        if (way === "sign out everywhere") {
          const res = await call("/api/auth/logout-all", { method: "POST", cookie: owner.cookie });
          removed = ((await res.json()) as { removedChats: { label: string }[] }).removedChats;
        } else if (way === "a new password") {
          const res = await call("/api/auth/password", {
            method: "POST",
            cookie: owner.cookie,
            json: { currentPassword: PASSWORD, newPassword: "zagros-new-88", confirmPassword: "zagros-new-88" },
          });
          expect(res.status).toBe(200);
          removed = ((await res.json()) as { removedChats: { label: string }[] }).removedChats;
        } else {
          await call("/api/auth/reset/start", { method: "POST", json: { phone: local } });
          const reset = (await queuedFor(phone)).filter((n) => n.key === "messages.resetCode").at(-1)!;
          expect(reset.channel).toBe("code");
          const res = await call("/api/auth/reset/finish", {
            method: "POST",
            json: {
              verificationCode: String(reset.params?.code),
              newPassword: "zagros-new-88",
              confirmPassword: "zagros-new-88",
            },
          });
          expect(res.status).toBe(200);
          removed = ((await res.json()) as { removedChats: { label: string }[] }).removedChats;
        }
        expect(removed.map((r) => r.label)).toEqual(["Telegram · Mallory (@mal)"]);
        expect(await linkOf(mallory.id)).toMatchObject({ userId: null, via: null });
        expect(await linkOf(phone)).toMatchObject({ userId: owner.id, via: "phone" });
        // the owner is told which, in the bell (read on the profile) and on the number
        const told = await queuedFor(phone);
        expect(
          told.some((n) => n.key === "notices.chatsUnlinked.message" && String(n.params?.chats).includes("Mallory")),
        ).toBe(true);
        expect((await bellRows(owner.id)).filter((n) => n.message_key === "notices.chatsUnlinked")).toHaveLength(1);

        // the Telegram chat no longer acts for the owner: no bookings, and a provider's message is not relayed there
        apis.clear();
        await postTelegram(tgMessage(mallory, { text: "my bookings" }));
        expect(lastTelegram(mallory.id).text).not.toMatch(/#\d+/);
        expect(
          await count(
            "SELECT count(*) AS n FROM channel_links WHERE external_id = ? AND user_id IS NOT NULL",
            String(mallory.id),
          ),
        ).toBe(0);
      },
    );
  }

  it(
    "a chat that is the number itself (a Telegram share of the owner's own contact) stays after sign out " +
      "everywhere",
    async () => {
      const local = freshPhone("0750");
      const owner = await registerUser({ phone: local });
      const dilan = tgUser(826200, "en");
      await postTelegram(tgMessage(dilan, { text: "/start" }));
      await postTelegram(
        tgMessage(dilan, { contact: { phone_number: e164(local).slice(1), first_name: "Dilan", user_id: dilan.id } }),
      );
      expect(await linkOf(dilan.id)).toMatchObject({ userId: owner.id, via: "phone" });
      const res = await call("/api/auth/logout-all", { method: "POST", cookie: owner.cookie });
      expect(((await res.json()) as { removedChats: unknown[] }).removedChats).toEqual([]);
      expect((await linkOf(dilan.id))?.userId).toBe(owner.id);
    },
  );
});

describe("nobody else's resets or guesses lock the owner out", () => {
  it(
    "after a stranger's resets and wrong passwords, the " + "owner proves, signs in from a known device, and resets",
    async () => {
      // a number nobody proved yet: a stranger asks for resets, in parallel (the answer is the same as for any number)
      const newcomer = freshPhone("0750");
      const starts = await Promise.all(
        Array.from({ length: 8 }, () => call("/api/auth/reset/start", { method: "POST", json: { phone: newcomer } })),
      );
      expect(starts.every((r) => r.status === 200)).toBe(true);
      // the owner registers and proves the number all the same: resets have a budget of their own
      const owner = await registerUser({ phone: newcomer });
      expect(((await (await me(owner.cookie)).json()) as { isPhoneVerified: boolean }).isPhoneVerified).toBe(true);

      // the owner signs in once on this phone: a known device from now on
      const first = await login(newcomer);
      const device = (first.headers.get("Set-Cookie") ?? "").match(/dalil_device=[^;]+/)![0];
      // a stranger: five more resets and ten wrong passwords, all at once
      await Promise.all([
        ...Array.from({ length: 6 }, () =>
          call("/api/auth/reset/start", { method: "POST", json: { phone: newcomer } }),
        ),
        ...Array.from({ length: 10 }, () => login(newcomer, "wrong-guess-1")),
      ]);
      expect((await login(newcomer)).status).toBe(429);
      // the known device signs in
      expect((await login(newcomer, PASSWORD, device)).status).toBe(200);
      // and the owner resets: the stranger spent this hour's five codes, so the owner's own start sends nothing new
      // (and answers as always), but every code the stranger made them receive works, for an hour
      const own = await call("/api/auth/reset/start", { method: "POST", json: { phone: newcomer } });
      expect(own.status).toBe(200);
      const received = (await queuedFor(e164(newcomer))).filter((n) => n.key === "messages.resetCode");
      expect(received.length).toBe(5);
      const done = await call("/api/auth/reset/finish", {
        method: "POST",
        json: {
          phone: newcomer,
          verificationCode: String(received[0].params?.code),
          newPassword: "owner-again-55",
          confirmPassword: "owner-again-55",
        },
      });
      expect(done.status).toBe(200);
      expect((await login(newcomer, "owner-again-55")).status).toBe(200);
      // one code used ends them all
      const second = await call("/api/auth/reset/finish", {
        method: "POST",
        json: {
          verificationCode: String(received[1].params?.code),
          newPassword: "stranger-pass-1",
          confirmPassword: "stranger-pass-1",
        },
      });
      expect(second.status).toBe(400);
    },
  );

  it("reset codes: 15 characters of 32, never repeated, read as typed or pasted", () => {
    const codes = Array.from({ length: 2000 }, randomResetCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^[0-9A-HJKMNP-TV-Z]{15}$/.test(c))).toBe(true);
    // every symbol turns up in every position (75 bits, not fewer)
    for (let i = 0; i < 15; i++) expect(new Set(codes.map((c) => c[i])).size).toBe(32);
    expect(normalizeResetCode("abcde-fghjk mnpqr")).toBe("ABCDEFGHJKMNPQR");
    expect(normalizeResetCode("O0IL1")).toBe("00111");
  });

  it("a device cookie made for an account the owner's proof released is not a known device for the owner", async () => {
    const local = freshPhone("0750");
    const stranger = await registerUser({ phone: local, verified: false });
    const first = await login(local);
    const strangerDevice = (first.headers.get("Set-Cookie") ?? "").match(/dalil_device=[^;]+/)![0];
    // the owner proves the number: the stranger's claim is released
    const owner = await registerUser({ phone: local, name: "Owner" });
    expect((await me(stranger.cookie)).status).toBe(401);
    // the stranger's old device guesses the owner's password: it counts against the phone like any unknown device
    const guesses = await Promise.all(Array.from({ length: 12 }, () => login(local, "guess-pass-1", strangerDevice)));
    expect(guesses.filter((r) => r.status === 401).length).toBe(10);
    expect(guesses.filter((r) => r.status === 429).length).toBe(2);
    expect((await login(local, PASSWORD)).status).toBe(429);
    expect(owner.id).not.toBe(stranger.id);
  });
});

describe("a number nobody proved is no back door to another holder's password (ADR 075)", { timeout: 30_000 }, () => {
  const deviceOf = (res: Response) => (res.headers.get("Set-Cookie") ?? "").match(/dalil_device=[^;]+/)![0];
  const shared = async () => {
    const local = freshPhone("0750");
    const victim = await registerUser({
      phone: local,
      verified: false,
      name: "Victim",
      password: "victim-secret-77",
      confirmPassword: "victim-secret-77",
    });
    const attacker = await registerUser({
      phone: local,
      verified: false,
      name: "Mallory",
      password: "mallory-pass-42",
      confirmPassword: "mallory-pass-42",
    });
    return { local, victim, attacker };
  };

  it(
    "the attacker's own sign-ins between guesses never clear the number's count: the 11th guess and the victim's " +
      "password are refused",
    async () => {
      const { local } = await shared();
      let device: string | undefined;
      for (let i = 0; i < 10; i++) {
        expect((await login(local, `guess-${i}-pass`, device)).status).toBe(401);
        if (i === 9) break;
        const own = await login(local, "mallory-pass-42", device);
        expect(own.status).toBe(200);
        device = deviceOf(own);
      }
      expect((await login(local, "mallory-pass-42", device)).status).toBe(429);
      expect((await login(local, "guess-10-pass", device)).status).toBe(429);
      expect((await login(local, "victim-secret-77", device)).status).toBe(429);
      expect((await login(local, "victim-secret-77")).status).toBe(429);
    },
  );

  it(
    "in parallel: 30 guesses from the attacker's own device " + "are 10 checked, and a fresh device then checks none",
    async () => {
      const { local } = await shared();
      const first = deviceOf(await login(local, "mallory-pass-42"));
      const round = await Promise.all(Array.from({ length: 30 }, (_, i) => login(local, `guess-${i}-pass`, first)));
      expect(round.filter((r) => r.status === 401).length).toBe(10);
      expect(round.filter((r) => r.status === 429).length).toBe(20);
      // a new device needs a sign-in, and the number's limit holds it too
      expect((await login(local, "mallory-pass-42")).status).toBe(429);
      const again = await Promise.all(Array.from({ length: 10 }, (_, i) => login(local, `again-${i}-pass`)));
      expect(again.every((r) => r.status === 429)).toBe(true);
    },
  );

  it(
    "proving the number ends the other holders' sessions, and every session of the prover's account but the " +
      "proving one",
    async () => {
      const { local, victim, attacker } = await shared();
      // the attacker also holds a session of the victim's account (a password guessed while the number was shared)
      const stolen = (await login(local, "victim-secret-77")).headers
        .get("Set-Cookie")!
        .match(/dalil_session=[^;]+/)![0];
      expect((await me(stolen)).status).toBe(200);
      expect((await me(attacker.cookie)).status).toBe(200);
      await verifyPhoneOf(victim);
      expect((await me(attacker.cookie)).status).toBe(401);
      expect((await me(stolen)).status).toBe(401);
      const mine = (await (await me(victim.cookie)).json()) as { id: number; isPhoneVerified: boolean };
      expect(mine).toMatchObject({ id: victim.id, isPhoneVerified: true });
    },
  );
});

describe("unlink and link moves", () => {
  it(
    "an unlinked WhatsApp stays unlinked until the " + "person says 'link' (or links it again on the profile)",
    async () => {
      const local = freshPhone("0750");
      const owner = await registerUser({ phone: local });
      const phone = e164(local);
      await postWhatsApp(waForm(phone, { Body: "hi" }));
      expect((await linkOf(phone))?.userId).toBe(owner.id);
      await profilePost(owner.cookie, { intent: "unlink", channel: "whatsapp" });
      expect((await linkOf(phone))?.userId).toBeNull();

      apis.clear();
      await postWhatsApp(waForm(phone, { Body: "حجوزاتي" }));
      expect((await linkOf(phone))?.userId).toBeNull();
      expect(String(lastWhatsApp(phone)?.body.Body)).toMatch(/unlinked|غير مرتبطة/);
      // the profile offers it back
      const profile = await (await call("/profile", { cookie: owner.cookie })).text();
      expect(profile).toContain('name="intent" value="relinkWhatsApp"');

      await postWhatsApp(waForm(phone, { Body: "ربط" }));
      expect(await linkOf(phone)).toMatchObject({ userId: owner.id, via: "phone" });

      await profilePost(owner.cookie, { intent: "unlink", channel: "whatsapp" });
      await profilePost(owner.cookie, { intent: "relinkWhatsApp" });
      expect((await linkOf(phone))?.userId).toBe(owner.id);
    },
  );

  it(
    "a link code never moves a chat that acts for someone " + "else without asking; 'No' keeps it, 'Yes' moves it",
    async () => {
      const a = await registerUser({ phone: freshPhone("0750"), name: "Aram" });
      const b = await registerUser({ phone: freshPhone("0750"), name: "Bawan" });
      const chat = tgUser(826300, "ar");
      await postTelegram(tgMessage(chat, { text: `/start ${await linkCode(a.cookie)}` }));
      expect((await linkOf(chat.id))?.userId).toBe(a.id);

      await postTelegram(tgMessage(chat, { text: `/start ${await linkCode(b.cookie)}` }));
      const asked = lastTelegram(chat.id);
      // in the language of the account the chat acts for
      expect(asked.text).toContain("Move it to the account that made this link?");
      expect(asked.actions).toEqual(["lk:y", "lk:n"]);
      expect((await linkOf(chat.id))?.userId).toBe(a.id);
      await postTelegram(tgCallback(chat, "lk:n"));
      expect((await linkOf(chat.id))?.userId).toBe(a.id);

      await postTelegram(tgMessage(chat, { text: `/start ${await linkCode(b.cookie)}` }));
      await postTelegram(tgCallback(chat, "lk:y"));
      expect((await linkOf(chat.id))?.userId).toBe(b.id);
    },
  );
});
