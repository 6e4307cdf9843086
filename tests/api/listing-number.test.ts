// ADR 047: a listing no account owns hears of its bookings at its own number, answers from a single-use link without an
// account, and the limits (3 a day, quiet hours, STOP) hold, also under parallel bookings.
import { env } from "cloudflare:workers";
import { quietUntil } from "../../domain/reach/quietHours";
import { objectName } from "../../workers/objectNames";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../workers/env";
import { serviceContext } from "../../workers/services";
import { tellListingNumber } from "../../domain/reach/tellListing";
import { createBooking } from "../../domain/bookings/createBooking";
import { normalizeDigits } from "../../domain/text/normalize";
import { claimListingByNumber } from "../../domain/reach/numberDesk";
import { listConversations } from "../../domain/chat/listConversations";
import { expireStaleBookings } from "../../domain/bookings/expireStaleBookings";
import { deliverOutbox, fakeChannelApis, outboxRows, postWhatsApp, waForm } from "../bot";
import { allBellRows, bellRows } from "../bell";
import { call, registerUser } from "../http";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

const SMS_FROM = "+15005550006";
const SITE = "https://dalil.example";
const withSms = { ...env, TWILIO_SMS_FROM: SMS_FROM, PUBLIC_URL: SITE } as Env;
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date());
const tomorrow = () => new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let nextListing = 10;
/** A seeded listing no account owns, with a fresh mobile number of its own and nothing sent to it yet. */
async function unownedListing(): Promise<{ id: number; phone: string }> {
  const id = ++nextListing;
  const phone = `+96477099${String(id).padStart(5, "0")}`;
  await env.DB.prepare(
    "UPDATE service_providers SET user_id = NULL, phone = ?, week = NULL, is_available = 1, hidden_at = NULL " +
      "WHERE id = ?",
  )
    .bind(phone, id)
    .run();
  return { id, phone };
}

/**
 * Books through the domain's one verb as the customer, with the clock at `at` (noon Baghdad by default): the tests
 * must not depend on the hour they run at, since quiet hours hold every message made between 22:00 and 08:00.
 */
/** A verified customer who reads `lang`. */
async function customerIn(lang: "en" | "ar" | "ku") {
  const user = await registerUser();
  await env.DB.prepare("UPDATE users SET language = ? WHERE id = ?").bind(lang, user.id).run();
  return user;
}

async function book(
  customer: { id: number },
  providerId: number,
  job = "The AC blows warm air in the living room",
  at = noon(),
) {
  const ctx = {
    ...serviceContext(env, { actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false } }),
    now: () => at,
  };
  const { booking } = await createBooking(ctx, {
    providerId,
    serviceDescription: job,
    customerLocation: "Karrada, street 62",
    customerPhone: "07501234567",
    preferredDate: tomorrow(),
    preferredTime: "evening",
    urgency: "normal",
  });
  return booking;
}
const noon = () => new Date(Date.parse(`${today()}T12:00:00+03:00`));

/** Delivers the pending outbox rows to `phone` and returns what the SMS stand-in received for it. */
async function smsTo(phone: string) {
  for (const row of await outboxRows("status = 'pending' AND recipient = ?", phone))
    await deliverOutbox(row.id, 1, "dalil-outbox", withSms);
  return apis.sent
    .filter((s) => s.method === "Messages" && s.body.To === phone && s.body.From === SMS_FROM)
    .map((s) => String(s.body.Body));
}

const tokenIn = (text: string) => text.match(/\/r\/([A-Za-z0-9_-]{32})/)![1];
const answer = (token: string, fields: Record<string, string>) =>
  call(`/r/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
    body: new URLSearchParams(fields).toString(),
  });

describe("the demo data has listings on Dalil", { timeout: 30_000 }, () => {
  it(
    "seeded owners with proven phones run listings across trades and the three cities; a newcomer's booking to " +
      "one is answered by its owner, not texted (before the tests below unown listings)",
    async () => {
      const { DEMO_OWNERS, DEMO_OWNER_PASSWORD } = await import("../../db/seed/build");
      const { sessionFrom } = await import("../sessions");
      const owned = (
        await env.DB.prepare(
          `SELECT p.id, p.phone, p.is_available AS available, c.slug AS city FROM service_providers p JOIN users u
          ON u.id = p.user_id JOIN cities c ON c.id = p.city_id
          WHERE u.is_phone_verified = 1 AND u.phone = p.phone AND p.phone IN (${DEMO_OWNERS.map(() => "?").join(",")})
          ORDER BY p.id`,
        )
          .bind(...DEMO_OWNERS.map((o) => o.phone))
          .all<{ id: number; phone: string; city: string; available: number }>()
      ).results;
      // the test seed (80 listings) holds six of the ten; all three cities
      expect(owned.length).toBeGreaterThanOrEqual(5);
      expect(new Set(owned.map((o) => o.city))).toEqual(new Set(["baghdad", "erbil", "basra"]));
      const listing = owned.find((o) => o.available)!;
      expect(await (await call(`/provider/${listing.id}`, { lang: "en" })).text()).toContain('data-reach="on"');

      const customer = await customerIn("en");
      const booking = await book(customer, listing.id, "The car won't start in the morning");
      // on Dalil: nothing is texted to the number, its owner hears in the bell
      expect(await smsTo(listing.phone)).toEqual([]);
      const login = await call("/api/auth/login", {
        method: "POST",
        json: { phone: listing.phone, password: DEMO_OWNER_PASSWORD },
      });
      expect(login.status).toBe(200);
      const res = await call(`/api/bookings/${booking.id}/accept`, {
        method: "POST",
        cookie: sessionFrom(login)!,
        json: {},
      });
      expect(res.status).toBe(200);
      expect(
        (await bellRows(customer.id)).some((r) => r.related_id === booking.id && /accepted/i.test(r.message)),
      ).toBe(true);
    },
  );
});

describe("a booking for a listing not on Dalil yet", { timeout: 30_000 }, () => {
  it(
    "reaches the listing's number as one SMS naming the booking, whose link accepts it without an account; the " +
      "customer is told",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("en");
      const { id } = await book(customer, listing.id);

      const sms = await smsTo(listing.phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toContain(`#${id}`);
      expect(sms[0]).toContain("The AC blows warm air");
      expect(sms[0]).toMatch(new RegExp(`${SITE}/r/[A-Za-z0-9_-]{32}`));
      // the day in the reader's words, and Dalil's WhatsApp to answer on
      expect(sms[0]).toContain("Evening (5PM-8PM)");
      expect(sms[0]).not.toMatch(/\d{4}-\d{2}-\d{2}|flexible/);
      expect(sms[0]).toContain("wa.me/14155238886");
      // the link is not readable in the outbox once sent
      const [row] = await outboxRows("recipient = ?", listing.phone);
      expect(row.payload).not.toContain("/r/");

      const token = tokenIn(sms[0]);
      const page = await call(`/r/${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(await page.text()).toContain(`#${id}`);

      expect((await answer(token, { action: "accept" })).status).toBe(200);
      expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", id))!.status).toBe("accepted");
      const bell = (await bellRows(customer.id)).filter((r) => r.related_id === id).at(-1);
      expect(bell!.message_key).toBe("notices.bookingAccepted");
    },
  );

  it("a second use of the link, a guessed token and a link after its booking closed change nothing", async () => {
    const listing = await unownedListing();
    const customer = await customerIn("ar");
    const first = await book(customer, listing.id);
    const second = await book(customer, listing.id, "Fix the water heater");
    const [a, b] = (await smsTo(listing.phone)).map(normalizeDigits);
    // in the customer's language: Arabic
    expect(a).toContain("دليل");

    expect((await answer(tokenIn(a), { action: "decline" })).status).toBe(200);
    // used once: the second tap is refused and the booking stays declined
    const again = await answer(tokenIn(a), { action: "accept" });
    expect(again.status).toBe(409);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", first.id))!.status).toBe(
      "declined",
    );

    // a guessed token: not found, nothing changes
    expect((await answer("A".repeat(32), { action: "accept" })).status).toBe(404);
    expect((await call(`/r/${"B".repeat(32)}`)).status).toBe(404);
    expect((await answer("short", { action: "accept" })).status).toBe(404);

    // bad input is refused with a translated error and spends nothing
    const bad = await answer(tokenIn(b), { action: "launch" });
    expect(bad.status).toBe(400);
    // the customer cancels: the second link is closed with its booking
    expect((await call(`/api/bookings/${second.id}/cancel`, { method: "POST", cookie: customer.cookie })).status).toBe(
      200,
    );
    expect((await answer(tokenIn(b), { action: "accept" })).status).toBe(409);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", second.id))!.status).toBe(
      "cancelled",
    );
  });

  it("goes as WhatsApp where the number opted in (wrote to the bot), not as SMS", async () => {
    const listing = await unownedListing();
    expect((await postWhatsApp(waForm(listing.phone, { Body: "سلام" }))).status).toBe(200);
    const customer = await customerIn("ar");
    const { id } = await book(customer, listing.id);
    const rows = await outboxRows("recipient = ? AND json_extract(payload, '$.params.id') = ?", listing.phone, id);
    expect(rows.map((r) => r.channel)).toEqual(["whatsapp"]);
    apis.clear();
    await deliverOutbox(rows[0].id, 1, "dalil-outbox", withSms);
    const wa = apis.sent.filter((s) => s.body.To === `whatsapp:${listing.phone}`);
    expect(wa).toHaveLength(1);
    expect(normalizeDigits(String(wa[0].body.Body))).toContain(`${id}`);
    expect(String(wa[0].body.Body)).toMatch(/\/r\/[A-Za-z0-9_-]{32}/);
    expect(apis.sent.some((s) => s.body.To === listing.phone)).toBe(false);
  });

  it("at most 3 messages a number a day, however many bookings arrive at once", async () => {
    const listing = await unownedListing();
    const customers = await Promise.all([0, 1, 2, 3, 4].map(() => customerIn("en")));
    const made = await Promise.all(customers.map((c, i) => book(c, listing.id, `Job number ${i + 1} for the AC`)));
    expect(new Set(made.map((b) => b.id)).size).toBe(5);
    expect(await outboxRows("recipient = ?", listing.phone)).toHaveLength(3);
    expect(
      (await one<{ n: number }>("SELECT count(*) AS n FROM listing_requests WHERE phone = ?", listing.phone))!.n,
    ).toBe(3);
  });

  it("between 22:00 and 08:00 Baghdad it is held until 08:00, also under parallel bookings", async () => {
    const listing = await unownedListing();
    const customer = await customerIn("en");
    const night = new Date(Date.parse(`${today()}T23:30:00+03:00`));
    const made = await Promise.all([0, 1, 2, 3].map((i) => book(customer, listing.id, `Night job ${i}`, night)));
    expect(made).toHaveLength(4);
    // told again at once (a retried job): the day's three are spent, the fourth is refused
    expect(await tellListingNumber({ ...serviceContext(env), now: () => night }, made[0].id)).toBe("limited");
    const eight = Date.parse(`${today()}T08:00:00+03:00`) + 86_400_000;
    const rows = await outboxRows("recipient = ?", listing.phone);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect((JSON.parse(r.payload) as { notBefore: number }).notBefore).toBe(eight);
  });

  it("STOP («توقف») from the number ends the messages for good: the listing is then call only", async () => {
    const listing = await unownedListing();
    expect((await postWhatsApp(waForm(listing.phone, { Body: "توقف" }))).status).toBe(200);
    expect(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", listing.phone)).not.toBeNull();
    const customer = await customerIn("ar");
    await expect(book(customer, listing.id)).rejects.toMatchObject({
      code: "CONFLICT",
      messageKey: "reach.errors.callOnly",
    });
    // the page's form says it in the reader's language
    const res = await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      lang: "ar",
      json: {
        providerId: listing.id,
        serviceDescription: "مكيف ما يبرد",
        customerLocation: "الكرادة",
        customerPhone: "07501234567",
        urgency: "normal",
      },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("اتصل");
    expect(await outboxRows("recipient = ?", listing.phone)).toHaveLength(0);
  });
});

describe("the listing's number writes to the bot", { timeout: 30_000 }, () => {
  /** The numbered choice whose label matches `label` in a WhatsApp reply, in Western digits. */
  const choice = (reply: string, label: RegExp) =>
    normalizeDigits(reply.split("\n").find((l) => label.test(l))!).match(/^(\d+)\./)![1];

  it("hears of every waiting booking, accepts one by its number, and the customer is told", async () => {
    const listing = await unownedListing();
    const customer = await customerIn("en");
    const first = await book(customer, listing.id, "Fix the split AC in the bedroom");
    const second = await book(customer, listing.id, "Clean the AC filters");
    apis.clear();
    expect((await postWhatsApp(waForm(listing.phone, { Body: "سڵاو" }))).status).toBe(200);
    const reply = normalizeDigits(apis.texts("whatsapp").join("\n"));
    expect(reply).toContain(`#${first.id}`);
    expect(reply).toContain(`#${second.id}`);
    expect(reply).toContain("دەلیل");

    apis.clear();
    expect(
      (await postWhatsApp(waForm(listing.phone, { Body: choice(reply, new RegExp(`پەسەندکردن #${first.id}`)) })))
        .status,
    ).toBe(200);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", first.id))!.status).toBe(
      "accepted",
    );
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", second.id))!.status).toBe(
      "pending",
    );
    const bell = (await bellRows(customer.id)).filter((r) => r.related_id === first.id).at(-1);
    expect(bell!.message_key).toBe("notices.bookingAccepted");
  });

  it(
    "claims the listing it carries: an account proven by that message owns it, the admin is told; nobody claims " +
      "it again",
    async () => {
      const listing = await unownedListing();
      // a customer wrote to it before it had an owner: the new owner finds the conversation in their list (ADR 065)
      const customer = await customerIn("en");
      const asked = await call("/api/chat", {
        method: "POST",
        cookie: customer.cookie,
        json: { providerId: listing.id, message: "Before you were on Dalil: do you fix fridges?" },
      });
      expect(asked.status).toBe(201);
      const { conversationId } = (await asked.json()) as { conversationId: number };
      apis.clear();
      expect((await postWhatsApp(waForm(listing.phone, { Body: "hello" }))).status).toBe(200);
      const reply = normalizeDigits(apis.texts("whatsapp").pop()!);
      expect(reply).toMatch(/This is my business/);
      apis.clear();
      expect((await postWhatsApp(waForm(listing.phone, { Body: choice(reply, /This is my business/) }))).status).toBe(
        200,
      );
      expect(apis.texts("whatsapp").join("\n")).toMatch(/is yours on Dalil/);
      const owner = await one<{ id: number; user_type: string; is_phone_verified: number }>(
        "SELECT id, user_type, is_phone_verified FROM users WHERE phone = ?",
        listing.phone,
      );
      expect(owner).toMatchObject({ user_type: "provider", is_phone_verified: 1 });
      expect(
        (await one<{ user_id: number }>("SELECT user_id FROM service_providers WHERE id = ?", listing.id))!.user_id,
      ).toBe(owner!.id);
      const ownersList = await listConversations(
        serviceContext(env, { actor: { kind: "user", userId: owner!.id, userType: "provider", isAdmin: false } }),
      );
      expect(ownersList.find((c) => c.id === conversationId)).toMatchObject({
        role: "provider",
        otherName: customer.name,
        lastMessage: { text: "Before you were on Dalil: do you fix fridges?" },
        unread: 1,
      });
      const admins = new Set(
        (await env.DB.prepare("SELECT id FROM users WHERE is_admin = 1").all<{ id: number }>()).results.map(
          (r) => r.id,
        ),
      );
      const told = (await allBellRows()).filter(
        (r) =>
          admins.has(r.user_id) &&
          r.message_key === "reach.notices.claimed" &&
          (r.params ?? "").includes(listing.phone.slice(1)),
      );
      expect(told).toHaveLength(1);

      // owned now: on Dalil, and another claim (by anyone) is refused
      const other = {
        ...serviceContext(env, {
          actor: { kind: "whatsapp", phone: listing.phone, userId: null, provenPhone: listing.phone },
        }),
      };
      await expect(claimListingByNumber(other, String(listing.id), { name: "", lang: "en" })).rejects.toMatchObject({
        code: "CONFLICT",
      });
    },
  );

  it("a number can claim only the listings that carry it", async () => {
    const listing = await unownedListing();
    const stranger = {
      ...serviceContext(env, {
        actor: { kind: "whatsapp", phone: "+9647501112233", userId: null, provenPhone: "+9647501112233" },
      }),
    };
    await expect(claimListingByNumber(stranger, String(listing.id), { name: "", lang: "en" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // a link proves its number for its own booking, never a claim of another's listing
    expect(
      (await one<{ user_id: number | null }>("SELECT user_id FROM service_providers WHERE id = ?", listing.id))!
        .user_id,
    ).toBeNull();
    // nor does a number answer another listing's bookings
    const customer = await customerIn("en");
    const booking = await book(customer, listing.id);
    apis.clear();
    expect((await postWhatsApp(waForm("+9647501112233", { Body: `accept ${booking.id}` }))).status).toBe(200);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", booking.id))!.status).toBe(
      "pending",
    );
  });
});

describe("nobody waits on silence", { timeout: 30_000 }, () => {
  it(
    "an unanswered request ends at its window with the customer told, three who answer offered, and one tap " +
      "re-sends it with the job, address and day kept",
    async () => {
      const listing = await unownedListing();
      const place = (await one<{ category_id: number; city_id: number; city: string }>(
        "SELECT category_id, city_id, city FROM service_providers WHERE id = ?",
        listing.id,
      ))!;
      // three listings of the same trade in the same city, on Dalil (owned by accounts that proved their phones)
      const others: number[] = [];
      for (let i = 0; i < 3; i++) {
        const owner = await registerUser();
        const id = 60 + nextListing + i;
        await env.DB.prepare(
          "UPDATE service_providers SET user_id = ?, category_id = ?, city_id = ?, city = ?, is_available = 1, " +
            "hidden_at = NULL, rating = ? WHERE id = ?",
        )
          .bind(owner.id, place.category_id, place.city_id, place.city, 4 + i / 10, id)
          .run();
        others.push(id);
      }
      nextListing += 3;
      const customer = await customerIn("en");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) VALUES " +
          "('whatsapp', ?, ?, 'en', 1, ?)",
      )
        .bind(customer.phone, customer.id, Date.now())
        .run();
      const booking = await book(customer, listing.id, "The AC drips water on the sofa");
      const urgent = await (async () => {
        const ctx = {
          ...serviceContext(env, {
            actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false },
          }),
          now: noon,
        };
        return (
          await createBooking(ctx, {
            providerId: listing.id,
            serviceDescription: "No cooling at all, baby at home",
            customerLocation: "Karrada",
            customerPhone: "07501234567",
            urgency: "emergency",
          })
        ).booking;
      })();

      const sweepAt = (at: Date) => expireStaleBookings({ ...serviceContext(env), now: () => at });
      const status = async (id: number) =>
        (await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", id))!.status;
      // the urgent one waits 2 hours from when it was made, the other until 20:00 the next day
      const made = (await one<{ created_at: number }>("SELECT created_at FROM bookings WHERE id = ?", urgent.id))!
        .created_at;
      await sweepAt(new Date(made + 119 * 60_000));
      expect(await status(urgent.id)).toBe("pending");
      await sweepAt(new Date(made + 121 * 60_000));
      expect(await status(urgent.id)).toBe("expired");
      expect(await status(booking.id)).toBe("pending");
      const nextEvening = Date.parse(`${tomorrow()}T20:00:00+03:00`);
      await sweepAt(new Date(nextEvening - 60_000));
      expect(await status(booking.id)).toBe("pending");
      await sweepAt(new Date(nextEvening + 60_000));
      expect(await status(booking.id)).toBe("expired");

      // told in the bell, with the three who answer, best rated first
      const bell = (await bellRows(customer.id)).filter((r) => r.related_id === booking.id).at(-1)!;
      expect(bell.message_key).toBe("reach.notices.expiredWithOthers");
      const names = (
        await env.DB.prepare(
          `SELECT name FROM service_providers WHERE id IN (${others.join(",")}) ORDER BY rating DESC`,
        ).all<{ name: string }>()
      ).results.map((r) => r.name);
      for (const n of names) expect(bell.message).toContain(n);
      // …and on the WhatsApp they linked, one tap each
      const [row] = await outboxRows(
        "channel = 'whatsapp' AND recipient = ? AND json_extract(payload, '$.params.id') = ? AND payload LIKE '%rs:%'",
        customer.phone,
        booking.id,
      );
      // the urgent request's end went to the same WhatsApp first, through the queue, which a loaded machine may deliver
      // after ours (a clean clone's failure: "1" then re-sent the urgent one). A typed "1" answers the last list the
      // person got: theirs is delivered first, then this one, as they were made
      const earlier = (
        await outboxRows("channel = 'whatsapp' AND recipient = ? AND id < ?", customer.phone, row.id)
      ).map((r) => r.id);
      for (const id of earlier) await deliverOutbox(id);
      await expect
        .poll(async () => (await outboxRows(`id IN (${earlier.join(",") || 0}) AND status = 'pending'`)).length, {
          timeout: 15_000,
        })
        .toBe(0);
      apis.clear();
      await deliverOutbox(row.id);
      const told = normalizeDigits(apis.texts("whatsapp").join("\n"));
      expect(told).toMatch(/got no answer in time/);
      expect(told).toContain(names[0]);

      apis.clear();
      expect((await postWhatsApp(waForm(customer.phone, { Body: "1" }))).status).toBe(200);
      const again = (await one<{
        id: number;
        provider_id: number;
        service_description: string;
        customer_location: string;
        preferred_date: string;
        preferred_time: string;
      }>(
        "SELECT id, provider_id, service_description, customer_location, preferred_date, preferred_time FROM " +
          "bookings WHERE customer_id = ? ORDER BY id DESC",
        customer.id,
      ))!;
      expect(again.id).toBeGreaterThan(booking.id);
      expect(names[0]).toBe(
        (await one<{ name: string }>("SELECT name FROM service_providers WHERE id = ?", again.provider_id))!.name,
      );
      expect(again).toMatchObject({
        service_description: "The AC drips water on the sofa",
        customer_location: "Karrada, street 62",
        preferred_date: tomorrow(),
        preferred_time: "evening",
      });
      // a second tap makes no second booking
      expect((await postWhatsApp(waForm(customer.phone, { Body: "1" }))).status).toBe(200);
      expect(
        (await one<{ n: number }>(
          "SELECT count(*) AS n FROM bookings WHERE customer_id = ? AND provider_id = ?",
          customer.id,
          again.provider_id,
        ))!.n,
      ).toBe(1);
    },
  );
});

describe("who answers, and how fast (ADR 052)", { timeout: 30_000 }, () => {
  const asNumber = (phone: string, bookingId: number, at: Date) => ({
    ...serviceContext(env, { actor: { kind: "listing", phone, bookingId } }),
    now: () => at,
  });

  it(
    "a listing's rate and median first answer show on its profile and the bot once it has 3 requests, counted as " +
      "they are answered or expire",
    async () => {
      const { changeBookingStatus } = await import("../../domain/bookings/changeBookingStatus");
      const listing = await unownedListing();
      const made: { id: number; at: number }[] = [];
      for (let i = 0; i < 4; i++) {
        const b = await book(await customerIn("en"), listing.id, `The AC blows warm air, room ${i + 1}`);
        made.push({
          id: b.id,
          at: (await one<{ created_at: number }>("SELECT created_at FROM bookings WHERE id = ?", b.id))!.created_at,
        });
      }
      const profile = async () =>
        (await (await call(`/provider/${listing.id}`, { lang: "en" })).text()).replace(/<!-- -->/g, "");
      // answered after 30 min, 90 min and 3 h: two requests counted is too few to show
      await changeBookingStatus(
        asNumber(listing.phone, made[0]!.id, new Date(made[0]!.at + 30 * 60_000)),
        String(made[0]!.id),
        "accept",
      );
      await changeBookingStatus(
        asNumber(listing.phone, made[1]!.id, new Date(made[1]!.at + 90 * 60_000)),
        String(made[1]!.id),
        "decline",
      );
      expect(await profile()).not.toContain("Answers ");
      await changeBookingStatus(
        asNumber(listing.phone, made[2]!.id, new Date(made[2]!.at + 180 * 60_000)),
        String(made[2]!.id),
        "accept",
      );
      expect(await profile()).toContain("Answers 10 in 10 · usually within 2 h");
      // the fourth gets no answer: at its window's end it counts as unanswered (3 in 4 → 8 in 10)
      await expireStaleBookings({
        ...serviceContext(env),
        now: () => new Date(Date.parse(`${tomorrow()}T20:00:00+03:00`) + 60_000),
      });
      expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", made[3]!.id))!.status).toBe(
        "expired",
      );
      expect(await profile()).toContain("Answers 8 in 10 · usually within 2 h");
      // in Arabic, with the reader's digits
      const ar = (await (await call(`/provider/${listing.id}`, { lang: "ar" })).text()).replace(/<!-- -->/g, "");
      expect(ar).toContain("يجيب ٨ من كل ١٠ · عادةً خلال ٢ ساعة");
    },
  );

  it(
    "at equal relevance, search puts one that answers before one not known yet before one that is mostly silent, " +
      "and on Dalil before not yet",
    async () => {
      const { signIn } = await import("../sessions");
      const { refreshAnswers } = await import("../../domain/reach/answers");
      const category = (await one<{ id: number }>("SELECT id FROM categories WHERE slug = 'ac-repair'"))!;
      const add = async (name: string) => {
        const res = await call("/api/providers", {
          method: "POST",
          cookie: await signIn("admin"),
          // (a specialty no lexicon word reads: "chandelier" became the electrician's thing in ADR 064, and a problem's
          // page then leaves out listings of no related trade; that is the search's matter, this test is the order at
          // equal relevance)
          json: {
            name,
            specialty: "Clock restorer",
            categoryId: category.id,
            city: "Baghdad",
            location: "Main street",
            phone: `0770 ${Math.floor(100 + Math.random() * 899)} ${Math.floor(1000 + Math.random() * 8999)}`,
            description: "Restores antique clocks, brass and glass",
          },
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: number }).id;
      };
      // added in this order, so that without the new order they would list silent, unknown, answering, owned
      const silent = await add("Qasr Lights");
      const unknown = await add("Nour Lights");
      const answering = await add("Fanar Lights");
      const owned = await add("Diya Lights");
      const owner = await registerUser();
      await env.DB.prepare("UPDATE service_providers SET user_id = ? WHERE id = ?").bind(owner.id, owned).run();
      // the last 90 days: three requests each, the silent one answered none, the other all
      const customer = await customerIn("en");
      const past = Date.now() - 10 * 86_400_000;
      for (const [id, answered] of [
        [silent, false],
        [answering, true],
      ] as const) {
        for (let i = 0; i < 3; i++) {
          await env.DB.prepare(
            "INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, " +
              "customer_phone, status, created_at, updated_at, responded_at) VALUES (?, ?, 'Chandelier', " +
              "'Karrada', '07501234567', ?, ?, ?, ?)",
          )
            .bind(
              customer.id,
              id,
              answered ? "accepted" : "expired",
              past + i,
              past + i,
              answered ? past + i + 20 * 60_000 : null,
            )
            .run();
        }
      }
      await refreshAnswers(serviceContext(env), [silent, answering]);
      const res = await call(`/api/providers?${new URLSearchParams({ search: "clock restorer" })}`);
      const ids = ((await res.json()) as { items: { id: number }[] }).items
        .map((i) => i.id)
        .filter((id) => [silent, unknown, answering, owned].includes(id));
      expect(ids).toEqual([answering, owned, unknown, silent]);
    },
  );

  it(
    "the answers rate counts the last 60 days of requests, " + "which the archive has not taken from D1 (ADR 069)",
    async () => {
      const { refreshAnswers } = await import("../../domain/reach/answers");
      const listing = await unownedListing();
      const customer = await customerIn("en");
      // three answered 70 days ago (past 60: a closed one of those days may already be in the archive), two 10 days ago
      for (const daysAgo of [70, 70, 70, 10, 10]) {
        const at = Date.now() - daysAgo * 86_400_000;
        await env.DB.prepare(
          "INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, " +
            "customer_phone, status, created_at, updated_at, responded_at) VALUES (?, ?, 'Clock', 'Karrada', " +
            "'07501234567', 'accepted', ?, ?, ?)",
        )
          .bind(customer.id, listing.id, at, at, at + 20 * 60_000)
          .run();
      }
      await refreshAnswers(serviceContext(env), [listing.id]);
      // two requests: too few to show a rate (with 90 days it counted five and showed "answers 10 in 10")
      expect(
        await one<{ requests: number; answered: number }>(
          "SELECT requests, answered FROM listing_answers WHERE provider_id = ?",
          listing.id,
        ),
      ).toEqual({ requests: 2, answered: 2 });
    },
  );
});

describe("a first chat message to a listing not on Dalil yet (ADR 052)", { timeout: 30_000 }, () => {
  const chatTo = (cookie: string, providerId: number, message: string) =>
    call("/api/chat", { method: "POST", cookie, json: { providerId, message } });
  const chatToken = (text: string) => text.match(/\/r\/c\/([A-Za-z0-9_-]{32})/)![1]!;
  const replyFrom = (token: string, fields: Record<string, string>) =>
    call(`/r/c/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
      body: new URLSearchParams(fields).toString(),
    });

  it(
    "reaches its number once as an SMS with a link that replies once into the chat; the chat tells the customer " +
      "it was texted",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("en");
      expect((await chatTo(customer.cookie, listing.id, "Do you fix Gree split units? Mine leaks.")).status).toBe(201);
      expect((await chatTo(customer.cookie, listing.id, "I'm in Karrada.")).status).toBe(201);
      // between 22:00 and 08:00 Baghdad (a run at night) the text
      // waits for eight (ADR 047): the chat says so, then eight comes
      const night = quietUntil(new Date()) !== null;
      if (night) {
        const held = await (await call(`/chat/${listing.id}`, { cookie: customer.cookie, lang: "en" })).text();
        expect(held).toContain('data-texted="held"');
        expect(held).toContain("we&#x27;ll text your message to their number at 8:00");
        await env.DB.prepare(
          "UPDATE outbox SET payload = json_set(payload, '$.notBefore', ?) WHERE recipient = ? AND status = 'pending'",
        )
          .bind(Date.now() - 1_000, listing.phone)
          .run();
      }
      const sms = await smsTo(listing.phone);
      // one message for the conversation, not one per chat message
      expect(sms).toHaveLength(1);
      // a customer wrote, and Dalil's link: never the customer's words (ADR 075); the page behind the link shows them
      expect(sms[0]).not.toContain("Gree");
      expect(sms[0]).toContain("a customer, Test, wrote to you on Dalil");
      expect(sms[0]).toMatch(/https?:\/\/\S+\/r\/c\/[A-Za-z0-9_-]{32}/);
      const { id: conversationId } = (await one<{ id: number }>(
        "SELECT id FROM conversations WHERE customer_id = ? AND provider_id = ?",
        customer.id,
        listing.id,
      ))!;
      const page = await (await call(`/chat/${listing.id}`, { cookie: customer.cookie, lang: "en" })).text();
      expect(page).toContain(night ? 'data-texted="held"' : 'data-texted="sent"');
      if (!night) expect(page).toContain("we texted your message to their number");

      const token = chatToken(sms[0]!);
      // opening reads; a guessed token is not a page
      expect((await call(`/r/c/${token}`, { headers: { "X-Forwarded-Host": "localhost" } })).status).toBe(200);
      expect((await call(`/r/c/${"A".repeat(32)}`, { headers: { "X-Forwarded-Host": "localhost" } })).status).toBe(404);
      // an empty reply is refused with a sentence and spends nothing
      expect(await (await replyFrom(token, { action: "reply", message: "  " })).text()).toContain("Write your reply");
      expect((await replyFrom(token, { action: "reply", message: "Yes, I can come tomorrow at 5." })).status).toBe(200);
      const rows = (await env.CHAT_ROOM.get(
        env.CHAT_ROOM.idFromName(objectName(`conversation:${conversationId}`)),
      ).transcript({
        conversationId,
        providerId: listing.id,
        customerId: customer.id,
        providerUserId: null,
        customerLastReadId: 0,
        providerLastReadId: 0,
      })) as { text?: string | null; message?: string | null; senderType: string }[];
      const replies = rows.filter((m) => m.senderType === "provider");
      expect(replies).toHaveLength(1);
      expect(JSON.stringify(replies[0])).toContain("Yes, I can come tomorrow at 5.");
      // once only
      expect(await (await replyFrom(token, { action: "reply", message: "And again" })).text()).toContain(
        "already used",
      );
      const again = (await env.CHAT_ROOM.get(
        env.CHAT_ROOM.idFromName(objectName(`conversation:${conversationId}`)),
      ).transcript({
        conversationId,
        providerId: listing.id,
        customerId: customer.id,
        providerUserId: null,
        customerLastReadId: 0,
        providerLastReadId: 0,
      })) as { senderType: string }[];
      expect(again.filter((m) => m.senderType === "provider")).toHaveLength(1);
    },
  );

  it(
    "keeps the same limits: a number that said STOP gets " + "nothing, and the chat tells the customer to call",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("en");
      await env.DB.prepare("INSERT INTO stopped_numbers (phone, stopped_at) VALUES (?, ?)")
        .bind(listing.phone, Date.now())
        .run();
      expect((await chatTo(customer.cookie, listing.id, "Hello, are you free today?")).status).toBe(201);
      expect(await smsTo(listing.phone)).toEqual([]);
      const told = await one<{ outcome: string }>(
        "SELECT outcome FROM listing_chats WHERE provider_id = ?",
        listing.id,
      );
      expect(told?.outcome ?? "none").toBe("stopped");
    },
  );
});

describe(
  "one customer cannot make Dalil text strangers in bulk, nor in his own words (ADR 075)",
  { timeout: 60_000 },
  () => {
    const chatTo = (cookie: string, providerId: number, message: string) =>
      call("/api/chat", { method: "POST", cookie, json: { providerId, message } });
    const LURE =
      "URGENT: your listing will be removed today. Confirm at http://evil.example/x now or call 0770 999 8877";
    const payloadsTo = async (phone: string) =>
      (await outboxRows("recipient = ?", phone)).map((r) => r.payload).join("\n");

    it(
      "first messages and bookings reach 5 numbers a Baghdad day together; the sixth stands on Dalil, texts " +
        "nobody, and the customer is told",
      async () => {
        const customer = await customerIn("en");
        const listings = await Promise.all(Array.from({ length: 7 }, () => unownedListing()));
        // three first messages and two bookings: five numbers
        for (const l of listings.slice(0, 3)) expect((await chatTo(customer.cookie, l.id, LURE)).status).toBe(201);
        for (const l of listings.slice(3, 5)) await book(customer, l.id, `Fix the heater. ${LURE}`);
        for (const l of listings.slice(0, 5)) expect(await outboxRows("recipient = ?", l.phone)).toHaveLength(1);
        // a number already reached today costs nothing more
        await book(customer, listings[3].id, "Another job for the same listing");
        expect(await outboxRows("recipient = ?", listings[3].phone)).toHaveLength(2);
        // the sixth number: the message is kept in the chat, no text goes, and the chat says why
        expect((await chatTo(customer.cookie, listings[5].id, LURE)).status).toBe(201);
        expect(await outboxRows("recipient = ?", listings[5].phone)).toHaveLength(0);
        expect(
          (await one<{ outcome: string }>("SELECT outcome FROM listing_chats WHERE provider_id = ?", listings[5].id))
            ?.outcome,
        ).toBe("outreach");
        const page = await (await call(`/chat/${listings[5].id}`, { cookie: customer.cookie, lang: "ar" })).text();
        expect(page).toContain('data-texted="outreach"');
        expect(page).toContain("لم نرسلها إلى رقمه");
        // and a booking to a seventh: it stands, nothing is texted, and its confirmation says why
        const seventh = await book(customer, listings[6].id);
        expect(seventh.status).toBe("pending");
        expect(await outboxRows("recipient = ?", listings[6].phone)).toHaveLength(0);
        const confirmation = await (
          await call(`/booking-confirmation?id=${seventh.id}`, { cookie: customer.cookie, lang: "en" })
        ).text();
        expect(confirmation).toContain("we didn&#x27;t text it to their number");
      },
    );

    it("in parallel: ten first messages at once to ten new numbers text exactly five", async () => {
      const customer = await customerIn("en");
      const listings = await Promise.all(Array.from({ length: 10 }, () => unownedListing()));
      const res = await Promise.all(listings.map((l) => chatTo(customer.cookie, l.id, "Hello, are you free today?")));
      expect(res.every((r) => r.status === 201)).toBe(true);
      const texted = await Promise.all(listings.map(async (l) => (await outboxRows("recipient = ?", l.phone)).length));
      expect(texted.reduce((a, b) => a + b, 0)).toBe(5);
    });

    it(
      "the text to a listing carries no link, phone number " + "or e-mail, and no words of the customer's chat",
      async () => {
        const customer = await customerIn("en");
        await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?")
          .bind("www.evil.example Karim", customer.id)
          .run();
        const chatted = await unownedListing();
        expect((await chatTo(customer.cookie, chatted.id, LURE)).status).toBe(201);
        const booked = await unownedListing();
        await env.DB.prepare("UPDATE service_providers SET user_id = NULL WHERE id = ?").bind(booked.id).run();
        await book(customer, booked.id, `Fix the heater\n${LURE} or mail win@evil.example`);
        // the chat's text says a customer wrote, with Dalil's link;
        // the booking's job line, having carried a link, is the trade
        for (const phone of [chatted.phone, booked.phone]) {
          expect(await payloadsTo(phone)).not.toMatch(/evil|0770|8877|URGENT|removed/);
          // a run between 22:00 and 08:00 Baghdad holds the texts: eight comes now
          await env.DB.prepare(
            "UPDATE outbox SET payload = json_set(payload, '$.notBefore', ?) WHERE recipient = ? AND status = " +
              "'pending'",
          )
            .bind(Date.now() - 1_000, phone)
            .run();
          const sms = (await smsTo(phone)).join("\n");
          expect(sms).toMatch(/\/r\/(c\/)?[A-Za-z0-9_-]{32}/);
          expect(sms).not.toMatch(/evil|0770 999|8877|URGENT|removed|http:\/\/(?!127|localhost|dalil)/);
        }
      },
    );
  },
);

describe("nobody waits on silence: the rest (ADR 052)", { timeout: 30_000 }, () => {
  const formPost = (path: string, cookie: string, fields: Record<string, string>) =>
    call(path, {
      method: "POST",
      cookie,
      lang: "en",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
      body: new URLSearchParams(fields).toString(),
    });
  const status = async (id: number) =>
    (await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", id))!.status;

  it("a listing with its own hours waits until it closes on its next open day, not the default evening", async () => {
    const listing = await unownedListing();
    // mornings only, 8–12
    await env.DB.prepare("UPDATE service_providers SET week = ? WHERE id = ?")
      .bind(
        JSON.stringify({ daysOff: [], hours: { morning: { from: 8, to: 12 }, afternoon: null, evening: null } }),
        listing.id,
      )
      .run();
    const customer = await customerIn("en");
    const ctx = {
      ...serviceContext(env, { actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false } }),
      now: noon,
    };
    const { booking } = await createBooking(ctx, {
      providerId: listing.id,
      serviceDescription: "Morning job",
      customerLocation: "Karrada",
      customerPhone: "07501234567",
      preferredDate: tomorrow(),
      preferredTime: "morning",
      urgency: "normal",
    });
    const closes = Date.parse(`${tomorrow()}T12:00:00+03:00`);
    await expireStaleBookings({ ...serviceContext(env), now: () => new Date(closes - 60_000) });
    expect(await status(booking.id)).toBe("pending");
    await expireStaleBookings({ ...serviceContext(env), now: () => new Date(closes + 60_000) });
    // (the default window would have waited until 20:00)
    expect(await status(booking.id)).toBe("expired");
  });

  it(
    "the web's /bookings card of an expired request re-sends it in one tap (job, address and day kept); the " +
      "provider's side shows it as missed",
    async () => {
      const { signIn } = await import("../sessions");
      const listing = await unownedListing();
      const place = (await one<{ category_id: number; city_id: number; city: string }>(
        "SELECT category_id, city_id, city FROM service_providers WHERE id = ?",
        listing.id,
      ))!;
      const owner = await registerUser();
      // a listing the tests above leave alone (they take 11 upwards, and 60 upwards for the ones on Dalil)
      const other = 55;
      await env.DB.prepare(
        "UPDATE service_providers SET user_id = ?, category_id = ?, city_id = ?, city = ?, is_available = 1, " +
          "hidden_at = NULL, week = NULL, rating = 5 WHERE id = ?",
      )
        .bind(owner.id, place.category_id, place.city_id, place.city, other)
        .run();
      const otherName = (await one<{ name: string }>("SELECT name FROM service_providers WHERE id = ?", other))!.name;
      const customer = await customerIn("en");
      const booking = await book(customer, listing.id, "The AC drips on the carpet");
      await env.DB.prepare("UPDATE bookings SET status = 'expired' WHERE id = ?").bind(booking.id).run();

      const page = (await (await call("/bookings", { cookie: customer.cookie, lang: "en" })).text()).replace(
        /<!-- -->/g,
        "",
      );
      expect(page).toContain('data-testid="resend"');
      expect(page).toContain(`Send to ${otherName}`);
      // someone else's booking: refused, nothing made
      const stranger = await customerIn("en");
      await formPost("/bookings", stranger.cookie, {
        intent: "resend",
        bookingId: String(booking.id),
        providerId: String(other),
      });
      expect(
        (await one<{ n: number }>(
          "SELECT count(*) AS n FROM bookings WHERE provider_id = ? AND customer_id = ?",
          other,
          stranger.id,
        ))!.n,
      ).toBe(0);
      expect(
        (
          await formPost("/bookings", customer.cookie, {
            intent: "resend",
            bookingId: String(booking.id),
            providerId: String(other),
          })
        ).status,
      ).toBe(200);
      const again = (await one<{
        service_description: string;
        customer_location: string;
        preferred_date: string;
        preferred_time: string;
        provider_id: number;
      }>(
        "SELECT service_description, customer_location, preferred_date, preferred_time, provider_id FROM " +
          "bookings WHERE customer_id = ? ORDER BY id DESC",
        customer.id,
      ))!;
      expect(again).toMatchObject({
        provider_id: other,
        service_description: "The AC drips on the carpet",
        customer_location: "Karrada, street 62",
        preferred_date: tomorrow(),
        preferred_time: "evening",
      });
      // sent: the card says so, and no longer offers to send it there
      const after = (await (await call("/bookings", { cookie: customer.cookie, lang: "en" })).text()).replace(
        /<!-- -->/g,
        "",
      );
      expect(after).toContain(`Sent to ${otherName}`);
      expect(after).not.toContain(`Send to ${otherName}`);

      // the provider's side: an expired request reads "Missed"
      const mine = await book(await customerIn("en"), 1, "Fix the kitchen socket");
      await env.DB.prepare("UPDATE bookings SET status = 'expired' WHERE id = ?").bind(mine.id).run();
      const providerPage = await (await call("/bookings", { cookie: await signIn("provider"), lang: "en" })).text();
      expect(providerPage).toContain("Missed: not answered in time");
    },
  );
});

describe("the bot console", { timeout: 30_000 }, () => {
  it(
    "the bot console plays a listing's number: it finds the number, shows the SMS with its link, and writes to " +
      "the bot as that number",
    async () => {
      const listing = await unownedListing();
      const booking = await book(await customerIn("en"), listing.id, "Fix the split AC in the kitchen");
      const found = await call(`/dev/bot/listing?id=${listing.id}`);
      expect(found.status).toBe(200);
      const number = ((await found.json()) as { phone: string }).phone;
      expect(number).toBe(listing.phone);
      expect((await call("/dev/bot/listing?id=999999")).status).toBe(404);
      // the SMS the stand-in recorded for that number, with the link the console makes clickable
      const [sms] = await smsTo(number);
      expect(sms).toMatch(/\/r\/[A-Za-z0-9_-]{32}/);
      expect(
        (
          await call(new URL(sms!.match(/https?:\/\/\S+\/r\/[A-Za-z0-9_-]{32}/)![0]).pathname, {
            headers: { "X-Forwarded-Host": "localhost" },
          })
        ).status,
      ).toBe(200);
      const page = await (await call("/dev/bot")).text();
      expect(page).toContain('placeholder="listing #"');
      // the console posts a signed Twilio form from that number: the bot answers it with the waiting booking
      apis.clear();
      const sent = await call("/dev/bot/send", {
        method: "POST",
        json: { as: "whatsapp", id: number, name: "Listing", kind: "text", text: "hello" },
      });
      expect(sent.status).toBeLessThan(300);
      expect(normalizeDigits(apis.texts("whatsapp").join("\n"))).toContain(`#${booking.id}`);
      // and sends an SMS as that number to the signed SMS door: STOP stops it, and the answer comes back as an SMS
      const stop = (await (
        await call("/dev/bot/send", { method: "POST", json: { as: "sms", id: number, kind: "text", text: "STOP" } })
      ).json()) as { status: number; reply: string };
      expect(stop).toMatchObject({ status: 200, reply: expect.stringContaining("no more messages") });
      expect(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", number)).not.toBeNull();
      expect(page).toContain('<option value="sms">SMS</option>');
    },
  );
});

describe("the provider's to-do list (ADR 052)", { timeout: 30_000 }, () => {
  it(
    "/dashboard opens with what waits on the provider, newest first, with its buttons; the bot's provider desk " +
      "lists the same",
    async () => {
      const { signIn } = await import("../sessions");
      const customer = await customerIn("en");
      const t = Date.now();
      const insert = async (status: string, ago: number, extra = "") =>
        (await env.DB.prepare(
          `INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, customer_phone,
            status,
          preferred_date, preferred_time, created_at, updated_at${extra ? ", no_show, no_show_at" : ""})
          VALUES (?, 1, ?, 'Karrada', '07501234567', ?, ?, 'morning', ?, ?${extra ? ", 'provider', ?" : ""}) RETURNING
          id`,
        )
          .bind(customer.id, `Job ${status} ${ago}`, status, tomorrow(), t - ago, t - ago, ...(extra ? [t - ago] : []))
          .first<{ id: number }>())!.id;
      const review = await insert("completed", 3 * 3_600_000);
      await env.DB.prepare(
        "INSERT INTO reviews (booking_id, customer_id, provider_id, rating, comment, service_quality, " +
          "punctuality, communication, value_for_money, would_recommend, created_at) VALUES (?, ?, 1, 4, 'Good " +
          "work', 4, 4, 4, 4, 1, ?)",
      )
        .bind(review, customer.id, t - 3 * 3_600_000)
        .run();
      const claim = await insert("completed", 2 * 3_600_000, "noShow");
      const request = await insert("pending", 3_600_000);
      const moved = await insert("accepted", 2 * 3_600_000);
      const proposal = (await env.DB.prepare(
        "INSERT INTO booking_day_proposals (booking_id, proposed_by, side, from_date, from_time, date, time, " +
          "status, created_at) VALUES (?, ?, 'customer', ?, 'morning', ?, 'evening', 'pending', ?) RETURNING id",
      )
        .bind(moved, customer.id, tomorrow(), tomorrow(), t - 30 * 60_000)
        .first<{ id: number }>())!.id;

      const cookie = await signIn("provider");
      const page = async () =>
        (await (await call("/dashboard", { cookie, lang: "en" })).text()).replace(/<!-- -->/g, "");
      const html = await page();
      const todo = html.slice(html.indexOf('data-testid="todo"'), html.indexOf('data-testid="availability"'));
      const order = [
        `Another day asked for #${moved}`,
        `New request #${request}`,
        `Said you did not come: #${claim}`,
        `Review to answer (booking #${review})`,
      ].map((s) => todo.indexOf(s));
      for (const at of order) expect(at).toBeGreaterThan(-1);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(todo).toContain(`Accept the new day #${moved}`);
      expect(todo).toContain('name="intent" value="reply"');
      // a waiting request is in one place, the to-do, with its
      // address, time left and answers (not again in a section below)
      const shown = html.replace(/<script[\s\S]*?<\/script>/g, "");
      expect(shown.split(`Job pending 3600000`).length - 1).toBe(1);
      expect(todo).toContain('data-testid="time-left"');
      expect(todo).toMatch(new RegExp(`name="bookingId" value="${request}"[\\s\\S]*?value="accept"`));

      // the buttons answer right there: the customer's day is accepted, and it leaves the list
      const res = await call("/dashboard", {
        method: "POST",
        cookie,
        lang: "en",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
        body: new URLSearchParams({ intent: "acceptDay", proposalId: String(proposal) }).toString(),
      });
      expect(res.status).toBe(200);
      expect(
        (await one<{ status: string }>("SELECT status FROM booking_day_proposals WHERE id = ?", proposal))!.status,
      ).toBe("accepted");
      expect(await page()).not.toContain(`Another day asked for #${moved}`);

      // the bot's desk: the same list, newest first, with the request's buttons
      apis.clear();
      expect((await postWhatsApp(waForm("+9647700000003", { Body: "menu" }))).status).toBe(200);
      const reply = normalizeDigits(apis.texts("whatsapp").join("\n"));
      expect(reply).toContain("Waiting on you");
      expect(reply.indexOf(`New request #${request}`)).toBeGreaterThan(-1);
      expect(reply.indexOf(`New request #${request}`)).toBeLessThan(
        reply.indexOf(`Review to answer (booking #${review})`),
      );
      expect(reply).toContain(`Accept #${request}`);
    },
  );
});

describe("told of what concerns them (ADR 052)", { timeout: 30_000 }, () => {
  it("the customer is told in the bell when the provider answers her review", async () => {
    const { signIn } = await import("../sessions");
    const customer = await customerIn("en");
    const t = Date.now();
    const booking = (await env.DB.prepare(
      "INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, customer_phone, " +
        "status, created_at, updated_at) VALUES (?, 1, 'Socket', 'Karrada', '07501234567', 'completed', ?, ?) " +
        "RETURNING id",
    )
      .bind(customer.id, t, t)
      .first<{ id: number }>())!.id;
    const review = (await env.DB.prepare(
      "INSERT INTO reviews (booking_id, customer_id, provider_id, rating, comment, service_quality, " +
        "punctuality, communication, value_for_money, would_recommend, created_at) VALUES (?, ?, 1, 3, 'Late', " +
        "3, 2, 3, 3, 0, ?) RETURNING id",
    )
      .bind(booking, customer.id, t)
      .first<{ id: number }>())!.id;
    const res = await call("/dashboard", {
      method: "POST",
      cookie: await signIn("provider"),
      lang: "en",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
      body: new URLSearchParams({
        intent: "reply",
        reviewId: String(review),
        reply: "Sorry, traffic on the bridge.",
      }).toString(),
    });
    expect(res.status).toBe(200);
    const bell = (await bellRows(customer.id)).filter((r) => r.related_id === booking).at(-1);
    expect(bell?.message_key).toBe("notices.reviewReplied");
    expect(bell?.message).toContain("Sorry, traffic on the bridge.");
  });
});

describe("a text to a number is checked when it leaves (ADR 076)", { timeout: 30_000 }, () => {
  const night = () => new Date(Date.parse(`${today()}T23:30:00+03:00`));
  const tomorrowAt = (hour: string) => new Date(Date.parse(`${tomorrow()}T${hour}:00+03:00`));
  const asCustomer = (customer: { id: number }, at: Date) => ({
    ...serviceContext(env, { actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false } }),
    now: () => at,
  });
  /** The held rows of a number, brought to their 08:00 (the queue would hand them over then). */
  const bringHeldNow = (phone: string) =>
    env.DB.prepare(
      "UPDATE outbox SET payload = json_set(payload, '$.notBefore', ?) WHERE recipient = ? AND status = 'pending'",
    )
      .bind(Date.now() - 1_000, phone)
      .run();
  /**
   * What was queued for the number, sent or not: development keeps a sent row with a sealed link, and the queue's own
   * consumer may send one that is not held at any moment; a withdrawn one leaves.
   */
  const rowsFor = (phone: string) => outboxRows("recipient = ?", phone);

  it(
    "a held text counts on the day it is sent: three made " + "at night use the next day's three, not the night's day",
    async () => {
      const listing = await unownedListing();
      for (let i = 0; i < 3; i++) await book(await customerIn("en"), listing.id, `Night job ${i}`, night());
      expect(await rowsFor(listing.phone)).toHaveLength(3);
      // the day the night belongs to still has its three…
      await book(await customerIn("en"), listing.id, "A job asked at noon", noon());
      expect(await rowsFor(listing.phone)).toHaveLength(4);
      // …and the morning they arrive has none left: no more than 3 reach the number that day
      await book(await customerIn("en"), listing.id, "A job asked the next morning", tomorrowAt("10:00"));
      expect(await rowsFor(listing.phone)).toHaveLength(4);
      // the console playing the number shows what waits for it, and when it goes
      const held = (await (await call(`/dev/bot/held?to=${encodeURIComponent(listing.phone)}`)).json()) as {
        at: number;
        text: string;
      }[];
      expect(held.map((h) => h.at)).toEqual([0, 1, 2].map(() => tomorrowAt("08:00").getTime()));
      expect(held[0]!.text).toContain("Night job 0");
    },
  );

  it(
    "a cancelled night request's held text is dropped when it leaves and gives its slot back: a third real " +
      "request that day is texted",
    async () => {
      const listing = await unownedListing();
      const customers = await Promise.all([0, 1, 2].map(() => customerIn("en")));
      const made: { id: number }[] = [];
      for (const [i, c] of customers.entries()) made.push(await book(c, listing.id, `Night job ${i}`, night()));

      const { changeBookingStatus } = await import("../../domain/bookings/changeBookingStatus");
      await changeBookingStatus(
        asCustomer(customers[0]!, new Date(night().getTime() + 30 * 60_000)),
        String(made[0]!.id),
        "cancel",
      );
      // a request nobody was told of yet: its cancellation is not texted either
      expect(await rowsFor(listing.phone)).toHaveLength(3);
      await bringHeldNow(listing.phone);
      const sms = await smsTo(listing.phone);
      expect(sms).toHaveLength(2);
      expect(sms.some((s) => s.includes(`#${made[0]!.id}`))).toBe(false);
      const ids = async () =>
        (await rowsFor(listing.phone)).map((r) => (JSON.parse(r.payload) as { params: { id: number } }).params.id);
      expect(await ids()).toEqual([made[1]!.id, made[2]!.id]);

      // the withdrawn text gave its slot back: that morning, one more request reaches the number, then the limit holds
      const third = await book(await customerIn("en"), listing.id, "A real job in the morning", tomorrowAt("10:00"));
      expect(await ids()).toEqual([made[1]!.id, made[2]!.id, third.id]);
      await book(await customerIn("en"), listing.id, "One more in the morning", tomorrowAt("10:30"));
      expect(await ids()).toHaveLength(3);
    },
  );

  it(
    "a night request whose listing is claimed before " + "08:00 is withdrawn: the owner answers in the account",
    async () => {
      const listing = await unownedListing();
      await book(await customerIn("en"), listing.id, "Night job: the heater sparks", night());
      expect(await rowsFor(listing.phone)).toHaveLength(1);
      const asNumber = serviceContext(env, {
        actor: { kind: "whatsapp", phone: listing.phone, userId: null, provenPhone: listing.phone },
      });
      await claimListingByNumber(asNumber, String(listing.id), { name: "", lang: "en" });
      await bringHeldNow(listing.phone);
      expect(await smsTo(listing.phone)).toEqual([]);
      expect(await rowsFor(listing.phone)).toHaveLength(0);
    },
  );

  it(
    "a cancellation after the number accepted by link " + "reaches the number, even when its day's three are used",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("ar");
      const booking = await book(customer, listing.id, "Fix the water pump");
      const [request] = await smsTo(listing.phone);
      expect((await answer(tokenIn(request!), { action: "accept" })).status).toBe(200);
      // two more requests that day: the number's three are used
      for (let i = 0; i < 2; i++) await book(await customerIn("en"), listing.id, `Another job, number ${i + 1}`);
      expect(await smsTo(listing.phone)).toHaveLength(3);

      const { changeBookingStatus } = await import("../../domain/bookings/changeBookingStatus");
      await changeBookingStatus(
        asCustomer(customer, new Date(noon().getTime() + 3_600_000)),
        String(booking.id),
        "cancel",
      );
      apis.clear();
      const told = (await smsTo(listing.phone)).map(normalizeDigits);
      expect(told).toHaveLength(1);
      // in the language the request was written in, naming the job that no longer exists
      expect(told[0]).toContain(`ألغى الزبون الطلب رقم ${booking.id}`);
    },
  );

  it(
    "a customer who deletes her account after the number accepted by link: the number is told the job is off, " +
      "without her words",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("ar");
      await book(customer, listing.id, "Fix the gate, its code is 4471");
      const [request] = await smsTo(listing.phone);
      expect((await answer(tokenIn(request!), { action: "accept" })).status).toBe(200);
      apis.clear();
      const { deleteMyAccount } = await import("../../domain/accounts/deleteAccount");
      await deleteMyAccount(asCustomer(customer, new Date(noon().getTime() + 3_600_000)), {
        password: "tigris-river-21",
      });
      const told = (await smsTo(listing.phone)).map(normalizeDigits);
      expect(told).toHaveLength(1);
      expect(told[0]).toContain("ألغى الزبون الطلب رقم");
      expect(told[0]).not.toMatch(/4471|Karrada|Test User/);
    },
  );

  it(
    "the link opens the page in the language its text was " + "written in, with the switch, and sends no referrer",
    async () => {
      const listing = await unownedListing();
      const { id } = await book(await customerIn("ar"), listing.id);
      const [sms] = await smsTo(listing.phone);
      const link = new URL(sms!.match(/https?:\/\/\S+\/r\/[A-Za-z0-9_-]{32}\S*/)![0]);
      expect(link.searchParams.get("lng")).toBe("ar");
      // a phone whose browser says nothing of Arabic
      const page = await call(link.pathname + link.search, {
        headers: { "Accept-Language": "en-US,en;q=0.9", "X-Forwarded-Host": "localhost" },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
      const html = normalizeDigits(await page.text());
      expect(html).toMatch(/<html lang="ar" dir="rtl"/);
      expect(html).toContain(`الطلب رقم ${id}`);
      // the switch to the other languages is there
      expect(html).toContain("lng=en");
    },
  );

  it("the number's desk at the bot lists an accepted request apart from what waits for an answer", async () => {
    const listing = await unownedListing();
    const accepted = await book(await customerIn("en"), listing.id, "Fix the split AC in the hall");
    const waiting = await book(await customerIn("en"), listing.id, "Clean the AC filters");
    const [first] = await smsTo(listing.phone);
    expect((await answer(tokenIn(first!), { action: "accept" })).status).toBe(200);
    apis.clear();
    expect((await postWhatsApp(waForm(listing.phone, { Body: "hello" }))).status).toBe(200);
    const reply = normalizeDigits(apis.texts("whatsapp").join("\n"));
    const heading = reply.indexOf("Accepted by you:");
    expect(heading).toBeGreaterThan(-1);
    expect(reply.indexOf(`#${waiting.id}`)).toBeLessThan(heading);
    expect(reply.indexOf(`#${accepted.id}`)).toBeGreaterThan(heading);
  });

  it("a request for tonight ends with its slot, not at 20:00 the next day", async () => {
    const listing = await unownedListing();
    const customer = await customerIn("en");
    const four = new Date(Date.parse(`${today()}T16:00:00+03:00`));
    const { booking } = await createBooking(asCustomer(customer, four), {
      providerId: listing.id,
      serviceDescription: "Tonight: the lights went out",
      customerLocation: "Karrada",
      customerPhone: "07501234567",
      preferredDate: today(),
      preferredTime: "evening",
      urgency: "normal",
    });
    const status = async () =>
      (await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", booking.id))!.status;
    const eight = Date.parse(`${today()}T20:00:00+03:00`);
    await expireStaleBookings(
      { ...serviceContext(env), now: () => new Date(eight - 60_000) },
      { bookingIds: [booking.id] },
    );
    expect(await status()).toBe("pending");
    await expireStaleBookings(
      { ...serviceContext(env), now: () => new Date(eight + 60_000) },
      { bookingIds: [booking.id] },
    );
    expect(await status()).toBe("expired");
  });
});

describe("every way of saying stop stops the number (ADR 075)", { timeout: 60_000 }, () => {
  const FORMS = [
    "stop messages",
    "الغاء الاشتراك",
    "بوەستە",
    "Stop.",
    "STOP\u200F",
    "Stop please",
    "توقف",
    "ستوب",
    "ڕاگرتن!",
  ];
  it.each(FORMS)(
    "«%s» on WhatsApp: the number is stopped and a booking to it is refused, nothing texted",
    async (form) => {
      const listing = await unownedListing();
      expect((await postWhatsApp(waForm(listing.phone, { Body: form }))).status).toBe(200);
      expect(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", listing.phone)).not.toBeNull();
      await expect(book(await customerIn("en"), listing.id)).rejects.toMatchObject({
        code: "CONFLICT",
        messageKey: "reach.errors.callOnly",
      });
      expect(await outboxRows("recipient = ?", listing.phone)).toHaveLength(0);
    },
  );

  it(
    "STOP by SMS reaches Dalil through its signed SMS door, and START undoes it; an unsigned or forged one " +
      "changes nothing",
    async () => {
      const listing = await unownedListing();
      let n = 0;
      const smsForm = (body: string) => ({
        MessageSid: `SMsms${Date.now()}${++n}`,
        AccountSid: env.TWILIO_ACCOUNT_SID!,
        From: listing.phone,
        To: SMS_FROM,
        Body: body,
        NumMedia: "0",
        NumSegments: "1",
        SmsStatus: "received",
        ApiVersion: "2010-04-01",
      });
      const postSms = (
        form: Record<string, string>,
        signature: string | null = getExpectedTwilioSignature(
          env.TWILIO_AUTH_TOKEN!,
          "http://localhost/webhooks/sms",
          form,
        ),
      ) =>
        call("/webhooks/sms", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            ...(signature ? { "X-Twilio-Signature": signature } : {}),
          },
          body: new URLSearchParams(form).toString(),
        });
      const stopped = async () =>
        Boolean(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", listing.phone));
      // unsigned, or signed with another token: refused, the number not stopped
      expect((await postSms(smsForm("STOP"), null)).status).toBe(403);
      expect(
        (
          await postSms(
            smsForm("STOP"),
            getExpectedTwilioSignature("not-our-token", "http://localhost/webhooks/sms", smsForm("STOP")),
          )
        ).status,
      ).toBe(403);
      expect(await stopped()).toBe(false);
      // signed by twilio's own code: stopped, told in the words it was said in, and a booking is refused
      const res = await postSms(smsForm("توقف\u200F"));
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("xml");
      expect(await res.text()).toContain("لن تصل رسائلنا إلى هذا الرقم");
      expect(await stopped()).toBe(true);
      await expect(book(await customerIn("en"), listing.id)).rejects.toMatchObject({
        code: "CONFLICT",
        messageKey: "reach.errors.callOnly",
      });
      // START from the number undoes it; the next booking is texted again
      expect(await (await postSms(smsForm("START"))).text()).toContain("can reach this number again");
      expect(await stopped()).toBe(false);
      await book(await customerIn("en"), listing.id);
      expect(await outboxRows("recipient = ?", listing.phone)).toHaveLength(1);
    },
  );

  it("said later in the number's conversation, in the middle of anything, it stops too", async () => {
    const listing = await unownedListing();
    await postWhatsApp(waForm(listing.phone, { Body: "hello" }));
    expect(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", listing.phone)).toBeNull();
    await postWhatsApp(waForm(listing.phone, { Body: "Stop please." }));
    expect(await one("SELECT phone FROM stopped_numbers WHERE phone = ?", listing.phone)).not.toBeNull();
  });
});

// (last in the file: the listings it unowns come after every other test's)
describe("a number from the menu before the last one (ADR 083)", { timeout: 30_000 }, () => {
  /** The numbered choice whose label matches `label` in a WhatsApp reply, in Western digits. */
  const choice = (reply: string, label: RegExp) =>
    normalizeDigits(reply.split("\n").find((l) => label.test(l))!).match(/^(\d+)\./)![1];

  it(
    '«٤» for "This is my business" after accepting by «١», when the new answer has two lines, claims it: a ' +
      "number means what it meant in the menu before (ADR 083)",
    async () => {
      const listing = await unownedListing();
      const customer = await customerIn("ar");
      const booking = await book(customer, listing.id, "Fix the split AC in the bedroom");
      apis.clear();
      await postWhatsApp(waForm(listing.phone, { Body: "مرحبا" }));
      const desk = normalizeDigits(apis.texts("whatsapp").join("\n"));
      expect(choice(desk, new RegExp(`قبول #${booking.id}`))).toBe("1");
      expect(choice(desk, /هذا عملي/)).toBe("4");
      await postWhatsApp(waForm(listing.phone, { Body: "١" }));
      expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = ?", booking.id))!.status).toBe(
        "accepted",
      );
      apis.clear();
      await postWhatsApp(waForm(listing.phone, { Body: "٤" }));
      const said = apis.texts("whatsapp").join("\n");
      expect(said).not.toMatch(/لم أفهم/);
      expect(
        (await one<{ user_id: number | null }>("SELECT user_id FROM service_providers WHERE id = ?", listing.id))!
          .user_id,
      ).not.toBeNull();
    },
  );
});
