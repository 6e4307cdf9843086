import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, freshPhone, registerUser } from "../http";
import { fakeChannelApis, postWhatsApp, waForm } from "../bot";
import { DEMO_ACCOUNTS } from "../seed";
import { newestBell, userIdByPhone } from "../bell";
import { byIdKey, mergeInto } from "../../domain/bookings/archiveDocuments";
import { archiveOldBookings } from "../../domain/bookings/archiveSweep";
import { drainArchive } from "../archive";
import { serviceContext } from "../../workers/services";

// the seed's closed bookings past 90 days leave D1 first (ADR 062): the Cron test below then runs its own sweeps only
beforeAll(drainArchive, 60_000);

/** The demo provider runs listing #1 (tests/seed.ts). */
const PROVIDER_LISTING = 1;

async function providerCookie() {
  const res = await call("/api/auth/login", {
    method: "POST",
    json: { phone: DEMO_ACCOUNTS.provider.phone, password: DEMO_ACCOUNTS.provider.password },
  });
  return (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
}

const tomorrow = () => new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
/** The booking's day moved to yesterday (Baghdad): its time has begun, so "Done" is taken. */
const slotBegun = (id: number) =>
  env.DB.prepare("UPDATE bookings SET preferred_date = date('now', '+3 hours', '-1 day') WHERE id = ?").bind(id).run();
const goodBooking = (overrides: Record<string, unknown> = {}) => ({
  providerId: PROVIDER_LISTING,
  serviceDescription: "The AC in the living room blows warm air",
  customerLocation: "Karrada, street 62, house 14",
  customerPhone: "0770 123 4567",
  preferredDate: tomorrow(),
  preferredTime: "evening",
  urgency: "high",
  ...overrides,
});

async function book(cookie: string, overrides: Record<string, unknown> = {}, init: RequestInit = {}) {
  return call("/api/bookings", { method: "POST", cookie, json: goodBooking(overrides), ...init });
}

describe("making a booking", () => {
  it("needs a signed-in user", async () => {
    const res = await call("/api/bookings", { method: "POST", json: goodBooking() });
    expect(res.status).toBe(401);
  });

  it("a customer books a provider: pending, theirs, counted, and the provider is notified", async () => {
    const customer = await registerUser({ name: "Noor Abbas" });
    const someoneElse = await registerUser({ name: "Someone Else" });
    const res = await book(customer.cookie, { customerId: someoneElse.id });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as {
      id: number;
      status: string;
      customerId: number;
      customerPhone: string;
      urgency: string;
    };
    expect(booking).toMatchObject({
      status: "pending",
      customerId: customer.id,
      customerPhone: "+9647701234567",
      urgency: "high",
    });

    const notice = await newestBell(await userIdByPhone(DEMO_ACCOUNTS.provider.phone));
    // the number, the customer's first name, the day, the slot and the area
    expect(notice?.title).toBe(`New booking request #${booking.id}`);
    // each part on its own line
    const [who, where, what] = (notice?.message ?? "").split("\n");
    expect(who).toMatch(/^\u2068Noor\u2069 · \w+day, \w+ \d{1,2}, 20\d\d, Evening \(5PM-8PM\)$/);
    expect(where).toBe("📍 \u2068Karrada, street 62, house 14\u2069");
    expect(what).toMatch(/^📝 /);
    const stats = await env.DB.prepare(
      "SELECT sum(booking_requests) AS n FROM provider_analytics WHERE provider_id = ?",
    )
      .bind(PROVIDER_LISTING)
      .first<{ n: number }>();
    expect(stats?.n).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [{ serviceDescription: "fix it" }, "Please describe the service you need"],
    [{ customerLocation: "Erb" }, "Please provide your location"],
    [{ customerPhone: "0770" }, "Please provide a valid phone number"],
    [{ urgency: "whenever" }, "Choose how urgent it is"],
    [{ preferredDate: "2020-01-01" }, "Past dates can't be chosen"],
    [{ providerId: 999999 }, "Provider Not Found"],
  ])("bad input %j → '%s' and no booking", async (bad, message) => {
    const customer = await registerUser();
    const res = await book(customer.cookie, bad);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.json()).toMatchObject({ message });
    const n = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
      .bind(customer.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("a double tap (same idempotency key) makes one booking", async () => {
    const customer = await registerUser();
    const first = await book(customer.cookie, { idempotencyKey: "tap-1" });
    const second = await book(customer.cookie, { idempotencyKey: "tap-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
      .bind(customer.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it(
    "the same form key sent four times at the same moment makes one booking, one alert and one request in the " +
      "listing's figures",
    async () => {
      const customer = await registerUser();
      const provider = await userIdByPhone(DEMO_ACCOUNTS.provider.phone);
      const requests = async () =>
        (await env.DB.prepare(
          "SELECT coalesce(sum(booking_requests), 0) AS n FROM provider_analytics WHERE provider_id = ?",
        )
          .bind(PROVIDER_LISTING)
          .first<number>("n"))!;
      const [before, bellBefore] = [await requests(), (await newestBell(provider))?.id ?? 0];
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => book(customer.cookie, { idempotencyKey: "tap-at-once" })),
      );
      const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: number }).id));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(ids).size).toBe(1);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
          .bind(customer.id)
          .first<number>("n"),
      ).toBe(1);
      expect((await newestBell(provider))!.id - bellBefore).toBe(1);
      expect((await requests()) - before).toBe(1);
    },
  );
  it(
    "a request that died after saving the booking and before its alert: a retry with the same key alerts once, " +
      "parallel retries too",
    async () => {
      const { createBooking } = await import("../../domain/bookings/createBooking");
      const customer = await registerUser();
      const provider = await userIdByPhone(DEMO_ACCOUNTS.provider.phone);
      const bellBefore = (await newestBell(provider))?.id ?? 0;
      // the provider's bell fails on the first request, after the row is written: the request dies there
      const ctx = serviceContext(env, {
        actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false },
      });
      const dying = {
        ...ctx,
        ports: {
          ...ctx.ports,
          bells: { ...ctx.ports.bells, add: async () => Promise.reject(new Error("object restarted")) },
        },
      };
      await expect(createBooking(dying, goodBooking({ idempotencyKey: "died-midway" }))).rejects.toThrow(
        "object restarted",
      );
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
          .bind(customer.id)
          .first<number>("n"),
      ).toBe(1);
      expect((await newestBell(provider))?.id ?? 0).toBe(bellBefore);

      const retries = await Promise.all([0, 1].map(() => book(customer.cookie, { idempotencyKey: "died-midway" })));
      expect(retries.map((r) => r.status)).toEqual([200, 200]);
      const { id } = (await retries[0]!.json()) as { id: number };
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
          .bind(customer.id)
          .first<number>("n"),
      ).toBe(1);
      const alert = await newestBell(provider);
      expect(alert?.title).toBe(`New booking request #${id}`);
      expect(alert!.id - bellBefore).toBe(1);
      // a later retry finds it alerted and sends nothing
      expect((await book(customer.cookie, { idempotencyKey: "died-midway" })).status).toBe(200);
      expect((await newestBell(provider))!.id - bellBefore).toBe(1);
    },
  );
  it(
    "a booking whose request stopped while holding its alerts is told by the minute sweep once the hold lapses, " +
      "and once",
    async () => {
      const { tellUntoldBookings, ALERTS_CLAIM_MS } = await import("../../domain/bookings/createBooking");
      const customer = await registerUser();
      const provider = await userIdByPhone(DEMO_ACCOUNTS.provider.phone);
      const bellBefore = (await newestBell(provider))?.id ?? 0;
      // the Worker stopped mid-request: the row is saved and held,
      // no alert went out (told bookings keep the column empty)
      const res = await book(customer.cookie, { idempotencyKey: "stopped-holding" });
      const { id } = (await res.json()) as { id: number };
      expect(
        await env.DB.prepare("SELECT alerts_due FROM bookings WHERE id = ?").bind(id).first("alerts_due"),
      ).toBeNull();
      await env.DB.prepare("UPDATE bookings SET alerts_due = ? WHERE id = ?").bind(Date.now(), id).run();
      const sweep = () => tellUntoldBookings(serviceContext(env));
      const bellNow = (await newestBell(provider))!.id;
      // still held: neither the sweep nor a retry sends
      expect(await sweep()).toEqual({ told: 0 });
      expect((await book(customer.cookie, { idempotencyKey: "stopped-holding" })).status).toBe(200);
      expect((await newestBell(provider))!.id).toBe(bellNow);
      // the hold lapsed: two sweeps at once tell it once
      await env.DB.prepare("UPDATE bookings SET alerts_due = ? WHERE id = ?")
        .bind(Date.now() - ALERTS_CLAIM_MS - 1, id)
        .run();
      const told = await Promise.all([sweep(), sweep()]);
      expect(told.map((t) => t.told).sort()).toEqual([0, 1]);
      const alert = await newestBell(provider);
      expect(alert?.title).toBe(`New booking request #${id}`);
      expect(alert!.id - bellNow).toBe(1);
      expect(bellNow - bellBefore).toBe(1);
      expect(
        await env.DB.prepare("SELECT alerts_due FROM bookings WHERE id = ?").bind(id).first("alerts_due"),
      ).toBeNull();
    },
  );
});

describe("a booking's life", () => {
  it("the provider accepts (the customer is told), a second accept changes nothing, the customer cancels", async () => {
    const customer = await registerUser({ name: "Ali Jaafar" });
    const { id } = (await (await book(customer.cookie)).json()) as { id: number };
    const provider = await providerCookie();

    expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: customer.cookie })).status).toBe(403);
    const accepted = await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: "accepted" });
    const told = await newestBell(customer.id);
    expect(told?.title).toBe("Booking accepted");

    const again = await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider });
    expect(again.status).toBe(409);
    expect((await call(`/api/bookings/${id}/decline`, { method: "POST", cookie: provider })).status).toBe(409);

    const cancelled = await call(`/api/bookings/${id}/cancel`, { method: "POST", cookie: customer.cookie });
    expect(await cancelled.json()).toMatchObject({ status: "cancelled" });
  });

  it("completing counts a completed service", async () => {
    const customer = await registerUser();
    const { id } = (await (await book(customer.cookie)).json()) as { id: number };
    const provider = await providerCookie();
    await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider });
    await slotBegun(id);
    const done = await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider });
    expect(await done.json()).toMatchObject({ status: "completed" });
    const stats = await env.DB.prepare(
      "SELECT sum(completed_services) AS n FROM provider_analytics WHERE provider_id = ?",
    )
      .bind(PROVIDER_LISTING)
      .first<{ n: number }>();
    expect(stats?.n).toBeGreaterThanOrEqual(1);
  });

  it("another customer can neither see nor touch someone's booking", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { id } = (await (await book(owner.cookie)).json()) as { id: number };
    expect((await call(`/api/bookings/${id}/cancel`, { method: "POST", cookie: stranger.cookie })).status).toBe(404);
    const list = (await (await call("/api/bookings", { cookie: stranger.cookie })).json()) as {
      asCustomer: unknown[];
      asProvider: unknown[];
    };
    expect(list.asCustomer).toHaveLength(0);
    expect(list.asProvider).toHaveLength(0);
    const status = await env.DB.prepare("SELECT status FROM bookings WHERE id = ?")
      .bind(id)
      .first<{ status: string }>();
    expect(status?.status).toBe("pending");
  });

  it("lists bookings for both sides", async () => {
    const customer = await registerUser();
    const { id } = (await (await book(customer.cookie)).json()) as { id: number };
    const mine = (await (await call("/api/bookings", { cookie: customer.cookie })).json()) as {
      asCustomer: { id: number }[];
    };
    expect(mine.asCustomer.map((b) => b.id)).toContain(id);
    const theirs = (await (await call("/api/bookings", { cookie: await providerCookie() })).json()) as {
      asProvider: { id: number }[];
    };
    expect(theirs.asProvider.map((b) => b.id)).toContain(id);
  });
});

describe("unanswered requests", () => {
  it(
    "a pending booking past its window (20:00 the day after it was made) expires on the cron, and its customer " +
      "is told",
    async () => {
      const { createExecutionContext, createScheduledController, waitOnExecutionContext } =
        await import("cloudflare:test");
      const worker = (await import("../../workers/dev")).default;
      const customer = await registerUser();
      const { id: old } = (await (await book(customer.cookie, { idempotencyKey: "old" })).json()) as { id: number };
      const { id: fresh } = (await (await book(customer.cookie, { idempotencyKey: "fresh" })).json()) as { id: number };
      // made two days ago: its window ended at 20:00 yesterday
      await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE id = ?")
        .bind(Date.now() - 49 * 3600_000, old)
        .run();

      const ctx = createExecutionContext();
      // the trigger fires each minute; expiry runs on the quarter hour (domain/scheduled.ts)
      const quarterHour = new Date(Math.floor(Date.now() / 900_000) * 900_000);
      await worker.scheduled(createScheduledController({ scheduledTime: quarterHour, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);

      const status = async (id: number) =>
        (await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(id).first<{ status: string }>())?.status;
      expect(await status(old)).toBe("expired");
      expect(await status(fresh)).toBe("pending");
      const told = await newestBell(customer.id);
      expect(told?.title).toBe("No answer to your booking");
      // an expired booking can't be accepted any more
      const provider = await providerCookie();
      expect((await call(`/api/bookings/${old}/accept`, { method: "POST", cookie: provider })).status).toBe(409);
    },
  );
});

describe("reviews", () => {
  const review = (overrides: Record<string, unknown> = {}) => ({
    rating: 4,
    serviceQuality: 5,
    punctuality: 4,
    communication: 5,
    valueForMoney: 4,
    wouldRecommend: true,
    comment: "Came on time, fixed the AC in an hour.",
    ...overrides,
  });

  async function completedBooking(existing?: Awaited<ReturnType<typeof registerUser>>) {
    const customer = existing ?? (await registerUser());
    const { id } = (await (await book(customer.cookie)).json()) as { id: number };
    const provider = await providerCookie();
    await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider });
    // its time has begun: "Done" is taken only from then
    await slotBegun(id);
    return { customer, id, provider };
  }

  const listing = async () =>
    (await env.DB.prepare("SELECT rating, review_count, is_verified FROM service_providers WHERE id = ?")
      .bind(PROVIDER_LISTING)
      .first<{ rating: number; review_count: number; is_verified: number }>())!;

  it(
    "only a completed booking can be reviewed, once, by its own customer; the listing's average and count move " +
      "together",
    async () => {
      const { customer, id, provider } = await completedBooking();
      const early = await call(`/api/bookings/${id}/review`, {
        method: "POST",
        cookie: customer.cookie,
        json: review(),
      });
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ message: "You can review a booking once it is completed" });

      await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider });
      const stranger = await registerUser();
      expect(
        (await call(`/api/bookings/${id}/review`, { method: "POST", cookie: stranger.cookie, json: review() })).status,
      ).toBe(404);
      const bad = await call(`/api/bookings/${id}/review`, {
        method: "POST",
        cookie: customer.cookie,
        json: review({ rating: 6 }),
      });
      expect(await bad.json()).toMatchObject({ message: "Choose 1 to 5 stars" });

      const before = await listing();
      const ok = await call(`/api/bookings/${id}/review`, {
        method: "POST",
        cookie: customer.cookie,
        json: review({ rating: 1 }),
      });
      expect(ok.status).toBe(201);
      const after = await listing();
      expect(after.review_count).toBe(before.review_count + 1);
      expect(after.rating).toBeCloseTo((before.rating * before.review_count + 1) / (before.review_count + 1), 6);

      const twice = await call(`/api/bookings/${id}/review`, {
        method: "POST",
        cookie: customer.cookie,
        json: review(),
      });
      expect(twice.status).toBe(409);
      expect((await listing()).review_count).toBe(after.review_count);
      const mine = (await (await call("/api/bookings", { cookie: customer.cookie })).json()) as {
        asCustomer: { id: number; hasReview: boolean }[];
      };
      expect(mine.asCustomer.find((b) => b.id === id)?.hasReview).toBe(true);
    },
  );

  it(
    "auto-verification counts only distinct verified customers not tied to the listing: ten throwaway reviews " +
      "cannot buy it",
    async () => {
      // a clean slate for the listing: no reviews, not verified, and a WhatsApp number we control
      const tiedLocal = freshPhone("0790");
      await env.DB.prepare("DELETE FROM reviews WHERE provider_id = ?").bind(PROVIDER_LISTING).run();
      await env.DB.prepare(
        "UPDATE service_providers SET review_count = 0, rating = 0, is_verified = 0, whatsapp = ? WHERE id = ?",
      )
        .bind("+964" + tiedLocal.slice(1), PROVIDER_LISTING)
        .run();
      const reviewAs = async (customer?: Awaited<ReturnType<typeof registerUser>>) => {
        const done = await completedBooking(customer);
        await call(`/api/bookings/${done.id}/complete`, { method: "POST", cookie: done.provider });
        const res = await call(`/api/bookings/${done.id}/review`, {
          method: "POST",
          cookie: done.customer.cookie,
          json: review({ rating: 5 }),
        });
        expect(res.status).toBe(201);
        return done.customer;
      };
      const regulars = [];
      for (let i = 0; i < 9; i++) regulars.push(await reviewAs());
      // the listing's own WhatsApp number, and a second review by a customer already counted, do not count
      await reviewAs(await registerUser({ phone: tiedLocal }));
      await reviewAs(regulars[0]);
      const before = await listing();
      // ten reviewers so far (the second review by regulars[0] replaced their first: ADR 022)
      expect(before.review_count).toBe(10);
      expect(before.is_verified).toBe(0);
      // the tenth independent, verified customer does
      await reviewAs();
      expect((await listing()).is_verified).toBe(1);
    },
    60_000,
  );

  it("a customer whose phone is not verified cannot review (nor book): 403 with the reason", async () => {
    const done = await completedBooking();
    await call(`/api/bookings/${done.id}/complete`, { method: "POST", cookie: done.provider });
    await env.DB.prepare("UPDATE users SET is_phone_verified = 0 WHERE id = ?").bind(done.customer.id).run();
    const res = await call(`/api/bookings/${done.id}/review`, {
      method: "POST",
      cookie: done.customer.cookie,
      json: review(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: "Confirm your phone number first: we sent a 12-digit code to it.",
    });
    expect((await book(done.customer.cookie)).status).toBe(403);
  });
});

describe("the provider's own pending booking", () => {
  it(
    'reads "Waiting for your answer" on the provider\'s /bookings, while the customer reads "Waiting for the ' +
      'provider"',
    async () => {
      const customer = await registerUser({ phone: freshPhone("0751") });
      expect((await book(customer.cookie)).status).toBe(201);
      const provider = await (await call("/bookings", { cookie: await providerCookie(), lang: "en" })).text();
      expect(provider).toContain("Waiting for your answer");
      const mine = await (await call("/bookings", { cookie: customer.cookie, lang: "en" })).text();
      expect(mine).toContain("Waiting for the provider");
      expect(mine).not.toContain("Waiting for your answer");
      const ar = await (await call("/bookings", { cookie: await providerCookie(), lang: "ar" })).text();
      expect(ar).toContain("بانتظار ردّك");
    },
  );
});

describe("what the pages say of a listing not on Dalil yet", () => {
  /**
   * A listing no account owns, named in both scripts, with a mobile number of its own: its reach is "not on Dalil yet".
   */
  async function unownedListing(id: number) {
    await env.DB.prepare(
      "UPDATE service_providers SET user_id = NULL, name = 'Abu Firas Plumbing', name_other = 'أبو فراس " +
        "للسباكة', phone = ?, is_verified = 1, is_available = 1, week = NULL, hidden_at = NULL WHERE id = ?",
    )
      .bind(`+9647709${String(id).padStart(6, "0")}`, id)
      .run();
    return id;
  }

  it(
    "a night request's confirmation says it was received and goes at 8 am, naming the listing in the reader's " +
      "script everywhere",
    async () => {
      const listing = await unownedListing(9);
      const customer = await registerUser({ phone: freshPhone("0751") });
      const res = await book(customer.cookie, { providerId: listing });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      // made at night: its text waits for 08:00 (the clock of the request, not of this run)
      const held = await env.DB.prepare(
        "UPDATE listing_requests SET send_at = ? WHERE booking_id = ? AND kind = 'booking'",
      )
        .bind(Date.now() + 6 * 3600_000, id)
        .run();
      expect(held.meta.changes).toBe(1);
      // what the page shows (its data for hydration carries both names)
      const shown = async (lang: string) =>
        (await (await call(`/booking-confirmation?id=${id}`, { cookie: customer.cookie, lang })).text()).replace(
          /<script[\s\S]*?<\/script>/g,
          "",
        );
      const heading = (html: string) => html.match(/data-testid="booking-confirmed"[^>]*>([\s\S]*?)<\/h1>/)![1];
      const ar = await shown("ar");
      expect(heading(ar)).toContain("استلمنا طلبك");
      expect(heading(ar)).toContain("٨ صباحاً");
      expect(ar).not.toContain("تم إرسال طلب الحجز");
      expect(ar).toContain("أبو فراس للسباكة");
      expect(ar).not.toContain("Abu Firas Plumbing");
      const en = await shown("en");
      expect(heading(en)).toMatch(/Request received: we text \u2068Abu Firas Plumbing\u2069 at 8:00/);
      expect(en).not.toContain("أبو فراس للسباكة");
      const ku = await shown("ku");
      expect(heading(ku)).toContain("وەرگیرا");
      expect(ku).toContain("أبو فراس للسباكة");
    },
  );

  it('wears no "Verified" beside "Not on Dalil yet": nobody owns it on Dalil to be verified', async () => {
    const listing = await unownedListing(8);
    const ar = await (await call(`/provider/${listing}`, { lang: "ar" })).text();
    expect(ar).toContain('data-reach="not-yet"');
    expect(ar).not.toContain('data-testid="verified-badge"');
    // a listing on Dalil keeps its badge
    await env.DB.prepare("UPDATE service_providers SET is_verified = 1 WHERE id = ?").bind(PROVIDER_LISTING).run();
    const owned = await (await call(`/provider/${PROVIDER_LISTING}`, { lang: "ar" })).text();
    expect(owned).toContain('data-testid="verified-badge"');
  });
});

describe("the web booking form offers the last address, as the bot does", () => {
  it(
    "a customer's second booking form holds their last booking's address, said to be the last one; a first one " +
      "is empty",
    async () => {
      const customer = await registerUser({ name: "Second Booking" });
      const form = async () => (await call("/book/1", { cookie: customer.cookie, lang: "en" })).text();
      const field = (html: string) => /<input[^>]*name="customerLocation"[^>]*>/.exec(html)?.[0] ?? "";
      const first = await form();
      expect(field(first)).not.toMatch(/value="[^"]+"/);
      expect(first).not.toContain("The address of your last booking");
      const day = new Date(Date.now() + 3 * 86_400_000 + 3 * 3600_000).toISOString().slice(0, 10);
      const made = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 1,
          serviceDescription: "The AC blows warm air again",
          customerLocation: "Karrada, street 62, house 14",
          customerPhone: customer.phone,
          preferredDate: day,
          preferredTime: "flexible",
        },
      });
      expect(made.status).toBe(201);
      const second = await form();
      expect(field(second)).toContain('value="Karrada, street 62, house 14"');
      expect(second).toContain("The address of your last booking: change it if this job is somewhere else.");
    },
  );
});

describe(
  "closed bookings past 60 days move to the archive and stay their two participants' (ADR 062, 069)",
  { timeout: 120_000 },
  () => {
    const DAY = 86_400_000;
    /** a day in Baghdad, `n` days before today */
    const daysAgo = (n: number) => new Date(Date.now() + 3 * 3600_000 - n * DAY).toISOString().slice(0, 10);
    /** the D1 column bytes (SQLite's length(), as tests/api/growth.test.ts counts) a booking holds, by table */
    async function bytesOfBooking(id: number): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const [table, column] of [
        ["bookings", "id"],
        ["payments", "booking_id"],
        ["booking_day_proposals", "booking_id"],
        ["scheduled_messages", "booking_id"],
        ["listing_requests", "booking_id"],
        ["reviews", "booking_id"],
      ]) {
        const { results: cols } = await env.DB.prepare("SELECT name FROM pragma_table_info(?)")
          .bind(table)
          .all<{ name: string }>();
        const sum = cols.map((c) => `coalesce(length("${c.name}"), 0)`).join(" + ");
        out[table] = (await env.DB.prepare(`SELECT coalesce(sum(${sum}), 0) AS n FROM "${table}" WHERE "${column}" = ?`)
          .bind(id)
          .first<{ n: number }>())!.n;
      }
      return out;
    }
    const rowExists = async (table: string, column: string, id: number) =>
      (await env.DB.prepare(`SELECT 1 AS x FROM ${table} WHERE ${column} = ?`).bind(id).first()) !== null;
    const doc = async (key: string) => {
      const object = await env.ARCHIVE.get(key);
      return object ? ((await object.json()) as Record<string, unknown>) : null;
    };
    async function allArchiveTexts() {
      const texts: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await env.ARCHIVE.list({ cursor });
        for (const o of page.objects) texts.push(await (await env.ARCHIVE.get(o.key))!.text());
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return texts;
    }

    it(
      "moves an old closed booking once, keeps young and open ones; both sides read it, a third person is " +
        "refused; its review stays; export has it; deletion empties the customer's part",
      async () => {
        const customer = await registerUser({ name: "Old Timer" });
        const stranger = await registerUser({ name: "Nosy Neighbour" });
        const provider = await providerCookie();
        const phone = freshPhone("0770");
        const place = `Zayouna, street ${customer.id}, house 9`;
        const make = async (what: string) =>
          (
            (await (
              await book(customer.cookie, { serviceDescription: what, customerPhone: phone, customerLocation: place })
            ).json()) as { id: number }
          ).id;
        const old = await make("Archived job: the water heater leaks at the bottom");
        const young = await make("Young job: the kitchen tap drips all night");
        const open = await make("Open job: the ceiling fan wobbles and hums");
        for (const id of [old, young, open])
          expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
        for (const id of [old, young]) await slotBegun(id);
        for (const id of [old, young])
          expect(
            (await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider, json: { amount: 25000 } }))
              .status,
          ).toBe(200);
        const comment = `Fixed the heater for good (${customer.id})`;
        const reviewed = await call(`/api/bookings/${old}/review`, {
          method: "POST",
          cookie: customer.cookie,
          json: {
            rating: 5,
            serviceQuality: 5,
            punctuality: 5,
            communication: 5,
            valueForMoney: 5,
            wouldRecommend: true,
            comment,
          },
        });
        expect(reviewed.status).toBe(201);
        // 70 days past its day: moved since ADR 069 (60 days), kept in
        // D1 under ADR 062's 90; the young one, 55 days past, stays
        const oldDay = daysAgo(70);
        await env.DB.batch([
          env.DB.prepare("UPDATE bookings SET preferred_date = ?, created_at = ? WHERE id = ?").bind(
            oldDay,
            Date.now() - 75 * DAY,
            old,
          ),
          env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(daysAgo(55), young),
          // accepted, its day long past, nobody said it ended: still open, it stays
          env.DB.prepare("UPDATE bookings SET preferred_date = ? WHERE id = ?").bind(oldDay, open),
          env.DB.prepare(
            "INSERT INTO booking_day_proposals (booking_id, proposed_by, side, date, time, status) VALUES (?, ?, " +
              "'customer', ?, 'morning', 'declined')",
          ).bind(old, customer.id, daysAgo(69)),
        ]);
        // a third person asking for a live booking: the refusal the archived one must give too
        const liveRefusal = await call(`/api/bookings/${young}`, { cookie: stranger.cookie });
        expect(liveRefusal.status).toBe(404);
        const refusal = await liveRefusal.json();

        const held = await bytesOfBooking(old);
        // this booking is the only one left to move: the seed's went before the file's first test
        expect(await drainArchive()).toEqual([1, 0]);
        expect(await rowExists("bookings", "id", old)).toBe(false);
        expect(await rowExists("payments", "booking_id", old)).toBe(false);
        expect(await rowExists("booking_day_proposals", "booking_id", old)).toBe(false);
        const left = await bytesOfBooking(old);
        const removed = Object.keys(held).reduce((n, t) => n + held[t] - left[t], 0);
        console.log(
          `D1 column bytes the archive removed with booking #${old}: ${removed}`,
          held,
          `its archive record: ${(await (await env.ARCHIVE.get(byIdKey(old)))!.text()).length} bytes, written 3 times`,
        );
        expect(left.bookings).toBe(0);
        expect(left.reviews).toBe(held.reviews);
        expect(await rowExists("bookings", "id", young)).toBe(true);
        expect(await rowExists("bookings", "id", open)).toBe(true);
        // the review stays in D1, and on the listing's profile
        expect(await rowExists("reviews", "booking_id", old)).toBe(true);
        expect(await (await call(`/provider/${PROVIDER_LISTING}`)).text()).toContain(comment);

        // run again: nothing doubled, nothing lost
        const month = oldDay.slice(0, 7);
        const monthKey = `bookings/customer/${customer.id}/${month}.json`;
        const before = JSON.stringify(await doc(monthKey));
        expect(await archiveOldBookings(serviceContext(env))).toEqual({ archived: 0 });
        const mine = (await doc(monthKey)) as { bookings: { id: number }[] };
        expect(mine.bookings.filter((b) => b.id === old)).toHaveLength(1);
        expect(JSON.stringify(mine)).toBe(before);
        const theirs = (await doc(`bookings/provider/${PROVIDER_LISTING}/${month}.json`)) as {
          bookings: { id: number }[];
        };
        expect(theirs.bookings.filter((b) => b.id === old)).toHaveLength(1);
        // a run that stopped after its writes, before D1's delete, writes the same again: still once
        await archiveOldBookings(serviceContext(env));
        expect(((await doc(monthKey)) as { bookings: unknown[] }).bookings).toHaveLength(mine.bookings.length);

        // the booking's API: its customer and its provider read it; a third person gets a live booking's refusal
        const asCustomer = await call(`/api/bookings/${old}`, { cookie: customer.cookie });
        expect(asCustomer.status).toBe(200);
        expect(await asCustomer.json()).toMatchObject({
          id: old,
          status: "completed",
          serviceDescription: "Archived job: the water heater leaks at the bottom",
          paidAmount: 25000,
          hasReview: true,
          archived: true,
        });
        const asProvider = await call(`/api/bookings/${old}`, { cookie: provider });
        expect(await asProvider.json()).toMatchObject({ id: old, customerLocation: place, customerName: "Old Timer" });
        const third = await call(`/api/bookings/${old}`, { cookie: stranger.cookie });
        expect(third.status).toBe(liveRefusal.status);
        expect(await third.json()).toEqual(refusal);
        expect((await call(`/api/bookings/${old}`)).status).toBe(401);

        // "Older bookings": the months, then one month, for each side; nothing for the third person
        expect(await (await call("/api/bookings/older", { cookie: customer.cookie })).json()).toEqual({
          months: [month],
        });
        const monthOf = async (cookie: string) =>
          (await (await call(`/api/bookings/older/${month}`, { cookie })).json()) as {
            asCustomer: { id: number }[];
            asProvider: { id: number }[];
          };
        expect((await monthOf(customer.cookie)).asCustomer.map((b) => b.id)).toEqual([old]);
        expect((await monthOf(provider)).asProvider.map((b) => b.id)).toContain(old);
        // the bot's "my bookings" names where the archived one is; someone with nothing archived is not told
        const apis = fakeChannelApis();
        try {
          const myBookingsOnWhatsApp = async (phone: string) => {
            apis.clear();
            expect((await postWhatsApp(waForm(phone, { Body: "my bookings" }))).status).toBe(200);
            return apis.texts("whatsapp", phone).join("\n");
          };
          const told = await myBookingsOnWhatsApp(customer.phone);
          expect(told).toContain("My bookings:");
          expect(told).toMatch(
            /Bookings that ended more than two months ago are on the website: https?:\/\/\S+\/bookings\/older/,
          );
          expect(await myBookingsOnWhatsApp(stranger.phone)).not.toContain("/bookings/older");
        } finally {
          apis.restore();
        }
        expect(await monthOf(stranger.cookie)).toMatchObject({ asCustomer: [], asProvider: [] });
        const badMonth = await call("/api/bookings/older/2026-13", { cookie: customer.cookie, lang: "ar" });
        expect(badMonth.status).toBe(400);
        expect(await badMonth.json()).toMatchObject({ message: "اختر شهرًا من القائمة." });
        // the page, in Sorani
        const page = await (
          await call(`/bookings/older?month=${month}`, { cookie: customer.cookie, lang: "ku" })
        ).text();
        expect(page).toContain("Archived job: the water heater leaks at the bottom");
        expect(page).toContain("کاتگرتنە کۆنترەکان");
        const strangersPage = await (await call(`/bookings/older?month=${month}`, { cookie: stranger.cookie })).text();
        expect(strangersPage).not.toContain("Archived job");
        expect(strangersPage).toContain("No older bookings.");

        // the download holds it, on both sides, with its day proposal
        const exported = JSON.parse(await (await call("/api/me/export", { cookie: customer.cookie })).text()) as {
          bookings: { id: number; location: string; phone: string }[];
          dayProposals: { bookingId: number; by: string }[];
        };
        expect(exported.bookings.find((b) => b.id === old)).toMatchObject({
          location: place,
          phone: expect.stringContaining(phone.slice(-7)),
        });
        expect(exported.dayProposals.filter((p) => p.bookingId === old)).toEqual([
          expect.objectContaining({ by: "me", status: "declined" }),
        ]);
        const providers = JSON.parse(await (await call("/api/me/export", { cookie: provider })).text()) as {
          bookingsOnMyListing: { id: number }[];
        };
        expect(providers.bookingsOnMyListing.map((b) => b.id)).toContain(old);

        // the customer leaves: her words (the job as she wrote it, phone, address, notes) leave the archive too; the
        // provider keeps the booking's day and status (ADR 077)
        expect(
          (
            await call("/api/auth/delete-account", {
              method: "POST",
              cookie: customer.cookie,
              json: { password: "tigris-river-21" },
            })
          ).status,
        ).toBe(200);
        expect((await env.ARCHIVE.list({ prefix: `bookings/customer/${customer.id}/` })).objects).toEqual([]);
        expect(await doc(byIdKey(old))).toMatchObject({
          serviceDescription: "",
          customerPhone: "",
          customerLocation: "",
          notes: null,
          status: "completed",
        });
        const texts = await allArchiveTexts();
        expect(texts.length).toBeGreaterThan(0);
        expect(
          texts.filter((t) => t.includes(place) || t.includes(phone.slice(-7)) || t.includes("water heater")),
        ).toEqual([]);
        expect(await (await call(`/api/bookings/${old}`, { cookie: provider })).json()).toMatchObject({
          id: old,
          customerName: "",
          customerLocation: "",
          serviceDescription: "",
          status: "completed",
        });
        // the review still counts, under "a former customer"
        expect(await rowExists("reviews", "booking_id", old)).toBe(true);
      },
    );

    it(
      "a busy listing's month of 120 archived bookings reads in one page for both sides (more than D1 binds in " +
        "one statement)",
      async () => {
        const customer = await registerUser({ name: "Busy Regular" });
        const day = daysAgo(200);
        await env.DB.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)
       INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, customer_phone, status,
       preferred_date)
       SELECT ?1, ?2, 'Busy month job ' || i, 'Mansour', '+9647700000001', 'completed', ?3 FROM n`,
        )
          .bind(customer.id, PROVIDER_LISTING, day)
          .run();
        expect(await drainArchive()).toEqual([50, 50, 20, 0]);
        const month = day.slice(0, 7);
        const theirs = await call(`/api/bookings/older/${month}`, { cookie: await providerCookie() });
        expect(theirs.status).toBe(200);
        expect(
          ((await theirs.json()) as { asProvider: { serviceDescription: string }[] }).asProvider.filter((b) =>
            b.serviceDescription.startsWith("Busy month job"),
          ),
        ).toHaveLength(120);
        const mine = (await (await call(`/api/bookings/older/${month}`, { cookie: customer.cookie })).json()) as {
          asCustomer: { customerName: string }[];
        };
        expect(mine.asCustomer).toHaveLength(120);
        expect(mine.asCustomer.every((b) => b.customerName === "Busy Regular")).toBe(true);
      },
    );

    it(
      "the admin console reads an archived booking, read-only, from the archive; its two sides and anyone else " +
        "are refused there (ADR 069)",
      async () => {
        const customer = await registerUser({ name: "Archived For Admin" });
        const provider = await providerCookie();
        const job = `Admin view job ${customer.id}: the boiler clicks and stops`;
        const id = ((await (await book(customer.cookie, { serviceDescription: job })).json()) as { id: number }).id;
        expect((await call(`/api/bookings/${id}/cancel`, { method: "POST", cookie: customer.cookie })).status).toBe(
          200,
        );
        await env.DB.prepare("UPDATE bookings SET preferred_date = ?, created_at = ? WHERE id = ?")
          .bind(daysAgo(70), Date.now() - 75 * DAY, id)
          .run();
        await drainArchive();
        expect(await rowExists("bookings", "id", id)).toBe(false);
        const login = await call("/api/auth/login", {
          method: "POST",
          json: { phone: DEMO_ACCOUNTS.admin.phone, password: DEMO_ACCOUNTS.admin.password },
        });
        const admin = (login.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
        const seen = await call(`/api/admin/archive/bookings/${id}`, { cookie: admin });
        expect(seen.status).toBe(200);
        expect(await seen.json()).toMatchObject({
          id,
          status: "cancelled",
          serviceDescription: job,
          customerName: "Archived For Admin",
          archived: true,
        });
        // the customer and the provider read it at /api/bookings/:id, not in the console
        for (const cookie of [customer.cookie, provider])
          expect((await call(`/api/admin/archive/bookings/${id}`, { cookie })).status).toBe(403);
        expect((await call(`/api/admin/archive/bookings/${id}`)).status).toBe(401);
        expect((await call("/api/admin/archive/bookings/999999999", { cookie: admin })).status).toBe(404);
        // read-only: the console has no verb that writes it
        expect((await call(`/api/admin/archive/bookings/${id}`, { method: "POST", cookie: admin })).status).toBe(404);
        // the console's tab, in Sorani: the booking by its number, and a number the archive does not hold
        const page = await (await call(`/admin?tab=archive&id=${id}`, { cookie: admin, lang: "ku" })).text();
        expect(page).toContain('data-testid="archived-booking"');
        expect(page).toContain(job);
        expect(page).toContain("کاتگرتنی ژمارە");
        expect(await (await call("/admin?tab=archive&id=999999999", { cookie: admin, lang: "en" })).text()).toContain(
          "No archived booking has that number.",
        );
        expect((await call(`/admin?tab=archive&id=${id}`, { cookie: customer.cookie })).status).toBe(403);
      },
    );

    it(
      "two runs merging into one month document at the same moment both land: R2's conditional put, and a retry " +
        "for the one that lost",
      async () => {
        const real = serviceContext(env).ports.archive;
        const key = `bookings/provider/${PROVIDER_LISTING}/2025-01.json`;
        await real.delete([key]);
        // both runs read the document before either writes it: the overlap ADR 062 named
        let reads = 0;
        let bothRead!: () => void;
        const barrier = new Promise<void>((resolve) => (bothRead = resolve));
        const gate = async <T>(got: T) => {
          if (++reads === 2) bothRead();
          if (reads <= 2) await barrier;
          return got;
        };
        const overlapping = {
          ...real,
          get: async (k: string) => gate(await real.get(k)),
          read: async (k: string) => gate(await real.read(k)),
        };
        const record = (id: number) =>
          ({
            id,
            preferredDate: `2025-01-${String(10 + id).padStart(2, "0")}`,
            createdAt: Date.UTC(2025, 0, 1),
            month: "2025-01",
          }) as unknown as Parameters<typeof mergeInto>[2][number];
        await Promise.all([mergeInto(overlapping, key, [record(1)]), mergeInto(overlapping, key, [record(2)])]);
        expect(reads).toBeGreaterThanOrEqual(3);
        const doc = JSON.parse((await real.get(key))!) as { bookings: { id: number }[] };
        expect(doc.bookings.map((b) => b.id)).toEqual([2, 1]);
        // a third run with a record already there changes nothing
        await mergeInto(real, key, [record(1)]);
        expect(
          (JSON.parse((await real.get(key))!) as { bookings: { id: number }[] }).bookings.map((b) => b.id),
        ).toEqual([2, 1]);
        await real.delete([key]);
      },
    );
  },
);
