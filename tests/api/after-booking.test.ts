// ADR 043: what follows a booking in time, with the clock moved through POST /dev/scheduler?at=.
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/dev";
import type { QueueJob } from "../../workers/queue/outbox";
import { serviceContext } from "../../workers/services";
import { bookingChanged } from "../../domain/bookings/lifecycle";
import { listProviderReviews } from "../../domain/reviews/listProviderReviews";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { reportNoShow } from "../../domain/bookings/noShow";
import { slotHasEnded } from "../../domain/bookings/slotEnded";
import { firstDaytime } from "../../domain/scheduler/plan";
import {
  deliverOutbox,
  fakeChannelApis,
  outboxRows,
  postTelegram,
  queueSettled,
  postWhatsApp,
  tgCallback,
  tgMessage,
  tgUser,
  waForm,
} from "../bot";
import { call } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";
import { allBellRows } from "../bell";
import { emptyTtlKeys } from "../ttlKeys";
import { drainArchive } from "../archive";

/** The bell rows (every account's) about a booking whose message key passes `key`. */
const bellAbout = async (id: number, key: (k: string) => boolean) =>
  (await allBellRows()).filter((n) => n.related_id === id && key(n.message_key ?? ""));

// the seed's closed bookings past 90 days leave D1 first (ADR 062): each run timed below pays for its own sweeps only
beforeAll(drainArchive, 60_000);

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const userIdOf = async (phone: string) =>
  (await one<{ id: number }>("SELECT id FROM users WHERE phone = ?", phone))!.id;
/** A Baghdad calendar day `offset` days from today. */
const baghdadDay = (offset: number) =>
  new Date(
    Date.parse(`${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date())}T00:00:00Z`) +
      offset * DAY,
  )
    .toISOString()
    .slice(0, 10);
/** 18:00 Baghdad the evening before `day`, plus `minutes`. */
const eveningBefore = (day: string, minutes = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY + 15 * HOUR + minutes * 60_000);

interface Sent {
  scheduledId: number;
  bookingId: number;
  kind: string;
  role: "customer" | "provider";
  outcome: "sent" | "skipped";
  lang?: string;
  text?: string;
  to?: string[];
}
async function runAt(at: Date): Promise<Sent[]> {
  const res = await call(`/dev/scheduler?at=${encodeURIComponent(at.toISOString())}`, { method: "POST" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sent: Sent[] }).sent;
}
const about = (sent: Sent[], bookingId: number) => sent.filter((s) => s.bookingId === bookingId);

const CUSTOMER_WA = DEMO_ACCOUNTS.customer.phone;
const providerChat = tgUser(880_281, "en");
let customerCookie: string;
let providerCookie: string;

/**
 * The demo customer on WhatsApp in Sorani, last heard from two days
 * ago (outside the window); the provider on Telegram in English.
 */
async function linkBothSides() {
  const customer = await userIdOf(DEMO_ACCOUNTS.customer.phone);
  const provider = await userIdOf(DEMO_ACCOUNTS.provider.phone);
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET language = 'ku' WHERE id = ?").bind(customer),
    env.DB.prepare("UPDATE users SET language = 'en' WHERE id = ?").bind(provider),
    env.DB.prepare("DELETE FROM channel_links WHERE user_id IN (?, ?) OR external_id IN (?, ?)").bind(
      customer,
      provider,
      CUSTOMER_WA,
      String(providerChat.id),
    ),
    env.DB.prepare(
      "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) VALUES " +
        "('whatsapp', ?, ?, 'ku', 1, ?)",
    ).bind(CUSTOMER_WA, customer, Date.now() - 2 * DAY),
    env.DB.prepare(
      "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
        "'en', 1)",
    ).bind(String(providerChat.id), provider),
  ]);
  emptyTtlKeys();
  customerCookie ??= await signIn("customer");
  providerCookie ??= await signIn("provider");
}

/** The demo customer books the demo provider's listing for `day`, and the provider accepts: its id. */
async function acceptedBooking(day: string, slot = "evening", customerLocation = "Karrada, street 62") {
  const res = await call("/api/bookings", {
    method: "POST",
    cookie: customerCookie,
    json: {
      providerId: 1,
      serviceDescription: "The AC blows warm air",
      customerLocation,
      customerPhone: CUSTOMER_WA,
      preferredDate: day,
      preferredTime: slot,
      urgency: "normal",
    },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: providerCookie })).status).toBe(200);
  return id;
}

/** Waits until the real queue has delivered the outbox rows about a booking (it deletes each, ADR 054). */
async function deliverAbout(bookingId: number) {
  await queueSettled("json_extract(payload, '$.params.id') = ?", bookingId);
}

const telegramTo = (chatId: number) =>
  apis.sent.filter((s) => s.channel === "telegram" && s.method === "sendMessage" && Number(s.body.chat_id) === chatId);
const whatsAppTo = (phone: string) =>
  apis.sent.filter((s) => s.channel === "whatsapp" && s.body.To === `whatsapp:${phone}`);
const buttonsOf = (body: Record<string, unknown>) =>
  (
    (body.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] })?.inline_keyboard ?? []
  ).flat();

describe("when the review is asked", () => {
  it("the first moment between 09:00 and 21:00 Baghdad: later the same day, or the next morning", () => {
    const baghdad = (iso: string) => new Date(Date.parse(`${iso}+03:00`));
    expect(firstDaytime(baghdad("2026-11-26T10:15:00")).toISOString()).toBe(
      baghdad("2026-11-26T10:15:00").toISOString(),
    );
    expect(firstDaytime(baghdad("2026-11-26T21:30:00")).toISOString()).toBe(
      baghdad("2026-11-27T09:00:00").toISOString(),
    );
    expect(firstDaytime(baghdad("2026-11-27T02:00:00")).toISOString()).toBe(
      baghdad("2026-11-27T09:00:00").toISOString(),
    );
    expect(firstDaytime(baghdad("2026-11-26T20:59:00")).toISOString()).toBe(
      baghdad("2026-11-26T20:59:00").toISOString(),
    );
  });
});

describe("reminders", () => {
  beforeEach(linkBothSides);

  it(
    "the evening before and two hours before, once to each side, in each side's language and chat; nothing twice",
    { timeout: 20_000 },
    async () => {
      const day = baghdadDay(3);
      const id = await acceptedBooking(day, "evening");
      await deliverAbout(id);
      apis.clear();

      // before 18:00 the evening before, nothing is due
      expect(about(await runAt(eveningBefore(day, -5)), id)).toEqual([]);

      const evening = about(await runAt(eveningBefore(day)), id);
      expect(evening.map((s) => `${s.kind}/${s.role}/${s.lang}`).sort()).toEqual([
        "reminderEvening/customer/ku",
        "reminderEvening/provider/en",
      ]);
      const customer = evening.find((s) => s.role === "customer")!;
      const provider = evening.find((s) => s.role === "provider")!;
      // each names the booking, the other person, the day in the reader's words and the address
      expect(customer.text).toMatch(/بیرخستنەوە/);
      expect(customer.text).toContain("Karrada, street 62");
      expect(customer.to).toEqual(["bell", `whatsapp:${CUSTOMER_WA}`]);
      expect(provider.text).toMatch(/Reminder: booking #\d+/);
      expect(provider.text).toContain(
        new Intl.DateTimeFormat("en-IQ", { weekday: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
      );
      expect(provider.to).toEqual(["bell", `telegram:${providerChat.id}`]);

      // the same minute again, and half an hour later: nothing more
      expect(about(await runAt(eveningBefore(day)), id)).toEqual([]);
      expect(about(await runAt(eveningBefore(day, 30)), id)).toEqual([]);

      await deliverAbout(id);
      // the provider's Telegram: English, with On my way / Change the day / Can't make it naming the booking
      const tg = telegramTo(providerChat.id);
      expect(tg).toHaveLength(1);
      expect(String(tg[0].body.text)).toMatch(/Reminder: booking #/);
      expect(buttonsOf(tg[0].body).map((b) => b.callback_data)).toEqual([`omw:${id}`, `mv:${id}`, `cant:${id}`]);
      // the Sorani customer is outside WhatsApp's window: the Arabic reminder template, its day in Arabic words
      const wa = whatsAppTo(CUSTOMER_WA);
      expect(wa).toHaveLength(1);
      expect(wa[0].body.ContentSid).toBe("HXremindCustomerAR");
      const vars = JSON.parse(String(wa[0].body.ContentVariables)) as Record<string, string>;
      expect(vars[1]).toBe(String(id));
      expect(vars[3]).toMatch(/[\u0600-\u06FF]/);
      expect(vars[3]).not.toMatch(/[ەێۆڕڵ]/);
      expect(vars[4]).toContain("Karrada");
      // the bell holds it too, for each side
      expect((await bellAbout(id, (k) => k.startsWith("notices.reminder"))).length).toBe(2);

      // two hours before the slot (evening: 17:00 Baghdad), the second reminder, once each
      const soonAt = new Date(Date.parse(`${day}T00:00:00Z`) + (17 - 2 - 3) * HOUR + 60_000);
      const soon = about(await runAt(soonAt), id);
      expect(soon.map((s) => `${s.kind}/${s.role}`).sort()).toEqual(["reminderSoon/customer", "reminderSoon/provider"]);
      expect(about(await runAt(new Date(soonAt.getTime() + 60_000)), id)).toEqual([]);

      // the Sorani customer answers "1" (Confirm) to the template: the bot goes on in Sorani, the provider is told
      apis.clear();
      await postWhatsApp(waForm(CUSTOMER_WA, { Body: "1" }));
      const answer = apis.texts("whatsapp").join("\n");
      expect(answer).toMatch(/سوپاس/);
      expect(answer).toMatch(/پشتڕاستکرایەوە/);
      expect(
        (await one<{ at: number | null }>("SELECT customer_confirmed_at AS at FROM bookings WHERE id = ?", id))!.at,
      ).not.toBeNull();
      expect((await bellAbout(id, (k) => k === "notices.bookingConfirmed")).length).toBe(1);
      // a second Confirm tells nobody again
      await postWhatsApp(waForm(CUSTOMER_WA, { Body: "", ButtonPayload: `cf:${id}` }));
      expect((await bellAbout(id, (k) => k === "notices.bookingConfirmed")).length).toBe(1);
    },
  );

  it(
    'the two-hours reminder says when in the reader\'s words, "Today at 5 pm, in two hours", not the ' +
      "evening-before text again",
    async () => {
      const day = baghdadDay(5);
      const id = await acceptedBooking(day, "evening");
      await deliverAbout(id);
      const soonAt = new Date(Date.parse(`${day}T00:00:00Z`) + (17 - 2 - 3) * HOUR + 60_000);
      await runAt(eveningBefore(day));
      const soon = about(await runAt(soonAt), id);
      const provider = soon.find((s) => s.role === "provider" && s.kind === "reminderSoon")!;
      const customer = soon.find((s) => s.role === "customer" && s.kind === "reminderSoon")!;
      expect(provider.text).toMatch(/^⏰ Today at 5 pm, in two hours: booking #\d+/);
      expect(provider.text).not.toMatch(/Reminder:/);
      // the Sorani customer: today, at five in the evening, in two hours, in Sorani words and digits
      expect(customer.text).toContain("ئەمڕۆ کاتژمێر ٥ی ئێوارە، دوای دوو کاتژمێر");
      expect(customer.text).not.toMatch(/بیرخستنەوە/);
    },
  );

  it(
    "names the listing as its reader sees it in search: a Latin-named listing with an Arabic name reaches a " +
      "Sorani reader under the Arabic one",
    async () => {
      const before = (await one<{ name: string; other: string | null }>(
        "SELECT name, name_other AS other FROM service_providers WHERE id = 1",
      ))!;
      await env.DB.prepare(
        "UPDATE service_providers SET name = 'Rafidain Cooling', name_other = 'تبريد الرافدين' WHERE id = 1",
      ).run();
      try {
        const day = baghdadDay(3);
        const id = await acceptedBooking(day, "evening");
        await deliverAbout(id);
        const customer = about(await runAt(eveningBefore(day)), id).find((s) => s.role === "customer")!;
        expect(customer.lang).toBe("ku");
        expect(customer.text).toContain("تبريد الرافدين");
        expect(customer.text).not.toContain("Rafidain Cooling");
        // the search the same reader does names it the same way
        const found = (await (
          await call(`/api/providers?search=${encodeURIComponent("Rafidain")}`, { cookie: customerCookie, lang: "ku" })
        ).json()) as { items: { id: number; name: string; nameOther: string | null }[] };
        expect(found.items.find((p) => p.id === 1)).toMatchObject({
          name: "Rafidain Cooling",
          nameOther: "تبريد الرافدين",
        });
      } finally {
        await env.DB.prepare("UPDATE service_providers SET name = ?, name_other = ? WHERE id = 1")
          .bind(before.name, before.other)
          .run();
      }
    },
  );

  it(
    "the customer's reminder carries Confirm / Change the day / Cancel; a flexible booking is reminded the " +
      "evening before only",
    async () => {
      const day = baghdadDay(4);
      const id = await acceptedBooking(day, "flexible");
      const planned = await env.DB.prepare(
        "SELECT kind, role FROM scheduled_messages WHERE booking_id = ? AND status = 'due' ORDER BY role",
      )
        .bind(id)
        .all<{ kind: string; role: string }>();
      expect(planned.results.map((r) => `${r.kind}/${r.role}`)).toEqual([
        "reminderEvening/customer",
        "reminderEvening/provider",
      ]);
      // the customer inside the window on Telegram this time: the buttons themselves
      const customerChat = tgUser(880_282, "ar");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
          "'ku', 1)",
      )
        .bind(String(customerChat.id), await userIdOf(CUSTOMER_WA))
        .run();
      await runAt(eveningBefore(day));
      await deliverAbout(id);
      const [msg] = telegramTo(customerChat.id);
      expect(buttonsOf(msg.body).map((b) => b.callback_data)).toEqual([`cf:${id}`, `mv:${id}`, `booking:cancel:${id}`]);
      expect(buttonsOf(msg.body).map((b) => b.text)).toEqual(["پشتڕاستکردنەوە", "گۆڕینی ڕۆژ", "هەڵوەشاندنەوە"]);
    },
  );

  // Its last part delivers by hand the rows the sweep left pending; the real queue takes them about a second later and
  // deletes each once sent (ADR 054), so on a slow run none may be left to deliver twice. Each try makes its own
  // booking.
  it("two sweeps at once and a retried queue message send each reminder once", { retry: 2 }, async () => {
    const day = baghdadDay(5);
    const id = await acceptedBooking(day, "morning");
    await deliverAbout(id);
    const at = eveningBefore(day);
    const [a, b] = await Promise.all([runAt(at), runAt(at)]);
    const sent = [...about(a, id), ...about(b, id)];
    expect(sent.map((s) => s.role).sort()).toEqual(["customer", "provider"]);
    expect((await bellAbout(id, (k) => k.startsWith("notices.reminder"))).length).toBe(2);
    // a sent reminder's row has left D1 (ADR 054's amendment); the two-hours-before rows still wait
    const rowsLeft = async () =>
      (
        await env.DB.prepare("SELECT kind FROM scheduled_messages WHERE booking_id = ? ORDER BY kind")
          .bind(id)
          .all<{ kind: string }>()
      ).results.map((r) => r.kind);
    expect(await rowsLeft()).toEqual(["reminderSoon", "reminderSoon"]);
    // the cron retried (a third sweep at the same time) finds nothing more to send
    expect(about(await runAt(at), id)).toEqual([]);
    expect((await bellAbout(id, (k) => k.startsWith("notices.reminder"))).length).toBe(2);

    // the queue's path: the sweep has claimed the two-hours-before
    // rows; their job arrives twice (a retry) and once more
    await env.DB.prepare(
      "UPDATE scheduled_messages SET status = 'claimed' WHERE booking_id = ? AND kind = 'reminderSoon'",
    )
      .bind(id)
      .run();
    const ids = (
      await env.DB.prepare("SELECT id FROM scheduled_messages WHERE booking_id = ? AND kind = 'reminderSoon'")
        .bind(id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const job = (scheduledId: number, attempts: number) => ({
      id: `s${scheduledId}-${attempts}`,
      timestamp: new Date(),
      attempts,
      body: { scheduledId },
    });
    await Promise.all([
      worker.queue(
        createMessageBatch<QueueJob>(
          "dalil-outbox",
          ids.map((s) => job(s, 1)),
        ),
        env,
      ),
      worker.queue(
        createMessageBatch<QueueJob>(
          "dalil-outbox",
          ids.map((s) => job(s, 2)),
        ),
        env,
      ),
    ]);
    await worker.queue(
      createMessageBatch<QueueJob>(
        "dalil-outbox",
        ids.map((s) => job(s, 3)),
      ),
      env,
    );
    expect((await bellAbout(id, (k) => k.startsWith("notices.reminder"))).length).toBe(4);
    expect(await rowsLeft()).toEqual([]);

    // an outbox message delivered, then delivered again (the queue retried it): one message on Telegram
    apis.clear();
    const rows = await outboxRows(
      "status = 'pending' AND channel = 'telegram' AND json_extract(payload, '$.params.id') = ?",
      id,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      await deliverOutbox(row.id, 1);
      await deliverOutbox(row.id, 2);
    }
    expect(telegramTo(providerChat.id)).toHaveLength(rows.length);
  });

  // The real queue delivers what /dev/scheduler queued about a second later; on a loaded machine it can beat the cancel
  // below, and then the reminder was rightly sent. Each try makes its own bookings, so a retry is the same test again.
  it(
    "a cancelled booking is not reminded, even when it was cancelled after its reminder was queued",
    { retry: 2 },
    async () => {
      const day = baghdadDay(6);
      const cancelled = await acceptedBooking(day, "afternoon");
      expect((await call(`/api/bookings/${cancelled}/cancel`, { method: "POST", cookie: customerCookie })).status).toBe(
        200,
      );
      // its reminders are not voided and kept: they leave D1 (ADR 054's amendment)
      expect(
        (await one<{ n: number }>("SELECT count(*) AS n FROM scheduled_messages WHERE booking_id = ?", cancelled))!.n,
      ).toBe(0);

      // queued, then cancelled before the queue delivered it: the deliverer checks the booking and skips it
      const late = await acceptedBooking(day, "afternoon", "Mansour, near the mall");
      await deliverAbout(late);
      const sent = await runAt(eveningBefore(day));
      expect(about(sent, cancelled)).toEqual([]);
      expect(about(sent, late)).toHaveLength(2);
      expect((await call(`/api/bookings/${late}/cancel`, { method: "POST", cookie: customerCookie })).status).toBe(200);
      apis.clear();
      const queued = await outboxRows(
        "status = 'pending' AND json_extract(payload, '$.key') LIKE 'notices.reminder%' AND " +
          "json_extract(payload, '$.params.id') = ?",
        late,
      );
      expect(queued.length).toBe(2);
      for (const row of queued) await deliverOutbox(row.id);
      expect(apis.sent.filter((s) => s.method === "sendMessage" || s.method === "Messages")).toEqual([]);
      // skipped: nothing is kept of them (ADR 054)
      expect(await outboxRows("id IN (?, ?)", queued[0].id, queued[1].id)).toEqual([]);
    },
  );

  it(
    "a booking moved through the change-the-day verb is reminded at the new time, not the old one, two hours " +
      "before the provider's own hour",
    async () => {
      const day = baghdadDay(7);
      const later = baghdadDay(9);
      const id = await acceptedBooking(day, "morning");
      // the provider begins his mornings at 10, not 8 (his week, ADR 044)
      const week = await call("/api/dashboard/week", {
        method: "PUT",
        cookie: providerCookie,
        json: {
          daysOff: [],
          hours: { morning: { from: 10, to: 13 }, afternoon: { from: 13, to: 17 }, evening: { from: 17, to: 21 } },
        },
      });
      expect(week.status).toBe(200);
      // the customer asks for another day; the provider accepts (ADR 044): the booking moves and is planned again
      const proposed = await call(`/api/bookings/${id}/proposals`, {
        method: "POST",
        cookie: customerCookie,
        json: { date: later, time: "morning" },
      });
      expect(proposed.status).toBe(201);
      const { id: proposal } = (await proposed.json()) as { id: number };
      expect(
        (await call(`/api/bookings/proposals/${proposal}/accept`, { method: "POST", cookie: providerCookie })).status,
      ).toBe(200);
      expect((await one<{ d: string }>("SELECT preferred_date AS d FROM bookings WHERE id = ?", id))!.d).toBe(later);

      expect(about(await runAt(eveningBefore(day)), id)).toEqual([]);
      expect(
        about(await runAt(eveningBefore(later)), id)
          .map((s) => s.role)
          .sort(),
      ).toEqual(["customer", "provider"]);
      // 10:00 Baghdad is 07:00 UTC: the two-hours-before reminder is due at 05:00 UTC, not at 8 − 2 = 03:00 UTC
      const tenInBaghdad = Date.parse(`${later}T07:00:00Z`);
      expect(about(await runAt(new Date(tenInBaghdad - 2 * HOUR - 30 * 60_000)), id)).toEqual([]);
      expect(
        about(await runAt(new Date(tenInBaghdad - 2 * HOUR + 60_000)), id)
          .map((s) => `${s.kind} ${s.role}`)
          .sort(),
      ).toEqual(["reminderSoon customer", "reminderSoon provider"]);
      await call("/api/dashboard/week", {
        method: "PUT",
        cookie: providerCookie,
        json: {
          daysOff: [],
          hours: { morning: { from: 8, to: 12 }, afternoon: { from: 12, to: 17 }, evening: { from: 17, to: 20 } },
        },
      });
    },
  );

  it(
    "a listing accepted by its number and claimed after is reminded at its owner's too: the evening before and " +
      "two hours before",
    async () => {
      const { changeBookingStatus } = await import("../../domain/bookings/changeBookingStatus");
      const { claimListingByNumber } = await import("../../domain/reach/numberDesk");
      // a seeded listing no account owns, with a mobile number of its own
      const listingId = 6;
      const phone = "+9647709966006";
      await env.DB.prepare(
        "UPDATE service_providers SET user_id = NULL, phone = ?, week = NULL, is_available = 1, hidden_at = NULL " +
          "WHERE id = ?",
      )
        .bind(phone, listingId)
        .run();
      const day = baghdadDay(4);
      const res = await call("/api/bookings", {
        method: "POST",
        cookie: customerCookie,
        json: {
          providerId: listingId,
          serviceDescription: "The water heater leaks",
          customerLocation: "Karrada",
          customerPhone: CUSTOMER_WA,
          preferredDate: day,
          preferredTime: "evening",
          urgency: "normal",
        },
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const theNumber = serviceContext(env, { actor: { kind: "whatsapp", phone, userId: null, provenPhone: phone } });
      await changeBookingStatus(theNumber, String(id), "accept");
      const planned = async () =>
        (
          await env.DB.prepare(
            "SELECT kind, role FROM scheduled_messages WHERE booking_id = ? AND status = 'due' ORDER BY role, kind",
          )
            .bind(id)
            .all<{ kind: string; role: string }>()
        ).results.map((r) => `${r.kind} ${r.role}`);
      // nobody owned the listing: only the customer is reminded
      expect(await planned()).toEqual(["reminderEvening customer", "reminderSoon customer"]);

      const { account } = await claimListingByNumber(theNumber, String(listingId), { name: "Hawre", lang: "en" });
      expect(await planned()).toEqual([
        "reminderEvening customer",
        "reminderSoon customer",
        "reminderEvening provider",
        "reminderSoon provider",
      ]);
      expect(
        await one(
          "SELECT count(*) AS n FROM scheduled_messages WHERE booking_id = ? AND role = 'provider' AND user_id = ?",
          id,
          account.userId,
        ),
      ).toEqual({ n: 2 });
    },
  );
});

describe("the review, asked where the customer is", () => {
  beforeEach(linkBothSides);

  /** The profile's figures as the profile computes them: each customer's latest review of the listing, once. */
  async function profileFigures() {
    const stored = (await one<{ rating: number; n: number }>(
      "SELECT round(rating, 1) AS rating, review_count AS n FROM service_providers WHERE id = 1",
    ))!;
    const latest = (await one<{ avg: number; n: number }>(
      `SELECT round(avg(rating), 1) AS avg, count(*) AS n FROM reviews r WHERE provider_id = 1 AND NOT EXISTS (
         SELECT 1 FROM reviews l WHERE l.provider_id = r.provider_id AND l.customer_id = r.customer_id
         AND (l.created_at > r.created_at OR (l.created_at = r.created_at AND l.id > r.id)))`,
    ))!;
    const api = (await (await call("/api/providers/1")).json()) as { rating: number; reviewCount: number };
    return { stored, latest, api };
  }

  async function completed(day: string) {
    const id = await acceptedBooking(day, "morning");
    // its time has begun: "Done" is taken only from then
    await env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(baghdadDay(-1), id).run();
    expect((await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: providerCookie })).status).toBe(200);
    const done = (await one<{ at: number }>("SELECT updated_at AS at FROM bookings WHERE id = ?", id))!.at;
    return { id, done };
  }

  it(
    "asked at a daytime hour two hours after; a tap on Telegram and on WhatsApp records it through the web's " +
      "rules; a second review replaces the first",
    async () => {
      const customerChat = tgUser(880_283, "en");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
          "'ku', 1)",
      )
        .bind(String(customerChat.id), await userIdOf(CUSTOMER_WA))
        .run();
      const first = await completed(baghdadDay(1));
      const ask = (await one<{ due: number }>(
        "SELECT due_at AS due FROM scheduled_messages WHERE booking_id = ? AND kind = 'reviewAsk'",
        first.id,
      ))!.due;
      expect(ask).toBeGreaterThanOrEqual(first.done + 2 * HOUR);
      const hour = new Date(ask + 3 * HOUR).getUTCHours();
      expect(hour >= 9 && hour < 21).toBe(true);
      expect(about(await runAt(new Date(ask - 60_000)), first.id)).toEqual([]);
      const asked = about(await runAt(new Date(ask)), first.id);
      expect(asked.map((s) => `${s.kind}/${s.role}`)).toEqual(["reviewAsk/customer"]);
      await deliverAbout(first.id);
      const msg = telegramTo(customerChat.id).find(
        (m) => /How did/.test(String(m.body.text)) || /چۆن بوو/.test(String(m.body.text)),
      )!;
      expect(String(msg.body.text)).toMatch(/چۆن بوو/);
      expect(buttonsOf(msg.body).map((b) => b.callback_data)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `rv:${first.id}:${n}`),
      );

      // five stars from Telegram: a review of the booking, and the profile's figures agree everywhere
      await postTelegram(tgCallback(customerChat, `rv:${first.id}:5`));
      // the tap says five stars and nothing else: no parts, no "would recommend" (ADR 078)
      expect(
        await one(
          "SELECT rating, service_quality AS q, punctuality AS p, communication AS c, value_for_money AS v, " +
            "would_recommend AS r FROM reviews WHERE booking_id = ?",
          first.id,
        ),
      ).toEqual({ rating: 5, q: null, p: null, c: null, v: null, r: null });
      let figures = await profileFigures();
      expect(figures.stored).toEqual({ rating: figures.latest.avg, n: figures.latest.n });
      expect([figures.api.rating, figures.api.reviewCount]).toEqual([figures.stored.rating, figures.stored.n]);
      const count = figures.stored.n;
      // the nudge 48 hours later is not sent: the review is in
      expect(about(await runAt(new Date(ask + 49 * HOUR + 12 * HOUR)), first.id)).toEqual([]);

      // another booking, completed; two stars from WhatsApp (its
      // numbered answer) replace the first review in the figures
      const second = await completed(baghdadDay(2));
      await env.DB.prepare("UPDATE channel_links SET last_inbound_at = ? WHERE external_id = ?")
        .bind(Date.now(), CUSTOMER_WA)
        .run();
      const ask2 = (await one<{ due: number }>(
        "SELECT due_at AS due FROM scheduled_messages WHERE booking_id = ? AND kind = 'reviewAsk'",
        second.id,
      ))!.due;
      await runAt(new Date(ask2));
      await deliverAbout(second.id);
      apis.clear();
      await postWhatsApp(waForm(CUSTOMER_WA, { Body: "2" }));
      const reply = apis.texts("whatsapp").join("\n");
      // below four: what went wrong, optional, in Sorani
      expect(reply).toMatch(/چی هەڵە بوو/);
      expect(
        (await one<{ rating: number }>("SELECT rating FROM reviews WHERE booking_id = ?", second.id))!.rating,
      ).toBe(2);
      figures = await profileFigures();
      expect(figures.stored.n).toBe(count);
      expect(figures.stored).toEqual({ rating: figures.latest.avg, n: figures.latest.n });
      expect([figures.api.rating, figures.api.reviewCount]).toEqual([figures.stored.rating, figures.stored.n]);
      await postWhatsApp(waForm(CUSTOMER_WA, { Body: "He came three hours late" }));
      expect(
        (await one<{ comment: string }>("SELECT comment FROM reviews WHERE booking_id = ?", second.id))!.comment,
      ).toBe("He came three hours late");
      // a second tap on the same booking changes nothing and says so
      apis.clear();
      await postWhatsApp(waForm(CUSTOMER_WA, { Body: "", ButtonPayload: `rv:${second.id}:5` }));
      expect(
        (await one<{ rating: number }>("SELECT rating FROM reviews WHERE booking_id = ?", second.id))!.rating,
      ).toBe(2);
      expect(apis.texts("whatsapp").join("\n")).toMatch(/پێشتر/);
    },
  );

  it(
    "one nudge after 48 hours when there is no review, then nothing; the provider answers a review once, shown " +
      "on the profile",
    async () => {
      const { id } = await completed(baghdadDay(3));
      const rows = (
        await env.DB.prepare(
          "SELECT kind, due_at AS due FROM scheduled_messages WHERE booking_id = ? AND status = 'due' ORDER BY due_at",
        )
          .bind(id)
          .all<{ kind: string; due: number }>()
      ).results;
      expect(rows.map((r) => r.kind)).toEqual(["reviewAsk", "reviewNudge"]);
      expect(rows[1].due - rows[0].due).toBeGreaterThanOrEqual(48 * HOUR);
      expect(about(await runAt(new Date(rows[0].due)), id)).toHaveLength(1);
      const nudged = about(await runAt(new Date(rows[1].due)), id);
      expect(nudged.map((s) => s.kind)).toEqual(["reviewNudge"]);
      expect(about(await runAt(new Date(rows[1].due + 10 * DAY)), id)).toEqual([]);

      // the customer reviews on the web; the provider answers once; the profile shows it under the review
      expect(
        (
          await call(`/api/bookings/${id}/review`, {
            method: "POST",
            cookie: customerCookie,
            json: {
              rating: 4,
              serviceQuality: 4,
              punctuality: 4,
              communication: 4,
              valueForMoney: 4,
              wouldRecommend: true,
              comment: "Good",
            },
          })
        ).status,
      ).toBe(201);
      const review = (await one<{ id: number }>("SELECT id FROM reviews WHERE booking_id = ?", id))!.id;
      expect(
        (await call(`/api/reviews/${review}/reply`, { method: "POST", cookie: customerCookie, json: { reply: "Me?" } }))
          .status,
      ).toBe(404);
      const empty = await call(`/api/reviews/${review}/reply`, {
        method: "POST",
        cookie: providerCookie,
        lang: "ar",
        json: { reply: "  " },
      });
      expect(empty.status).toBe(400);
      const answers = await Promise.all(
        ["Thank you, Sara!", "Thanks again"].map((reply) =>
          call(`/api/reviews/${review}/reply`, { method: "POST", cookie: providerCookie, json: { reply } }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      // the profile's reviews (the same query the profile page batches) carry the one answer, shown under the review
      const shown = (await listProviderReviews(serviceContext(env), 1, 50)).find((r) => r.id === review);
      expect(["Thank you, Sara!", "Thanks again"]).toContain(shown?.reply);
      expect(await (await call("/provider/1", { lang: "en" })).text()).toContain(shown!.reply!);
      // the dashboard offers the answer form only for reviews not yet answered
      const dashboard = await (await call("/dashboard", { cookie: providerCookie, lang: "en" })).text();
      expect(dashboard).toContain("Reviews of your listing");
      expect(dashboard).toContain(shown!.reply!);
    },
  );

  it(
    "one tap on a web star saves the review, with no parts or recommendation the person did not give; details " +
      "are added to the same review after",
    async () => {
      const { id } = await completed(baghdadDay(4));
      const form = (fields: Record<string, string>) =>
        call("/bookings", {
          method: "POST",
          cookie: customerCookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
          body: new URLSearchParams(fields).toString(),
        });
      const stored = () =>
        one<Record<string, unknown>>(
          "SELECT rating, service_quality, punctuality, communication, value_for_money, would_recommend, comment " +
            "FROM reviews WHERE booking_id = ?",
          id,
        );
      const cardOf = (html: string) =>
        html.slice(html.indexOf(`id="booking-${id}"`), html.indexOf("</li>", html.indexOf(`id="booking-${id}"`)));
      // the card offers five stars, each a form of its own that sends the review (no JavaScript needed)
      const before = cardOf(await (await call("/bookings", { cookie: customerCookie, lang: "ar" })).text());
      expect(before.match(/data-testid="review-star"/g)).toHaveLength(5);
      expect(before).not.toContain("أوصي به");
      // the fourth star, tapped: what the form of that star sends
      expect((await form({ bookingId: String(id), rating: "4", intent: "review" })).status).toBe(200);
      expect(await stored()).toEqual({
        rating: 4,
        service_quality: null,
        punctuality: null,
        communication: null,
        value_for_money: null,
        would_recommend: null,
        comment: null,
      });
      // the card says it is rated, and offers the details, none chosen for the person
      const after = cardOf(await (await call("/bookings", { cookie: customerCookie, lang: "en" })).text());
      expect(after).toContain("Reviewed");
      expect(after).toContain("Add details");
      expect(after).not.toContain('data-testid="review-star"');
      // the details the person chooses, on the same review; a part left "not rated" stays unsaid
      expect(
        (
          await form({
            bookingId: String(id),
            intent: "reviewDetails",
            punctuality: "2",
            serviceQuality: "",
            wouldRecommend: "false",
            comment: "Late but fine",
          })
        ).status,
      ).toBe(200);
      expect(await stored()).toEqual({
        rating: 4,
        service_quality: null,
        punctuality: 2,
        communication: null,
        value_for_money: null,
        would_recommend: 0,
        comment: "Late but fine",
      });
      expect((await one<{ n: number }>("SELECT count(*) AS n FROM reviews WHERE booking_id = ?", id))!.n).toBe(1);
    },
  );
});

describe("no-shows", () => {
  beforeEach(linkBothSides);

  it(
    "only after the slot, only by the two sides, once; " + "counted per listing and per customer for the admin",
    async () => {
      const id = await acceptedBooking(baghdadDay(2), "morning");
      const early = await call(`/api/bookings/${id}/no-show`, { method: "POST", cookie: customerCookie, lang: "ar" });
      expect(early.status).toBe(409);
      expect(((await early.json()) as { message: string }).message).toMatch(/بعد انتهاء موعد الحجز/);
      // before: no "did not come" on the card; once the booked slot has ended, there is
      expect(await (await call("/bookings", { cookie: customerCookie, lang: "en" })).text()).not.toContain(
        'data-testid="no-show-button"',
      );
      await env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(baghdadDay(-1), id).run();
      const page = await (await call("/bookings", { cookie: providerCookie, lang: "ar" })).text();
      expect(page).toContain('data-testid="no-show-button"');
      expect(page).toContain("الزبون لم يكن موجوداً");
      const stranger = await signIn("admin");
      expect((await call(`/api/bookings/${id}/no-show`, { method: "POST", cookie: stranger })).status).toBe(404);
      // both sides at once: one is recorded, the other is told it already is
      const [a, b] = await Promise.all([
        call(`/api/bookings/${id}/no-show`, { method: "POST", cookie: customerCookie }),
        call(`/api/bookings/${id}/no-show`, { method: "POST", cookie: providerCookie }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const row = (await one<{ no_show: string }>("SELECT no_show FROM bookings WHERE id = ?", id))!;
      expect(["customer", "provider"]).toContain(row.no_show);
      // both cards say it, in each reader's language
      const customerCard = await (await call("/bookings", { cookie: customerCookie, lang: "en" })).text();
      expect(customerCard).toMatch(
        row.no_show === "provider" ? /Recorded: The provider did not come/ : /Recorded: The customer was not there/,
      );
      const counts = (await (await call("/api/admin/no-shows", { cookie: stranger })).json()) as {
        byListing: { providerId: number; count: number }[];
        byCustomer: { customerId: number; count: number }[];
      };
      const customerId = await userIdOf(CUSTOMER_WA);
      if (row.no_show === "provider")
        expect(counts.byListing.find((l) => l.providerId === 1)?.count).toBeGreaterThanOrEqual(1);
      else expect(counts.byCustomer.find((c) => c.customerId === customerId)?.count).toBeGreaterThanOrEqual(1);
      expect((await call("/api/admin/no-shows", { cookie: customerCookie })).status).toBe(403);
    },
  );

  it(
    "counts from the end of the provider's own slot: mornings until 13 make 12:30 too early; a flexible booking " +
      "ends with the day's last slot",
    async () => {
      const day = baghdadDay(2);
      const id = await acceptedBooking(day, "morning");
      await env.DB.prepare("UPDATE service_providers SET week = ? WHERE id = 1")
        .bind(
          JSON.stringify({
            daysOff: [],
            hours: { morning: { from: 10, to: 13 }, afternoon: { from: 13, to: 17 }, evening: { from: 17, to: 21 } },
          }),
        )
        .run();
      try {
        const customer = await userIdOf(CUSTOMER_WA);
        const at = (hhmm: string) => ({
          ...serviceContext(env, { actor: { kind: "user", userId: customer, userType: "customer", isAdmin: false } }),
          now: () => new Date(`${day}T${hhmm}:00+03:00`),
        });
        // 12:30 in Baghdad: past the usual morning's end (12:00), before this provider's (13:00); nothing changes
        await expect(reportNoShow(at("12:30"), String(id))).rejects.toMatchObject({
          code: "CONFLICT",
          messageKey: "errors.noShowNotYet",
        });
        expect(
          (await one<{ no_show: string | null }>("SELECT no_show FROM bookings WHERE id = ?", id))!.no_show,
        ).toBeNull();
        const mine = (await listMyBookings(at("12:30"))).asCustomer.find((b) => b.id === id)!;
        expect(slotHasEnded(mine, new Date(`${day}T12:30:00+03:00`))).toBe(false);
        expect(slotHasEnded(mine, new Date(`${day}T13:01:00+03:00`))).toBe(true);
        // flexible: until the end of his last slot of the day (21:00 here), not the start of the day
        const flexible = { ...mine, preferredTime: "flexible" as const };
        expect(slotHasEnded(flexible, new Date(`${day}T20:30:00+03:00`))).toBe(false);
        expect(slotHasEnded(flexible, new Date(`${day}T21:00:00+03:00`))).toBe(true);
        expect(slotHasEnded({ ...flexible, providerWeek: null }, new Date(`${day}T19:59:00+03:00`))).toBe(false);
        expect(await reportNoShow(at("13:01"), String(id))).toEqual({ id, noShow: "provider" });
      } finally {
        await env.DB.prepare("UPDATE service_providers SET week = NULL WHERE id = 1").run();
      }
    },
  );

  it(
    "the side said to be absent is told, answers once within 48 hours, and the answer shows beside the claim; " +
      "the admin sees it contested; On my way and Done leave the booking",
    async () => {
      const id = await acceptedBooking(baghdadDay(2), "morning");
      const cardOf = (html: string) =>
        html.slice(html.indexOf(`id="booking-${id}"`), html.indexOf("</li>", html.indexOf(`id="booking-${id}"`)));
      // the day after tomorrow's job offers no "Done" yet: the verb would refuse it
      expect(cardOf(await (await call("/bookings", { cookie: providerCookie, lang: "en" })).text())).not.toContain(
        'value="complete"',
      );
      await env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(baghdadDay(-1), id).run();
      const form = (cookie: string, fields: Record<string, string>) =>
        call("/bookings", {
          method: "POST",
          cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
          body: new URLSearchParams(fields).toString(),
        });
      expect(cardOf(await (await call("/bookings", { cookie: providerCookie, lang: "en" })).text())).toContain(
        'value="complete"',
      );
      // the customer says he did not come, on the web
      expect((await form(customerCookie, { intent: "noShow", bookingId: String(id) })).status).toBe(200);
      expect((await one<{ no_show: string }>("SELECT no_show FROM bookings WHERE id = ?", id))!.no_show).toBe(
        "provider",
      );
      // the provider is told in the bell and on his Telegram, in English, with a button to answer
      expect((await bellAbout(id, (k) => k === "notices.noShowByCustomer")).length).toBe(1);
      await deliverAbout(id);
      const told = telegramTo(providerChat.id).find((m) =>
        String(m.body.text).includes(`did not come to booking #${id}`),
      )!;
      expect(String(told.body.text)).toContain("You can answer within 48 hours");
      expect(buttonsOf(told.body).map((b) => b.callback_data)).toContain(`nsa:${id}`);
      // "On my way" and "Done" have left the booking: not offered, and refused at the door
      const providerCard = cardOf(await (await call("/bookings", { cookie: providerCookie, lang: "en" })).text());
      expect(providerCard).not.toContain('value="complete"');
      expect(providerCard).not.toContain('value="onMyWay"');
      expect(providerCard).toContain('data-testid="no-show-answer-form"');
      const done = await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: providerCookie, lang: "en" });
      expect(done.status).toBe(409);
      expect(((await done.json()) as { message: string }).message).toMatch(
        /can no longer be marked on the way or done/,
      );
      expect((await call(`/api/bookings/${id}/on-my-way`, { method: "POST", cookie: providerCookie })).status).toBe(
        409,
      );
      expect(
        await one<{ status: string; on_the_way_at: number | null }>(
          "SELECT status, on_the_way_at FROM bookings WHERE id = ?",
          id,
        ),
      ).toMatchObject({ status: "accepted", on_the_way_at: null });
      // only the side it is about answers; an empty answer says what is wrong; nothing changes
      const wrongSide = await call(`/api/bookings/${id}/no-show/answer`, {
        method: "POST",
        cookie: customerCookie,
        lang: "ar",
        json: { answer: "he really did not" },
      });
      expect(wrongSide.status).toBe(409);
      expect(((await wrongSide.json()) as { message: string }).message).toMatch(/لا يوجد بلاغ عدم حضور عنك/);
      expect(
        (
          await call(`/api/bookings/${id}/no-show/answer`, {
            method: "POST",
            cookie: await signIn("admin"),
            json: { answer: "x" },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(`/api/bookings/${id}/no-show/answer`, {
            method: "POST",
            cookie: providerCookie,
            json: { answer: "   " },
          })
        ).status,
      ).toBe(400);
      expect(
        (await one<{ no_show_answer: string | null }>("SELECT no_show_answer FROM bookings WHERE id = ?", id))!
          .no_show_answer,
      ).toBeNull();
      const admin = await signIn("admin");
      const againstListing = async () =>
        (
          (await (await call("/api/admin/no-shows", { cookie: admin })).json()) as {
            byListing: { providerId: number; count: number }[];
          }
        ).byListing.find((l) => l.providerId === 1)?.count ?? 0;
      const uncontested = await againstListing();
      // she wrote to the bot a minute ago: inside WhatsApp's window the notice goes as text, in her language (Arabic,
      // the language she last used Dalil in, above). Said before the answer, which the real queue may deliver at once
      await env.DB.prepare("UPDATE channel_links SET last_inbound_at = ? WHERE external_id = ?")
        .bind(Date.now() - 60_000, CUSTOMER_WA)
        .run();
      // two answers at once: one is kept, the other is told it is answered already
      const [a, b] = await Promise.all([
        call(`/api/bookings/${id}/no-show/answer`, {
          method: "POST",
          cookie: providerCookie,
          json: { answer: "I came at 10 and the door was locked" },
        }),
        call(`/api/bookings/${id}/no-show/answer`, {
          method: "POST",
          cookie: providerCookie,
          json: { answer: "I was there at ten" },
        }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const kept = (await one<{ no_show_answer: string }>("SELECT no_show_answer FROM bookings WHERE id = ?", id))!
        .no_show_answer;
      expect(["I came at 10 and the door was locked", "I was there at ten"]).toContain(kept);
      // the customer is told (her bell, her WhatsApp in Sorani), and both cards show the answer beside the claim
      expect((await bellAbout(id, (k) => k === "notices.noShowAnsweredByProvider")).length).toBe(1);
      await deliverAbout(id);
      // and what the real queue had already taken has reached her too
      await queueSettled("json_extract(payload, '$.params.id') = ?", id);
      const toHer = whatsAppTo(CUSTOMER_WA)
        .map((m) => String(m.body.Body))
        .join("\n");
      expect(toHer).toContain(kept);
      expect(toHer).toContain("على بلاغ عدم الحضور");
      const customerCard = cardOf(await (await call("/bookings", { cookie: customerCookie, lang: "ar" })).text());
      expect(customerCard).toContain("ردّ مقدم الخدمة:");
      expect(customerCard).toContain(kept);
      expect(cardOf(await (await call("/bookings", { cookie: providerCookie, lang: "en" })).text())).not.toContain(
        'data-testid="no-show-answer-form"',
      );
      // the admin's No-shows tab: contested, apart, with the answer; no longer counted against the listing
      expect(await againstListing()).toBe(uncontested - 1);
      const counts = (await (await call("/api/admin/no-shows", { cookie: admin })).json()) as {
        byListing: { providerId: number; count: number }[];
        contested: { bookingId: number; answer: string }[];
      };
      expect(counts.contested.find((c) => c.bookingId === id)?.answer).toBe(kept);
      const page = await (await call("/admin?tab=noShows", { cookie: admin, lang: "en" })).text();
      const contested = page.slice(page.indexOf('data-testid="no-shows-contested"'));
      expect(contested.replace(/<!-- -->/g, "")).toContain(`Booking #${id}`);
      expect(contested).toContain(kept);
    },
  );

  it("after 48 hours the claim can no longer be answered, and nothing changes", async () => {
    const id = await acceptedBooking(baghdadDay(2), "morning");
    await env.DB.prepare("UPDATE bookings SET preferred_date = ?, no_show = 'customer', no_show_at = ? WHERE id = ?")
      .bind(baghdadDay(-3), Date.now() - 49 * HOUR, id)
      .run();
    const late = await call(`/api/bookings/${id}/no-show/answer`, {
      method: "POST",
      cookie: customerCookie,
      lang: "en",
      json: { answer: "I was home all day" },
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/48 hours/);
    expect(
      (await one<{ no_show_answer: string | null }>("SELECT no_show_answer FROM bookings WHERE id = ?", id))!
        .no_show_answer,
    ).toBeNull();
  });

  it("from the bot: the claim's Answer button asks for one message, and that message is the answer", async () => {
    const id = await acceptedBooking(baghdadDay(2), "morning");
    await env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(baghdadDay(-1), id).run();
    expect((await call(`/api/bookings/${id}/no-show`, { method: "POST", cookie: customerCookie })).status).toBe(200);
    // what the bot answered each tap and message, among what else
    // the queue delivers to his chat meanwhile (the claim's notice)
    const answeredSince = (count: number) =>
      telegramTo(providerChat.id)
        .slice(count)
        .map((m) => String(m.body.text));
    let seen = telegramTo(providerChat.id).length;
    await postTelegram(tgCallback(providerChat, `nsa:${id}`));
    expect(answeredSince(seen).join("\n")).toContain(`Booking #${id}: write your answer`);
    seen = telegramTo(providerChat.id).length;
    await postTelegram(tgMessage(providerChat, { text: "The gate was closed, I called twice" }));
    expect(answeredSince(seen).join("\n")).toContain("your answer is shown beside the claim");
    expect(
      (await one<{ no_show_answer: string }>("SELECT no_show_answer FROM bookings WHERE id = ?", id))!.no_show_answer,
    ).toBe("The gate was closed, I called twice");
  });

  it(
    "from the bot: the provider's list offers \"Didn't " + 'come" once the time has begun, and a tap records it',
    async () => {
      const id = await acceptedBooking(baghdadDay(1), "morning");
      await postTelegram(tgCallback(providerChat, "pb"));
      const before = telegramTo(providerChat.id).pop()!;
      expect(buttonsOf(before.body).map((b) => b.callback_data)).not.toContain(`ns:${id}`);
      await env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(baghdadDay(-1), id).run();
      await postTelegram(tgCallback(providerChat, "pb"));
      const list = telegramTo(providerChat.id).pop()!;
      expect(buttonsOf(list.body).find((b) => b.callback_data === `ns:${id}`)?.text).toBe(`Didn't come #${id}`);
      await postTelegram(tgCallback(providerChat, `ns:${id}`));
      expect(String(telegramTo(providerChat.id).pop()!.body.text)).toBe(
        `Booking #${id}: The customer was not there. It is recorded.`,
      );
      expect((await one<{ no_show: string }>("SELECT no_show FROM bookings WHERE id = ?", id))!.no_show).toBe(
        "customer",
      );
      // the customer is told, in their language (Sorani), in the bell
      expect((await bellAbout(id, (k) => k === "notices.noShowByProvider")).length).toBe(1);
      // a second tap says it is recorded already, in a sentence
      await postTelegram(tgCallback(providerChat, `ns:${id}`));
      expect(String(telegramTo(providerChat.id).pop()!.body.text)).toMatch(/already recorded/);
    },
  );
});
