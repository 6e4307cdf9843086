// ADR 044: changing a booking's day, the provider's week, "on my way"
// and "can't make it", on the API, the web's verbs and both bots.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fakeChannelApis,
  postTelegram,
  queueSettled,
  postWhatsApp,
  tgCallback,
  tgMessage,
  tgUser,
  waForm,
} from "../bot";
import { call, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";
import { bellRows, newestBell } from "../bell";

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(async () => {
  apis.restore();
  // every test starts from the listing's default week
  await env.DB.prepare("UPDATE service_providers SET week = NULL WHERE id = 1").run();
});

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const baghdadDay = (offset: number) =>
  new Date(
    Date.parse(`${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date())}T00:00:00Z`) +
      offset * 86_400_000,
  )
    .toISOString()
    .slice(0, 10);
/** The first day from `from` days ahead that falls on `weekday` (0 = Sunday … 5 = Friday). */
const nextWeekday = (weekday: number, from = 2) => {
  for (let i = from; ; i++) if (new Date(`${baghdadDay(i)}T00:00:00Z`).getUTCDay() === weekday) return baghdadDay(i);
};
/** A day from `from` days ahead that is not a Friday (the week tests close Fridays). */
const notFriday = (from: number) => {
  for (let i = from; ; i++) if (new Date(`${baghdadDay(i)}T00:00:00Z`).getUTCDay() !== 5) return baghdadDay(i);
};
const userIdOf = async (phone: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE phone = ?").bind(phone).first<{ id: number }>())!.id;
const bookingRow = (id: number) =>
  env.DB.prepare("SELECT status, preferred_date AS day, preferred_time AS slot FROM bookings WHERE id = ?")
    .bind(id)
    .first<{ status: string; day: string; slot: string }>();
const lastNotice = async (userId: number) => {
  const n = await newestBell(userId);
  return n ? { key: n.message_key!, relatedId: n.related_id!, message: n.message } : null;
};

/** A new customer books the demo provider's listing (#1) on `day`; `accepted` has the provider accept it. */
async function booked(opts: { day?: string; slot?: string; accepted?: boolean; name?: string } = {}) {
  const customer = await registerUser({ name: opts.name ?? "Noor Abbas" });
  const res = await call("/api/bookings", {
    method: "POST",
    cookie: customer.cookie,
    json: {
      providerId: 1,
      serviceDescription: "The AC in the living room blows warm air",
      customerLocation: "Karrada, street 62, house 14",
      customerPhone: customer.phone,
      preferredDate: opts.day ?? notFriday(2),
      preferredTime: opts.slot ?? "evening",
    },
  });
  expect(res.status).toBe(201);
  const booking = await json<{ id: number }>(res);
  const provider = await signIn("provider");
  if (opts.accepted)
    expect((await call(`/api/bookings/${booking.id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
  return { customer, provider, id: booking.id };
}

const propose = (cookie: string, id: number, date: string, time = "morning", lang = "en") =>
  call(`/api/bookings/${id}/proposals`, { method: "POST", cookie, lang, json: { date, time } });

describe("changing a booking's day", () => {
  it(
    "the customer proposes, the provider accepts: the booking " + "moves, the customer is told, both read the history",
    async () => {
      const { customer, provider, id } = await booked({ accepted: true });
      const newDay = notFriday(4);
      const res = await propose(customer.cookie, id, newDay, "morning");
      expect(res.status).toBe(201);
      const proposal = await json<{ id: number; status: string; side: string }>(res);
      expect(proposal).toMatchObject({ status: "pending", side: "customer" });
      // the provider is asked, with Accept / Decline naming the proposal
      const providerUser = await userIdOf(DEMO_ACCOUNTS.provider.phone);
      expect(await lastNotice(providerUser)).toMatchObject({ key: "notices.dayProposed", relatedId: id });

      // the one who proposed can't answer their own proposal
      const own = await call(`/api/bookings/proposals/${proposal.id}/accept`, {
        method: "POST",
        cookie: customer.cookie,
      });
      expect(own.status).toBe(403);
      expect(await json(own)).toMatchObject({ message: "You made this proposal: the other side answers it." });
      // nor can anyone else see or answer it
      const stranger = await registerUser();
      expect(
        (await call(`/api/bookings/proposals/${proposal.id}/accept`, { method: "POST", cookie: stranger.cookie }))
          .status,
      ).toBe(404);
      expect((await call(`/api/bookings/${id}/proposals`, { cookie: stranger.cookie })).status).toBe(404);

      const accepted = await call(`/api/bookings/proposals/${proposal.id}/accept`, {
        method: "POST",
        cookie: provider,
      });
      expect(accepted.status).toBe(200);
      expect(await bookingRow(id)).toMatchObject({ status: "accepted", day: newDay, slot: "morning" });
      expect(await lastNotice(customer.id)).toMatchObject({ key: "notices.dayAccepted", relatedId: id });
      // a second tap changes nothing and says why
      const again = await call(`/api/bookings/proposals/${proposal.id}/accept`, { method: "POST", cookie: provider });
      expect(again.status).toBe(409);
      expect(await json(again)).toMatchObject({ message: "This proposal has already been answered." });

      const history = await json<{ date: string; status: string; fromDate: string }[]>(
        await call(`/api/bookings/${id}/proposals`, { cookie: provider }),
      );
      expect(history).toEqual([expect.objectContaining({ date: newDay, status: "accepted", fromDate: notFriday(2) })]);
      // the customer's data download has the day she proposed (ADR 041, 044)
      const exported = JSON.parse(await (await call("/api/me/export", { cookie: customer.cookie })).text()) as {
        dayProposals: { bookingId: number; date: string; status: string }[];
      };
      expect(exported.dayProposals).toEqual([
        expect.objectContaining({ bookingId: id, date: newDay, status: "accepted" }),
      ]);
      // both booking cards on the web show the new day and the history
      for (const cookie of [customer.cookie, provider]) {
        const page = await (await call("/bookings?lng=en", { cookie })).text();
        expect(page).toContain(`data-testid="day-history-${id}"`);
      }
    },
  );

  it(
    "refuses, in the reader's language and changing nothing: a stranger, a closed booking, a past or too-far " +
      "day, the same day",
    async () => {
      const { customer, provider, id } = await booked();
      const stranger = await registerUser();
      expect((await propose(stranger.cookie, id, notFriday(5))).status).toBe(404);
      const cases: [string, string, string][] = [
        [baghdadDay(-1), "morning", "Past dates can't be chosen"],
        [baghdadDay(400), "morning", "Choose a date within the next 12 months"],
        ["2026-02-30", "morning", "Choose a valid date"],
        [notFriday(2), "evening", "That is already the booking's day."],
        [notFriday(5), "midnight", "Choose a time of day"],
      ];
      for (const [date, time, message] of cases) {
        const res = await propose(customer.cookie, id, date, time);
        expect(res.status, date).toBe(400);
        expect(await json(res), date).toMatchObject({ message });
      }
      // Arabic for an Arabic reader
      const ar = await propose(customer.cookie, id, notFriday(2), "evening", "ar");
      expect(await json(ar)).toMatchObject({ message: "هذا هو يوم الحجز أصلاً." });
      // a declined booking moves nowhere
      expect((await call(`/api/bookings/${id}/decline`, { method: "POST", cookie: provider })).status).toBe(200);
      const closed = await propose(customer.cookie, id, notFriday(5));
      expect(closed.status).toBe(409);
      expect(await json(closed)).toMatchObject({
        message: "Only a waiting or accepted booking can move to another day.",
      });
      expect(
        (await env.DB.prepare("SELECT count(*) AS n FROM booking_day_proposals WHERE booking_id = ?")
          .bind(id)
          .first<{ n: number }>())!.n,
      ).toBe(0);
    },
  );

  it("four proposals at once: three land, the fourth is refused with a sentence", async () => {
    const { customer, provider, id } = await booked({ accepted: true });
    const results = await Promise.all([
      propose(customer.cookie, id, notFriday(3)),
      propose(provider, id, notFriday(4), "afternoon"),
      propose(customer.cookie, id, notFriday(5)),
      propose(provider, id, notFriday(6), "evening"),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(await json(refused)).toMatchObject({
      message: "A booking can take at most 3 proposals of another day. Call or message the other side instead.",
    });
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM booking_day_proposals WHERE booking_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(3);
  });

  it("two waiting proposals accepted at once: one moves the booking, the other is closed", async () => {
    const { customer, provider, id } = await booked({ accepted: true });
    const a = await json<{ id: number }>(await propose(customer.cookie, id, notFriday(3)));
    const b = await json<{ id: number }>(await propose(customer.cookie, id, notFriday(6), "afternoon"));
    const [ra, rb] = await Promise.all([
      call(`/api/bookings/proposals/${a.id}/accept`, { method: "POST", cookie: provider }),
      call(`/api/bookings/proposals/${b.id}/accept`, { method: "POST", cookie: provider }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const won = ra.status === 200 ? { day: notFriday(3), slot: "morning" } : { day: notFriday(6), slot: "afternoon" };
    expect(await bookingRow(id)).toMatchObject(won);
    const statuses = (
      await env.DB.prepare("SELECT status FROM booking_day_proposals WHERE booking_id = ? ORDER BY status")
        .bind(id)
        .all<{ status: string }>()
    ).results.map((r) => r.status);
    expect(statuses).toEqual(["accepted", "superseded"]);
  });
});

describe("the provider's week", () => {
  it(
    "closing Fridays: the picker's week says so, a Friday can't be booked or proposed, and a Friday booking is " +
      "kept and the provider asked to move it",
    async () => {
      const friday = nextWeekday(5);
      const { customer, id } = await booked({ day: friday, accepted: true });
      const provider = await signIn("provider");
      const providerUser = await userIdOf(DEMO_ACCOUNTS.provider.phone);
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', " +
          "'880501', ?, 'en', 1)",
      )
        .bind(providerUser)
        .run();
      // the customer reads Dalil in Arabic and linked her Telegram
      const customerUser = await userIdOf(customer.phone);
      await env.DB.batch([
        env.DB.prepare("UPDATE users SET language = 'ar' WHERE id = ?").bind(customerUser),
        env.DB.prepare(
          "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', " +
            "'880502', ?, 'ar', 1)",
        ).bind(customerUser),
      ]);
      // a customer has no week to set
      expect(
        (await call("/api/dashboard/week", { method: "PUT", cookie: customer.cookie, json: { daysOff: [5] } })).status,
      ).toBe(403);
      // bad hours are refused with a sentence, nothing saved
      const bad = await call("/api/dashboard/week", {
        method: "PUT",
        cookie: provider,
        json: { daysOff: [5], hours: { morning: { from: 12, to: 9 } } },
      });
      expect(bad.status).toBe(400);
      expect(await json(bad)).toMatchObject({ message: "A part of the day must end after it begins." });

      const res = await call("/api/dashboard/week", {
        method: "PUT",
        cookie: provider,
        json: { daysOff: [5], hours: { morning: { from: 9, to: 13 }, afternoon: null, evening: { from: 17, to: 21 } } },
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({
        week: { daysOff: [5] },
        toMove: [{ id, date: friday, time: "evening" }],
      });
      // never cancelled silently: the booking stands and the provider is asked, with "Change the day"
      expect(await bookingRow(id)).toMatchObject({ status: "accepted", day: friday });
      expect(await lastNotice(providerUser)).toMatchObject({ key: "notices.dayClosedMove", relatedId: id });
      // in his Telegram too, with the answer that moves it
      // (read as it reached the chat: the real queue delivers the outbox row and deletes it, ADR 054, 058)
      await queueSettled("recipient IN ('880501', '880502')");
      const toHim = apis.sent.filter(
        (x) =>
          x.method === "sendMessage" &&
          String(x.body.chat_id) === "880501" &&
          JSON.stringify(x.body.reply_markup ?? "").includes(`"mv:${id}"`),
      );
      expect(toHim.length).toBeGreaterThan(0);
      // the customer is told too: her bell, in Arabic, opens "Change the day" for that booking
      const bell = (await (await call("/api/notifications", { cookie: customer.cookie, lang: "ar" })).json()) as {
        items: { title: string; message: string; href: string | null; relatedId: number }[];
      };
      const closed = bell.items.find((n) => n.relatedId === id && n.href === `/bookings/${id}/day`);
      expect(closed?.title).toContain("لم يعد يعمل في ذلك اليوم");
      expect(closed?.message).toContain("غيّر اليوم");
      // and her Telegram, in Arabic, with the "Change the day" answer for it
      const toHer = apis.sent.filter(
        (x) =>
          x.method === "sendMessage" &&
          String(x.body.chat_id) === "880502" &&
          String(x.body.text).includes("غيّر اليوم"),
      );
      expect(toHer.length).toBeGreaterThan(0);
      expect(JSON.stringify(toHer[0]!.body.reply_markup)).toContain(`"mv:${id}"`);

      expect(await json(await call("/api/providers/1/week"))).toMatchObject({
        daysOff: [5],
        hours: { morning: { from: 9, to: 13 }, afternoon: null },
      });
      // a new booking on a Friday, or in the afternoon, is refused; a proposal too
      const another = await registerUser();
      const onFriday = await call("/api/bookings", {
        method: "POST",
        cookie: another.cookie,
        json: {
          providerId: 1,
          serviceDescription: "Fix the kitchen sink leak please",
          customerLocation: "Mansour, street 14",
          customerPhone: another.phone,
          preferredDate: nextWeekday(5, 8),
          preferredTime: "morning",
        },
      });
      expect(onFriday.status).toBe(400);
      expect(await json(onFriday)).toMatchObject({
        message: "The provider doesn't work on that day. Choose another day.",
      });
      const afternoon = await propose(customer.cookie, id, notFriday(3), "afternoon");
      expect(await json(afternoon)).toMatchObject({
        message: "The provider doesn't work in that part of the day. Choose another.",
      });
      expect((await propose(customer.cookie, id, nextWeekday(5, 8))).status).toBe(400);
      // the provider moves it to an open day
      expect((await propose(provider, id, notFriday(3), "morning")).status).toBe(201);
      // the listing page shows the week and the booking to move
      const page = await (await call("/dashboard/listing?lng=en", { cookie: provider })).text();
      expect(page).toContain('data-testid="week-form"');
      expect(page).toContain(`data-testid="to-move-${id}"`);
    },
  );
});

describe("the provider's week in the chat", () => {
  it(
    "the desk's My week closes Friday with one tap, lists the Friday booking to move, and sets the morning's " +
      "hours",
    async () => {
      const friday = nextWeekday(5);
      const { id } = await booked({ day: friday, accepted: true });
      const providerUser = await userIdOf(DEMO_ACCOUNTS.provider.phone);
      const tg = tgUser(880601, "en");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
          "'en', 1)",
      )
        .bind(String(tg.id), providerUser)
        .run();
      const last = () => {
        const msg = [...apis.sent]
          .reverse()
          .find((x) => x.method === "sendMessage" && Number(x.body.chat_id) === tg.id)!;
        return {
          text: String(msg.body.text),
          actions: (msg.body.reply_markup as { inline_keyboard: { callback_data: string }[][] }).inline_keyboard
            .flat()
            .map((x) => x.callback_data),
        };
      };
      await postTelegram(tgCallback(tg, "m"));
      expect(last().actions).toContain("wk");
      await postTelegram(tgCallback(tg, "wk"));
      expect(last().text).toContain("Days off: none");
      expect(last().actions).toEqual(expect.arrayContaining(["wd:5", "wd:6", "ws:morning", "ws:evening"]));

      await postTelegram(tgCallback(tg, "wd:5"));
      expect(last().text).toContain("Days off: Friday");
      // the booking that day is kept, listed, and one tap from another day
      expect(last().text).toContain(`#${id}`);
      expect(last().actions).toContain(`mv:${id}`);
      expect(await bookingRow(id)).toMatchObject({ status: "accepted", day: friday });

      await postTelegram(tgCallback(tg, "ws:morning"));
      expect(last().actions).toEqual([
        "wh:morning:7-11",
        "wh:morning:8-12",
        "wh:morning:9-13",
        "wh:morning:10-14",
        "wh:morning:off",
      ]);
      await postTelegram(tgCallback(tg, "wh:morning:9-13"));
      expect(last().text).toContain("Morning 9–13");
      expect(await json(await call("/api/providers/1/week"))).toMatchObject({
        daysOff: [5],
        hours: { morning: { from: 9, to: 13 } },
      });
      // "help" while choosing the other day answers, and the move waits to be taken up again (ADR 097)
      await postTelegram(tgCallback(tg, `mv:${id}`));
      expect(last().text).toMatch(/Which day instead/);
      // an alert the queue delivers meanwhile (a new request, with its own buttons) does not end the move (ADR 100)
      const request = await booked({ slot: "morning", name: "Zahraa Kareem" });
      await queueSettled("recipient = ?", String(tg.id));
      expect(last().actions).toContain(`booking:accept:${request.id}`);
      await postTelegram(tgMessage(tg, { text: "help" }));
      expect(last().text).toMatch(/Here is what I can do/);
      expect(last().text).toContain(`You were moving booking #${id} to another day.`);
      expect(last().actions[0]).toBe("fm");
      await postTelegram(tgCallback(tg, "fm"));
      expect(last().text).toMatch(/Which day instead/);
    },
  );
});

describe("on my way, done and can't make it", () => {
  it(
    "the provider's On my way tells the customer at once, " + "in Arabic, once; only the provider, only on the day",
    async () => {
      const { customer, provider, id } = await booked({
        day: baghdadDay(0),
        slot: "flexible",
        accepted: true,
        name: "Hawre Ali",
      });
      await env.DB.prepare("UPDATE users SET language = 'ar' WHERE id = ?").bind(customer.id).run();
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, linked_via, " +
          "last_inbound_at) VALUES ('whatsapp', ?, ?, 'ar', 1, 'phone', ?)",
      )
        .bind(customer.phone, customer.id, Date.now())
        .run();
      expect((await call(`/api/bookings/${id}/on-my-way`, { method: "POST", cookie: customer.cookie })).status).toBe(
        403,
      );
      // the provider's card offers it on the booking's day
      const card = async (cookie: string) =>
        (await (await call("/bookings?lng=en", { cookie })).text()).split(`id="booking-${id}"`)[1]?.split("</li>")[0] ??
        "";
      expect(await card(provider)).toContain('data-testid="on-my-way"');
      expect((await call(`/api/bookings/${id}/on-my-way`, { method: "POST", cookie: provider })).status).toBe(200);
      // …then says it was said, and the customer's card says who is coming
      expect(await card(provider)).not.toContain('data-testid="on-my-way"');
      expect(await card(customer.cookie)).toMatch(/data-testid="on-the-way"[^]*is on the way/);
      expect((await call(`/api/bookings/${id}/on-my-way`, { method: "POST", cookie: provider })).status).toBe(200);
      const notices = (await bellRows(customer.id)).filter((n) => n.message_key === "notices.onTheWay");
      expect(notices).toHaveLength(1);
      expect(notices[0].title).toMatch(/في الطريق$/);
      // the customer's WhatsApp says it once, in one line, not the title and then the same again (what reached the
      // WhatsApp chat once the queue settled: the real consumer deletes a delivered row, ADR 054)
      await queueSettled("recipient = ?", customer.phone);
      const sent = apis.texts("whatsapp", customer.phone).filter((t) => t.includes("في الطريق"));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.split("في الطريق")).toHaveLength(2);
      expect(sent[0]).toMatch(/^🚗 .*في الطريق إليك/);
      // and "where has he got to?" asked of the bot from the customer's WhatsApp says he is on the way
      apis.clear();
      await postWhatsApp(waForm(customer.phone, { Body: "وين وصل الاسطة" }));
      expect(apis.texts("whatsapp").join("\n")).toMatch(/🚗 .*في الطريق/);
      // tomorrow's booking is not on its way yet
      const later = await booked({ accepted: true });
      const early = await call(`/api/bookings/${later.id}/on-my-way`, { method: "POST", cookie: provider });
      expect(early.status).toBe(400);
      expect(await json(early)).toMatchObject({ message: "“On my way” is for the booking's day." });
    },
  );

  it("in Telegram the provider taps On my way then Done; Can't make it cancels with the customer told", async () => {
    const today = await booked({ day: baghdadDay(0), slot: "flexible", accepted: true });
    const later = await booked({ accepted: true });
    const providerUser = await userIdOf(DEMO_ACCOUNTS.provider.phone);
    const tg = tgUser(880201, "en");
    await env.DB.batch([
      // the desk lists a page of open bookings: only these two are open
      env.DB.prepare(
        "UPDATE bookings SET status = 'completed' WHERE provider_id = 1 AND id NOT IN (?, ?) AND status IN " +
          "('pending', 'accepted')",
      ).bind(today.id, later.id),
      env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, " +
          "?, 'en', 1)",
      ).bind(String(tg.id), providerUser),
    ]);

    // the desk's bookings offer On my way for today's booking, not for tomorrow's
    await postTelegram(tgCallback(tg, "pb"));
    const desk = [...apis.sent].reverse().find((s) => s.method === "sendMessage")!;
    const actions = JSON.stringify(desk.body.reply_markup);
    expect(actions).toContain(`"omw:${today.id}"`);
    expect(actions).not.toContain(`"omw:${later.id}"`);
    // nor Done: its time has not begun
    expect(actions).not.toContain(`"booking:complete:${later.id}"`);

    await postTelegram(tgCallback(tg, `omw:${today.id}`));
    expect(await lastNotice(today.customer.id)).toMatchObject({ key: "notices.onTheWay", relatedId: today.id });
    await postTelegram(tgCallback(tg, `booking:complete:${today.id}`));
    expect((await bookingRow(today.id))!.status).toBe("completed");

    apis.clear();
    await postTelegram(tgCallback(tg, `cant:${later.id}`));
    const offer = [...apis.sent].reverse().find((s) => s.method === "sendMessage")!;
    expect(String(offer.body.text)).toContain(`Can't make it to booking #${later.id}?`);
    expect(JSON.stringify(offer.body.reply_markup)).toContain(`"mv:${later.id}"`);
    await postTelegram(tgCallback(tg, `booking:withdraw:${later.id}`));
    expect((await bookingRow(later.id))!.status).toBe("cancelled");
    expect(await lastNotice(later.customer.id)).toMatchObject({ key: "notices.bookingWithdrawn", relatedId: later.id });
  });
});

describe("changing the day in the chats", () => {
  it(
    "a customer says «change my booking» on Telegram and picks a day and a part of it; the provider accepts from " +
      "WhatsApp",
    async () => {
      const { customer, id } = await booked({ accepted: true });
      const providerUser = await userIdOf(DEMO_ACCOUNTS.provider.phone);
      const sara = tgUser(880301, "ar");
      await env.DB.batch([
        env.DB.prepare(
          "UPDATE bookings SET status = 'completed' WHERE provider_id = 1 AND id <> ? AND status IN ('pending', " +
            "'accepted')",
        ).bind(id),
        env.DB.prepare(
          "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, " +
            "?, 'ar', 1)",
        ).bind(String(sara.id), customer.id),
        // she reads Dalil in Arabic (the language follows the person, ADR 025)
        env.DB.prepare("UPDATE users SET language = 'ar' WHERE id = ?").bind(customer.id),
        env.DB.prepare("DELETE FROM channel_links WHERE external_id = ?").bind(DEMO_ACCOUNTS.provider.phone),
        env.DB.prepare(
          "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) VALUES " +
            "('whatsapp', ?, ?, 'en', 1, ?)",
        ).bind(DEMO_ACCOUNTS.provider.phone, providerUser, Date.now() - 3600_000),
        env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'"),
      ]);
      await postTelegram(tgMessage(sara, { text: "اريد اغير الموعد" }));
      const ask = [...apis.sent].reverse().find((s) => s.method === "sendMessage")!;
      expect(String(ask.body.text)).toContain("أي يوم بدلاً منه");
      const dayButtons = (ask.body.reply_markup as { inline_keyboard: { callback_data: string }[][] }).inline_keyboard
        .flat()
        .map((b) => b.callback_data);
      const newDay = notFriday(3);
      expect(dayButtons).toContain(`mvp:${id}:${newDay}`);
      await postTelegram(tgCallback(sara, `mvp:${id}:${newDay}`));
      await postTelegram(tgCallback(sara, `mvs:${id}:${newDay}_morning`));
      const sent = [...apis.sent].reverse().find((s) => s.method === "sendMessage")!;
      expect(String(sent.body.text)).toMatch(/^أُرسل/);

      // the provider's WhatsApp: the proposal with its two answers; "1" accepts it
      // what the real queue delivered to the provider's WhatsApp (it deletes the row once sent, ADR 054)
      await queueSettled("channel = 'whatsapp' AND payload LIKE '%dayProposed%'");
      const text = apis.texts("whatsapp", DEMO_ACCOUNTS.provider.phone).find((t) => t.includes(`booking #${id}`))!;
      expect(text).toContain(`proposes another day for booking #${id}`);
      expect(text).toContain(`1. Accept the new day #${id}`);
      await postWhatsApp(waForm(DEMO_ACCOUNTS.provider.phone, { Body: "1" }));
      expect(await bookingRow(id)).toMatchObject({ day: newDay, slot: "morning", status: "accepted" });
      expect(apis.texts("whatsapp").pop()).toContain(`booking #${id} is now on`);
      // the customer hears it in Arabic on Telegram
      await queueSettled("channel = 'telegram' AND recipient = ? AND payload LIKE '%dayAccepted%'", String(sara.id));
      expect(apis.texts("telegram", sara.id).filter((t) => t.includes("الحجز الآن يوم"))).toHaveLength(1);
    },
  );

  it("the bot's booking questions offer only the days and parts of the day the listing works", async () => {
    const provider = await signIn("provider");
    expect(
      (
        await call("/api/dashboard/week", {
          method: "PUT",
          cookie: provider,
          json: {
            daysOff: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== new Date(`${baghdadDay(3)}T00:00:00Z`).getUTCDay()),
            hours: { morning: { from: 9, to: 13 }, afternoon: null, evening: null },
          },
        })
      ).status,
    ).toBe(200);
    const customerUser = await userIdOf(DEMO_ACCOUNTS.customer.phone);
    const omar = tgUser(880401, "en");
    await env.DB.prepare(
      "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
        "'en', 1)",
    )
      .bind(String(omar.id), customerUser)
      .run();
    await postTelegram(tgCallback(omar, "b:1"));
    await postTelegram(tgMessage(omar, { text: "The kitchen sockets spark when I plug in the kettle" }));
    await postTelegram(tgMessage(omar, { text: "Ankawa, street 40, house 12" }));
    const ask = [...apis.sent].reverse().find((s) => s.method === "sendMessage")!;
    const buttons = (
      ask.body.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
    ).inline_keyboard.flat();
    // one open day a week and only its morning: the first named slot is that day's morning, with the listing's hours
    expect(buttons[0]).toMatchObject({ callback_data: "ds:3:morning" });
    expect(buttons[0].text).toContain("Morning 9–13");
    expect(
      buttons.filter((b) => b.callback_data.startsWith("ds:")).every((b) => b.callback_data.endsWith(":morning")),
    ).toBe(true);
    // a closed day typed in words is refused with a sentence
    await postTelegram(tgCallback(omar, "d:other"));
    await postTelegram(tgMessage(omar, { text: "tomorrow" }));
    expect(String([...apis.sent].reverse().find((s) => s.method === "sendMessage")!.body.text)).toContain(
      "The provider doesn't work on that day.",
    );
  });
});

describe("the change-the-day page (/bookings/:id/day)", () => {
  it(
    "offers the listing's open parts of the day; a refused day comes back as a sentence with the choice kept; a " +
      "sent one lands on /bookings; a stranger gets not found",
    async () => {
      const { customer, id } = await booked({ accepted: true });
      const page = await call(`/bookings/${id}/day`, { cookie: customer.cookie, lang: "ar" });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="change-day-page"');
      expect(html.match(/<input[^>]*name="time"[^>]*>/g)?.join("\n")).toContain("morning");
      // the booking's own day and part of the day: refused, in Arabic, the chosen part of the day still checked
      const current = (await env.DB.prepare("SELECT preferred_date AS d FROM bookings WHERE id = ?")
        .bind(id)
        .first<{ d: string }>())!.d;
      const post = (fields: Record<string, string>, lang = "en") =>
        call(`/bookings/${id}/day`, {
          method: "POST",
          cookie: customer.cookie,
          lang,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
          body: new URLSearchParams(fields).toString(),
        });
      const same = await post({ date: current, time: "evening" }, "ar");
      expect(same.status).toBe(400);
      const again = await same.text();
      expect(again).toContain("هذا هو يوم الحجز أصلاً.");
      expect(again).toMatch(/value="evening"[^>]*checked|checked[^>]*value="evening"/);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM booking_day_proposals WHERE booking_id = ?")
          .bind(id)
          .first<number>("n"),
      ).toBe(0);
      const sent = await post({ date: notFriday(5), time: "morning" });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe(`/bookings#booking-${id}`);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM booking_day_proposals WHERE booking_id = ?")
          .bind(id)
          .first<number>("n"),
      ).toBe(1);
      const stranger = await registerUser();
      expect((await call(`/bookings/${id}/day`, { cookie: stranger.cookie })).status).toBe(404);
      expect((await call(`/bookings/${id}/day`)).status).toBe(302);
    },
  );

  it(
    "preselects the booking's own part of the day and no other, names its day as the booking's, and an empty " +
      "form says what to pick; the card shows the weekday and «اقتراح من …»",
    async () => {
      const { customer, provider, id } = await booked({ accepted: true, slot: "afternoon" });
      const html = await (await call(`/bookings/${id}/day`, { cookie: customer.cookie, lang: "ar" })).text();
      const checked = [...html.matchAll(/<input[^>]*name="time"[^>]*>/g)]
        .map((m) => m[0])
        .filter((i) => /checked/.test(i));
      expect(checked).toHaveLength(1);
      expect(checked[0]).toContain('value="afternoon"');
      const current = (await env.DB.prepare("SELECT preferred_date AS d FROM bookings WHERE id = ?")
        .bind(id)
        .first<{ d: string }>())!.d;
      const chip = html.slice(
        html.indexOf(`data-testid="day-${current}"`),
        html.indexOf("</label>", html.indexOf(`data-testid="day-${current}"`)),
      );
      expect(chip).toContain("يوم الحجز الحالي");
      const empty = await call(`/bookings/${id}/day`, {
        method: "POST",
        cookie: customer.cookie,
        lang: "ar",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
        body: "",
      });
      expect(empty.status).toBe(400);
      const said = await empty.text();
      expect(said).toContain("اختر اليوم الجديد في الأعلى.");
      expect(said).toContain("اختر وقتاً من اليوم.");
      // the provider proposes; the customer's card names the
      // proposal without a gendered verb, and the booking's weekday
      expect((await propose(provider, id, notFriday(5), "morning")).status).toBe(201);
      const card = await (await call("/bookings", { cookie: customer.cookie, lang: "ar" })).text();
      const mine = card.slice(
        card.indexOf(`id="booking-${id}"`),
        card.indexOf("</li>", card.indexOf(`id="booking-${id}"`)),
      );
      expect(mine).toContain("اقتراح من ");
      const weekday = new Intl.DateTimeFormat("ar-IQ", { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${current}T00:00:00Z`),
      );
      expect(mine.slice(mine.indexOf('data-testid="booking-when"'))).toContain(weekday);
    },
  );
});

describe("too early for on my way and done (the booked time)", () => {
  it(
    '"Done" before the booked time begins is refused with the reason, in the reader\'s language, and asks no ' +
      'review; "On my way" opens 3 hours before the slot',
    async () => {
      const { onMyWay } = await import("../../domain/bookings/onTheWay");
      const { serviceContext } = await import("../../workers/services");
      const later = await booked({ accepted: true });
      const provider = await signIn("provider");
      const tooSoon = await call(`/api/bookings/${later.id}/complete`, {
        method: "POST",
        cookie: provider,
        lang: "ar",
      });
      expect(tooSoon.status).toBe(400);
      expect(await json(tooSoon)).toMatchObject({ message: "يمكن تعليم الحجز «تم» فقط بعد أن يبدأ موعده." });
      expect((await bookingRow(later.id))!.status).toBe("accepted");
      expect(
        await env.DB.prepare(
          "SELECT count(*) AS n FROM scheduled_messages WHERE booking_id = ? AND kind LIKE 'review%'",
        )
          .bind(later.id)
          .first(),
      ).toEqual({ n: 0 });
      // the bot says the same when Done is tapped
      const tg = tgUser(880207, "en");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
          "'en', 1)",
      )
        .bind(String(tg.id), await userIdOf(DEMO_ACCOUNTS.provider.phone))
        .run();
      apis.clear();
      await postTelegram(tgCallback(tg, `booking:complete:${later.id}`));
      expect(apis.texts("telegram").join("\n")).toContain(
        "A booking can be marked done once its booked time has begun.",
      );
      expect((await bookingRow(later.id))!.status).toBe("accepted");

      // this evening's booking: not on the way at noon, on the way from 3 hours before it
      await env.DB.prepare("UPDATE bookings SET preferred_date = ?, preferred_time = 'evening' WHERE id = ?")
        .bind(baghdadDay(0), later.id)
        .run();
      const asProvider = serviceContext(env, {
        actor: {
          kind: "user",
          userId: await userIdOf(DEMO_ACCOUNTS.provider.phone),
          userType: "provider",
          isAdmin: false,
        },
      });
      const at = (time: string) => ({
        ...asProvider,
        now: () => new Date(Date.parse(`${baghdadDay(0)}T${time}:00+03:00`)),
      });
      await expect(onMyWay(at("12:00"), String(later.id))).rejects.toMatchObject({
        messageKey: "onTheWay.errors.tooEarly",
      });
      expect((await onMyWay(at("14:30"), String(later.id))).told).toBe(true);
      await env.DB.prepare("DELETE FROM channel_links WHERE channel = 'telegram' AND external_id = ?")
        .bind(String(tg.id))
        .run();
    },
  );
});
