import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../db/client";
import { countProviderEvent } from "../../domain/analytics/countProviderEvent";
import { platformPorts } from "../../workers/services";
import { call } from "../http";
import { registerUser, signIn } from "../sessions";
import { newestBell } from "../bell";

// these tests walk whole flows through many requests: give them room on a busy machine
vi.setConfig({ testTimeout: 30_000 });

/** The demo provider runs listing #1 (tests/seed.ts). */
const DEMO_LISTING = 1;

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const tomorrow = () => new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);

async function demoListing() {
  return (await env.DB.prepare(
    "SELECT category_id AS categoryId, city, city_id AS cityId FROM service_providers WHERE id = ?",
  )
    .bind(DEMO_LISTING)
    .first<{ categoryId: number; city: string; cityId: number }>())!;
}

/** A provider account with an approved listing, made the real way: application, then the admin's approval. */
async function approvedProvider(overrides: { categoryId: number; city: string; name?: string }) {
  const user = await registerUser({ name: overrides.name ?? "Second Provider" });
  const applied = await call("/api/provider-applications", {
    method: "POST",
    cookie: user.cookie,
    json: {
      businessName: overrides.name ?? "Second Provider Co",
      specialty: "Air conditioning repair",
      categoryId: overrides.categoryId,
      city: overrides.city,
      location: "Main street, near the market",
      phone: user.phone,
      whatsapp: "",
    },
  });
  expect(applied.status).toBe(201);
  const { id } = await json<{ id: number }>(applied);
  const approved = await call(`/api/admin/applications/${id}/approve`, {
    method: "POST",
    cookie: await signIn("admin"),
  });
  expect(approved.status).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM service_providers WHERE user_id = ?")
    .bind(user.id)
    .first<{ id: number }>();
  return { ...user, listingId: row!.id };
}

const goodRequest = (p: { categoryId: number; city: string }, overrides: Record<string, unknown> = {}) => ({
  categoryId: p.categoryId,
  city: p.city,
  title: "Split AC not cooling",
  description: "The split unit in the bedroom blows warm air since yesterday.",
  budget: "50,000",
  urgency: "high",
  location: "Karrada, street 62, house 14",
  deadline: tomorrow(),
  ...overrides,
});
const goodQuote = (overrides: Record<string, unknown> = {}) => ({
  message: "I can come tomorrow with gas and tools.",
  price: 40000,
  duration: "2 hours",
  availableOn: tomorrow(),
  ...overrides,
});

describe("the provider's dashboard API", () => {
  it("anonymous is 401, a customer is 403, the demo provider reads their own dashboard", async () => {
    expect((await call("/api/dashboard")).status).toBe(401);
    const customer = await signIn("customer");
    for (const path of ["/api/dashboard", "/api/dashboard/analytics", "/api/dashboard/listing"])
      expect((await call(path, { cookie: customer })).status).toBe(403);
    expect(
      (await call("/api/dashboard/availability", { method: "POST", cookie: customer, json: { available: false } }))
        .status,
    ).toBe(403);
    const res = await call("/api/dashboard", { cookie: await signIn("provider") });
    expect(res.status).toBe(200);
    const body = await json<{ listing: { id: number }; analytics: { days: unknown[] } }>(res);
    expect(body.listing.id).toBe(DEMO_LISTING);
    expect(body.analytics.days).toHaveLength(30);
  });

  it("a provider reading another provider's analytics gets 403; their own is 200", async () => {
    const p = await demoListing();
    const other = await approvedProvider(p);
    expect((await call(`/api/providers/${DEMO_LISTING}/analytics`, { cookie: other.cookie })).status).toBe(403);
    expect((await call(`/api/providers/${other.listingId}/analytics`, { cookie: other.cookie })).status).toBe(200);
  });

  it(
    "a provider edits their own listing through the admin's writer, but cannot set verified, rating or name; a " +
      "rename is a request the admin sees",
    async () => {
      const p = await demoListing();
      const provider = await signIn("provider");
      const before = (await env.DB.prepare(
        "SELECT name, is_verified, rating, review_count FROM service_providers WHERE id = ?",
      )
        .bind(DEMO_LISTING)
        .first<{ name: string; is_verified: number; rating: number; review_count: number }>())!;
      const res = await call("/api/dashboard/listing", {
        method: "PUT",
        cookie: provider,
        json: {
          specialty: "Plumber",
          categoryId: p.categoryId,
          city: p.city,
          location: "Mansour, 14th Ramadan street",
          phone: "0770 000 0003",
          description: "Leaks and heaters",
          isVerified: !before.is_verified,
          rating: 5,
          reviewCount: 999,
          name: "Sneaky Rename",
        },
      });
      expect(res.status).toBe(200);
      const after = (await env.DB.prepare(
        "SELECT name, is_verified, rating, review_count, specialty, specialty_ar, search_text FROM " +
          "service_providers WHERE id = ?",
      )
        .bind(DEMO_LISTING)
        .first<Record<string, unknown>>())!;
      expect(after).toMatchObject({
        name: before.name,
        is_verified: before.is_verified,
        rating: before.rating,
        review_count: before.review_count,
        specialty: "Plumber",
      });
      // the writer recomputed the translation and the search text
      expect(after.specialty_ar).toBeTruthy();
      expect(String(after.search_text)).toContain("plumber");
      const search = await json<{ items: { id: number }[] }>(await call("/api/providers?search=plumber&limit=50"));
      expect(search.items.map((i) => i.id)).toContain(DEMO_LISTING);

      expect(
        (
          await call("/api/dashboard/rename-request", {
            method: "POST",
            cookie: provider,
            json: { name: "Ali Cooling Services" },
          })
        ).status,
      ).toBe(200);
      const admin = await json<{ items: { id: number; name: string; requestedName: string | null }[] }>(
        await call(`/api/admin/providers?search=${encodeURIComponent(before.name)}`, { cookie: await signIn("admin") }),
      );
      const listed = admin.items.find((i) => i.id === DEMO_LISTING);
      expect(listed).toMatchObject({ name: before.name, requestedName: "Ali Cooling Services" });
    },
  );

  it("the availability switch changes the order in search and in the plain list", async () => {
    const p = await demoListing();
    const provider = await signIn("provider");
    const ids = async (q: string) =>
      (await json<{ items: { id: number; isAvailable: boolean }[] }>(await call(`/api/providers?${q}`))).items;
    const list = `category=${p.categoryId}&limit=50`;
    const queries = [
      list,
      `search=${encodeURIComponent("Plumber")}&limit=50`,
      list + `&city=${encodeURIComponent(p.city)}`,
    ];
    const before = await Promise.all(queries.map(async (q) => (await ids(q)).findIndex((i) => i.id === DEMO_LISTING)));
    expect(before.every((at) => at >= 0)).toBe(true);
    expect(
      (await call("/api/dashboard/availability", { method: "POST", cookie: provider, json: { available: false } }))
        .status,
    ).toBe(200);
    for (const [n, q] of queries.entries()) {
      const items = await ids(q);
      const at = items.findIndex((i) => i.id === DEMO_LISTING);
      expect(items[at]!.isAvailable).toBe(false);
      // it moved down, behind every available listing
      expect(at).toBeGreaterThan(before[n]!);
      expect(items.slice(at + 1).every((i) => !i.isAvailable)).toBe(true);
    }
    expect(
      (await call("/api/dashboard/availability", { method: "POST", cookie: provider, json: { available: true } }))
        .status,
    ).toBe(200);
    expect((await ids(list)).find((i) => i.id === DEMO_LISTING)?.isAvailable).toBe(true);
  });
});

describe("service requests and quotes", () => {
  it(
    "a customer posts a request; a provider of another category gets 403; a second quote is 409; proposalCount " +
      "follows",
    async () => {
      const p = await demoListing();
      const customer = await registerUser({ name: "Huda Kareem" });
      expect((await call("/api/requests", { method: "POST", json: goodRequest(p) })).status).toBe(401);
      const bad = await call("/api/requests", {
        method: "POST",
        cookie: customer.cookie,
        json: goodRequest(p, { title: "", budget: "lots" }),
      });
      expect(bad.status).toBe(400);
      const posted = await call("/api/requests", { method: "POST", cookie: customer.cookie, json: goodRequest(p) });
      expect(posted.status).toBe(201);
      const request = await json<{ id: number; budget: number; state: string }>(posted);
      expect(request).toMatchObject({ budget: 50000, state: "open" });

      const otherCategory = (await env.DB.prepare("SELECT id FROM categories WHERE id != ? ORDER BY id LIMIT 1")
        .bind(p.categoryId)
        .first<{ id: number }>())!.id;
      const wrong = await approvedProvider({ categoryId: otherCategory, city: p.city, name: "Wrong Trade" });
      const refused = await call(`/api/requests/${request.id}/quotes`, {
        method: "POST",
        cookie: wrong.cookie,
        json: goodQuote(),
      });
      expect(refused.status).toBe(403);

      const provider = await signIn("provider");
      const dash = await json<{ openRequests: { id: number }[] }>(await call("/api/dashboard", { cookie: provider }));
      expect(dash.openRequests.map((r) => r.id)).toContain(request.id);
      expect(
        (await call(`/api/requests/${request.id}/quotes`, { method: "POST", cookie: provider, json: goodQuote() }))
          .status,
      ).toBe(201);
      const again = await call(`/api/requests/${request.id}/quotes`, {
        method: "POST",
        cookie: provider,
        json: goodQuote({ price: 30000 }),
      });
      expect(again.status).toBe(409);
      const row = await env.DB.prepare(
        "SELECT proposal_count AS n, (SELECT count(*) FROM provider_proposals WHERE service_request_id = ?1) AS " +
          "quotes FROM service_requests WHERE id = ?1",
      )
        .bind(request.id)
        .first<{ n: number; quotes: number }>();
      expect(row).toEqual({ n: 1, quotes: 1 });
      // the customer was told
      const notice = await newestBell(customer.id);
      expect(notice?.title).toBe("New quote on your request");
    },
  );

  it(
    "accepting one quote books it and declines the rest; a concurrent second accept gets 409 and nothing is " +
      "doubled",
    async () => {
      const p = await demoListing();
      const customer = await registerUser();
      const request = await json<{ id: number }>(
        await call("/api/requests", { method: "POST", cookie: customer.cookie, json: goodRequest(p) }),
      );
      const second = await approvedProvider(p);
      const q1 = await json<{ id: number }>(
        await call(`/api/requests/${request.id}/quotes`, {
          method: "POST",
          cookie: await signIn("provider"),
          json: goodQuote(),
        }),
      );
      const q2 = await json<{ id: number }>(
        await call(`/api/requests/${request.id}/quotes`, {
          method: "POST",
          cookie: second.cookie,
          json: goodQuote({ price: 35000 }),
        }),
      );

      // someone else can't accept it
      const stranger = await registerUser();
      expect(
        (await call(`/api/requests/${request.id}/quotes/${q1.id}/accept`, { method: "POST", cookie: stranger.cookie }))
          .status,
      ).toBe(404);

      const [a, b, c] = await Promise.all([
        call(`/api/requests/${request.id}/quotes/${q2.id}/accept`, { method: "POST", cookie: customer.cookie }),
        call(`/api/requests/${request.id}/quotes/${q1.id}/accept`, { method: "POST", cookie: customer.cookie }),
        call(`/api/requests/${request.id}/quotes/${q2.id}/accept`, { method: "POST", cookie: customer.cookie }),
      ]);
      const statuses = [a.status, b.status, c.status].sort();
      expect(statuses).toEqual([201, 409, 409]);
      const bookings = await env.DB.prepare(
        "SELECT provider_id, status, estimated_cost FROM bookings WHERE customer_id = ?",
      )
        .bind(customer.id)
        .all<{ provider_id: number; status: string; estimated_cost: number }>();
      expect(bookings.results).toHaveLength(1);
      const winner = bookings.results[0]!;
      expect(winner.status).toBe("accepted");
      const quotes = await env.DB.prepare(
        "SELECT id, status, booking_id FROM provider_proposals WHERE service_request_id = ? ORDER BY id",
      )
        .bind(request.id)
        .all<{ id: number; status: string; booking_id: number | null }>();
      expect(quotes.results.filter((q) => q.status === "accepted")).toHaveLength(1);
      expect(quotes.results.filter((q) => q.status === "rejected")).toHaveLength(1);
      expect(quotes.results.find((q) => q.status === "accepted")!.booking_id).not.toBeNull();
      const req = await env.DB.prepare("SELECT status FROM service_requests WHERE id = ?")
        .bind(request.id)
        .first<{ status: string }>();
      expect(req?.status).toBe("closed");
      // the address reads in the customer's language: their words, then the city, joined as English joins them
      const where = await env.DB.prepare(
        "SELECT b.customer_location AS l, r.preferred_location AS loc, r.city AS city FROM bookings b, " +
          "service_requests r WHERE b.customer_id = ? AND r.id = ?",
      )
        .bind(customer.id, request.id)
        .first<{ l: string; loc: string; city: string }>();
      expect(where!.l).toBe(`${where!.loc}, ${where!.city}`);
      // closed: a late accept and a late quote are both 409
      expect(
        (await call(`/api/requests/${request.id}/quotes/${q1.id}/accept`, { method: "POST", cookie: customer.cookie }))
          .status,
      ).toBe(409);

      // the customer's page shows the quotes with rating and verified mark
      const page = await json<{
        as: string;
        quotes: { providerRating: number; providerVerified: boolean; status: string }[];
      }>(await call(`/api/requests/${request.id}`, { cookie: customer.cookie }));
      expect(page.as).toBe("customer");
      expect(page.quotes).toHaveLength(2);
      expect(page.quotes[0]).toHaveProperty("providerVerified");
    },
  );
});

describe("a booking from an accepted quote on the customer's My bookings", () => {
  it("shows the agreed price, and the request's title apart from its description", async () => {
    const p = await demoListing();
    const customer = await registerUser();
    const request = await json<{ id: number }>(
      await call("/api/requests", { method: "POST", cookie: customer.cookie, json: goodRequest(p) }),
    );
    const quote = await json<{ id: number }>(
      await call(`/api/requests/${request.id}/quotes`, {
        method: "POST",
        cookie: await signIn("provider"),
        json: goodQuote({ price: 42000 }),
      }),
    );
    expect(
      (await call(`/api/requests/${request.id}/quotes/${quote.id}/accept`, { method: "POST", cookie: customer.cookie }))
        .status,
    ).toBe(201);
    const html = await (await call("/bookings", { cookie: customer.cookie, lang: "en" })).text();
    expect(html).toMatch(/data-testid="agreed-price"[^>]*>Agreed price: (IQD|)\s?42,000/);
    const { title } = goodRequest(p);
    expect(html).toContain(`data-testid="booking-job-title">${title}</span>`);
    const ar = await (await call("/bookings", { cookie: customer.cookie, lang: "ar" })).text();
    expect(ar).toContain("السعر المتفق عليه");
    expect(ar).toContain("٤٢٬٠٠٠");
  });

  it(
    "the request page greets a new request, stops once a " + "quote is taken, and joins the place with an Arabic comma",
    async () => {
      const p = await demoListing();
      const customer = await registerUser();
      const request = await json<{ id: number }>(
        await call("/api/requests", { method: "POST", cookie: customer.cookie, json: goodRequest(p) }),
      );
      const page = async () =>
        (await call(`/requests/${request.id}?posted=1`, { cookie: customer.cookie, lang: "ar" })).text();
      const fresh = await page();
      expect(fresh).toContain("تم نشر طلبك");
      const { location } = goodRequest(p) as { location: string };
      expect(fresh).toContain(`${location}، `);
      expect(fresh).not.toContain(`${location}, `);
      const quote = await json<{ id: number }>(
        await call(`/api/requests/${request.id}/quotes`, {
          method: "POST",
          cookie: await signIn("provider"),
          json: goodQuote(),
        }),
      );
      expect(
        (
          await call(`/api/requests/${request.id}/quotes/${quote.id}/accept`, {
            method: "POST",
            cookie: customer.cookie,
          })
        ).status,
      ).toBe(201);
      expect(await page()).not.toContain("تم نشر طلبك");
    },
  );
});

describe("cash payments", () => {
  it("is recorded on completion by the booking's provider only, once, and both sides see it", async () => {
    const customer = await registerUser();
    const provider = await signIn("provider");
    const made = await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json: {
        providerId: DEMO_LISTING,
        serviceDescription: "Fix the kitchen sink leak please",
        customerLocation: "Karrada, street 62",
        customerPhone: customer.phone,
      },
    });
    expect(made.status).toBe(201);
    const { id } = await json<{ id: number }>(made);
    expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
    // the customer cannot record a payment or complete
    expect(
      (await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: customer.cookie, json: { amount: 1000 } }))
        .status,
    ).toBe(403);
    const stranger = await registerUser();
    expect(
      (await call(`/api/bookings/${id}/payment`, { method: "POST", cookie: stranger.cookie, json: { amount: 1000 } }))
        .status,
    ).toBe(404);
    // bad amount: nothing changes
    expect(
      (await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider, json: { amount: "-5" } })).status,
    ).toBe(400);
    expect(
      (await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(id).first<{ status: string }>())?.status,
    ).toBe("accepted");

    const done = await call(`/api/bookings/${id}/complete`, {
      method: "POST",
      cookie: provider,
      json: { amount: "٢٥٬٠٠٠" },
    });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ status: "completed", paidAmount: 25000 });
    const pay = await env.DB.prepare(
      "SELECT amount, payment_method, platform_fee, provider_earnings, customer_id, provider_id FROM payments " +
        "WHERE booking_id = ?",
    )
      .bind(id)
      .all();
    expect(pay.results).toEqual([
      {
        amount: 25000,
        payment_method: "cash",
        platform_fee: 0,
        provider_earnings: 25000,
        customer_id: customer.id,
        provider_id: DEMO_LISTING,
      },
    ]);
    expect(
      (await call(`/api/bookings/${id}/payment`, { method: "POST", cookie: provider, json: { amount: 1000 } })).status,
    ).toBe(409);
    expect(
      (await call(`/api/bookings/${id}/payment`, { method: "POST", cookie: customer.cookie, json: { amount: 1000 } }))
        .status,
    ).toBe(403);
    const mine = await json<{ asCustomer: { id: number; paidAmount: number | null }[] }>(
      await call("/api/bookings", { cookie: customer.cookie }),
    );
    expect(mine.asCustomer.find((b) => b.id === id)?.paidAmount).toBe(25000);
  });
});

describe("completing without an amount", () => {
  it("completes the booking and records no payment", async () => {
    const customer = await registerUser();
    const provider = await signIn("provider");
    const made = await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json: {
        providerId: DEMO_LISTING,
        serviceDescription: "Fix the bathroom tap please",
        customerLocation: "Karrada, street 62",
        customerPhone: customer.phone,
      },
    });
    const { id } = await json<{ id: number }>(made);
    expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
    const done = await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await json(done)).toMatchObject({ status: "completed", paidAmount: null });
  });
});

describe("hidden listings", () => {
  it(
    "the admin's delete hides: 404 for the public, out of search, not bookable, the customer's old booking still " +
      "listed; restore brings it back",
    async () => {
      const p = await demoListing();
      const listing = await approvedProvider({ ...p, name: "Soon Hidden" });
      const customer = await registerUser();
      const made = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: listing.listingId,
          serviceDescription: "Please service my water heater",
          customerLocation: "Karrada, street 62",
          customerPhone: customer.phone,
        },
      });
      expect(made.status).toBe(201);
      const admin = await signIn("admin");
      expect((await call(`/api/providers/${listing.listingId}`, { method: "DELETE", cookie: admin })).status).toBe(200);

      const pub = await call(`/api/providers/${listing.listingId}`);
      expect(pub.status).toBe(404);
      expect(await json(pub)).toMatchObject({ message: "Provider Not Found" });
      const page = await call(`/provider/${listing.listingId}`);
      expect(page.status).toBe(404);
      const list = await json<{ items: { id: number }[] }>(
        await call(`/api/providers?category=${p.categoryId}&limit=50`),
      );
      expect(list.items.map((i) => i.id)).not.toContain(listing.listingId);
      const search = await json<{ items: { id: number }[] }>(
        await call(`/api/providers?search=${encodeURIComponent("Soon Hidden")}&limit=50`),
      );
      expect(search.items.map((i) => i.id)).not.toContain(listing.listingId);
      const rebook = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: listing.listingId,
          serviceDescription: "Please service my water heater",
          customerLocation: "Karrada, street 62",
          customerPhone: customer.phone,
        },
      });
      expect(rebook.status).toBe(404);

      // the row is still there, and so is the history
      const mine = await json<{ asCustomer: { providerId: number; providerName: string }[] }>(
        await call("/api/bookings", { cookie: customer.cookie }),
      );
      expect(mine.asCustomer.map((b) => b.providerId)).toContain(listing.listingId);
      const theirs = await json<{ asProvider: unknown[] }>(await call("/api/bookings", { cookie: listing.cookie }));
      expect(theirs.asProvider).toHaveLength(1);

      const adminList = await json<{ items: { id: number; hidden: boolean }[] }>(
        await call("/api/admin/providers?search=Soon", { cookie: admin }),
      );
      expect(adminList.items.find((i) => i.id === listing.listingId)?.hidden).toBe(true);
      expect(
        (await call(`/api/admin/providers/${listing.listingId}/restore`, { method: "POST", cookie: admin })).status,
      ).toBe(200);
      expect((await call(`/api/providers/${listing.listingId}`)).status).toBe(200);
    },
  );
});

describe("analytics", () => {
  it("counts a view, a call click and a booking on the right day in Iraq time", async () => {
    const p = await demoListing();
    const listing = await approvedProvider({ ...p, name: "Counted Provider" });
    const customer = await registerUser();
    // whatever the clock says now, Iraq's day is UTC+3
    const iraqDay = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await call(`/api/providers/${listing.listingId}/contact-click`, { method: "POST", json: { kind: "call" } }))
        .status,
    ).toBeLessThan(300);
    expect((await call(`/provider/${listing.listingId}`)).status).toBe(200);
    expect(
      (
        await call("/api/bookings", {
          method: "POST",
          cookie: customer.cookie,
          json: {
            providerId: listing.listingId,
            serviceDescription: "Please service my water heater",
            customerLocation: "Karrada, street 62",
            customerPhone: customer.phone,
          },
        })
      ).status,
    ).toBe(201);
    // the profile view is counted after the response (waitUntil): wait for it
    let stats: Record<string, number> | null = null;
    for (let i = 0; i < 50; i++) {
      stats = await env.DB.prepare(
        "SELECT date, profile_views, contact_clicks, call_clicks, booking_requests FROM provider_analytics " +
          "WHERE provider_id = ?",
      )
        .bind(listing.listingId)
        .first();
      if (stats && stats.profile_views === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(stats).toMatchObject({
      date: iraqDay,
      profile_views: 1,
      contact_clicks: 1,
      call_clicks: 1,
      booking_requests: 1,
    });
    const view = await json<{
      days: { date: string; profileViews: number; callClicks: number; bookingRequests: number }[];
    }>(await call("/api/dashboard/analytics", { cookie: listing.cookie }));
    expect(view.days.at(-1)).toMatchObject({ date: iraqDay, profileViews: 1, callClicks: 1, bookingRequests: 1 });
  });

  it("an event at 22:30 UTC lands on the next day's row (Iraq is UTC+3)", async () => {
    const db = createDb(env.DB);
    await countProviderEvent(
      { db, ports: platformPorts(env), actor: { kind: "anonymous" }, now: () => new Date("2026-03-01T22:30:00Z") },
      DEMO_LISTING,
      "whatsapp",
    );
    await countProviderEvent(
      { db, ports: platformPorts(env), actor: { kind: "anonymous" }, now: () => new Date("2026-03-01T20:59:00Z") },
      DEMO_LISTING,
      "view",
    );
    const rows = await env.DB.prepare(
      "SELECT date, profile_views, whatsapp_clicks FROM provider_analytics WHERE provider_id = ? AND date LIKE " +
        "'2026-03-0%' ORDER BY date",
    )
      .bind(DEMO_LISTING)
      .all();
    expect(rows.results).toEqual([
      { date: "2026-03-01", profile_views: 1, whatsapp_clicks: 0 },
      { date: "2026-03-02", profile_views: 0, whatsapp_clicks: 1 },
    ]);
  });
});

describe("an accepted quote's address in the customer's language", () => {
  it("an Arabic reader's booking says «…، البصرة», not «…, Basra»", async () => {
    const p = await demoListing();
    const customer = await registerUser();
    await call("/api/auth/me", { cookie: customer.cookie, lang: "ar" }); // reads Arabic: the account follows
    const request = await json<{ id: number }>(
      await call("/api/requests", { method: "POST", cookie: customer.cookie, lang: "ar", json: goodRequest(p) }),
    );
    const quote = await json<{ id: number }>(
      await call(`/api/requests/${request.id}/quotes`, {
        method: "POST",
        cookie: await signIn("provider"),
        json: goodQuote(),
      }),
    );
    expect(
      (
        await call(`/api/requests/${request.id}/quotes/${quote.id}/accept`, {
          method: "POST",
          cookie: customer.cookie,
          lang: "ar",
        })
      ).status,
    ).toBe(201);
    const row = await env.DB.prepare(
      "SELECT b.customer_location AS l, r.preferred_location AS loc, c.name_ar AS ar, c.name_en AS en FROM " +
        "bookings b, service_requests r JOIN cities c ON c.id = r.city_id WHERE b.customer_id = ? AND r.id = ?",
    )
      .bind(customer.id, request.id)
      .first<{ l: string; loc: string; ar: string; en: string }>();
    expect(row!.l).toBe(`${row!.loc}، ${row!.ar}`);
    expect(row!.l).not.toContain(row!.en);
  });

  it(
    "the provider's cards name the customer and keep the request's title apart from its description, cut at a " +
      "word",
    async () => {
      const p = await demoListing();
      const customer = await registerUser({ name: "Karwan Aziz" });
      const request = await json<{ id: number }>(
        await call("/api/requests", { method: "POST", cookie: customer.cookie, json: goodRequest(p) }),
      );
      const provider = await signIn("provider");
      const quote = await json<{ id: number }>(
        await call(`/api/requests/${request.id}/quotes`, { method: "POST", cookie: provider, json: goodQuote() }),
      );
      expect(
        (
          await call(`/api/requests/${request.id}/quotes/${quote.id}/accept`, {
            method: "POST",
            cookie: customer.cookie,
          })
        ).status,
      ).toBe(201);
      const mine = await json<{ asProvider: { customerName: string; serviceDescription: string }[] }>(
        await call("/api/bookings", { cookie: provider, lang: "en" }),
      );
      const booked = mine.asProvider.find((b) => b.customerName === "Karwan Aziz")!;
      const [title, description] = booked.serviceDescription.split("\n");
      for (const page of ["/bookings", "/dashboard"]) {
        const html = await (await call(page, { cookie: provider, lang: "en" })).text();
        const at = html.indexOf("Karwan Aziz");
        expect(at, page).toBeGreaterThan(0);
        const card = html.slice(at - 700, at + 700);
        expect(card, page).toContain(title);
        expect(card, page).toContain(description.slice(0, 20));
        // the title is not run into the description
        expect(card, page).not.toContain(`${title} ${description.slice(0, 10)}`);
      }
    },
  );
});

describe("one source per figure", () => {
  it(
    "the profile, the search card, the dashboard and the API agree on a listing's rating, reviews, chats and " +
      "bookings",
    async () => {
      const provider = await signIn("provider");
      // the seed writes the reviews it counts: every seeded listing's figures are its reviews'
      const seeded = await env.DB.prepare(
        "SELECT count(*) AS n FROM service_providers p WHERE p.review_count <> (SELECT count(*) FROM reviews r " +
          "WHERE r.provider_id = p.id) OR abs(p.rating - coalesce((SELECT avg(r.rating) FROM reviews r WHERE " +
          "r.provider_id = p.id), 0)) > 0.0001",
      ).first<{ n: number }>();
      expect(seeded!.n).toBe(0);
      const before = await json<{ rating: number; reviewCount: number }>(await call(`/api/providers/${DEMO_LISTING}`));

      // two customers book, the provider completes, each reviews (4 and 5); a third only writes in the chat
      const ratings = [4, 5];
      for (const [i, rating] of ratings.entries()) {
        const customer = await registerUser({ name: `Figures Customer ${i}` });
        const made = await json<{ id: number }>(
          await call("/api/bookings", {
            method: "POST",
            cookie: customer.cookie,
            json: {
              providerId: DEMO_LISTING,
              serviceDescription: "The water heater does not heat at all",
              customerLocation: "Karrada, street 62",
              customerPhone: customer.phone,
              preferredDate: tomorrow(),
              urgency: "normal",
            },
          }),
        );
        expect((await call(`/api/bookings/${made.id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
        // its time has begun: "Done" is taken only from then
        await env.DB.prepare("UPDATE bookings SET preferred_date = date('now', '+3 hours', '-1 day') WHERE id = ?")
          .bind(made.id)
          .run();
        expect((await call(`/api/bookings/${made.id}/complete`, { method: "POST", cookie: provider })).status).toBe(
          200,
        );
        const reviewed = await call(`/api/bookings/${made.id}/review`, {
          method: "POST",
          cookie: customer.cookie,
          json: {
            rating,
            comment: "Good work",
            serviceQuality: rating,
            punctuality: rating,
            communication: rating,
            valueForMoney: rating,
            wouldRecommend: true,
          },
        });
        expect(reviewed.status).toBe(201);
        expect(
          (
            await call("/api/chat", {
              method: "POST",
              cookie: customer.cookie,
              json: { providerId: DEMO_LISTING, message: "Thank you!" },
            })
          ).status,
        ).toBe(201);
      }
      const chatter = await registerUser({ name: "Figures Chatter" });
      expect(
        (
          await call("/api/chat", {
            method: "POST",
            cookie: chatter.cookie,
            json: { providerId: DEMO_LISTING, message: "Are you free on Friday?" },
          })
        ).status,
      ).toBe(201);

      const count = before.reviewCount + 2;
      const expected = Math.round(((before.rating * before.reviewCount + 9) / count) * 10) / 10;
      // the API
      const api = await json<{ rating: number; reviewCount: number }>(await call(`/api/providers/${DEMO_LISTING}`));
      expect(api).toMatchObject({ rating: expected, reviewCount: count });
      // the search card (the search API the results page renders)
      const found = await json<{ items: { id: number; rating: number; reviewCount: number }[] }>(
        await call(`/api/providers?search=${encodeURIComponent("Ali Provider")}&limit=50`),
      );
      expect(found.items.find((p) => p.id === DEMO_LISTING)).toMatchObject({ rating: expected, reviewCount: count });
      // the dashboard: the same rating and count, and the chats started are the conversations opened with the listing
      const dash = await json<{
        averageRating: number | null;
        reviewCount: number;
        totals: { chatStarts: number; bookingRequests: number; completedServices: number };
      }>(await call(`/api/providers/${DEMO_LISTING}/analytics`, { cookie: provider }));
      expect(dash.averageRating).toBe(expected);
      expect(dash.reviewCount).toBe(count);
      const conversations = await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE provider_id = ?")
        .bind(DEMO_LISTING)
        .first<{ n: number }>();
      expect(dash.totals.chatStarts).toBe(conversations!.n);
      expect(dash.totals.chatStarts).toBeGreaterThanOrEqual(3);
      // the profile page: the same rating, the same count, and as many reviews listed (up to its page of five)
      const html = await (await call(`/provider/${DEMO_LISTING}`)).text();
      expect(html).toContain(expected.toFixed(1));
      expect(html).toMatch(new RegExp(`${count} reviews?\\b`));
      expect(html).not.toContain("No reviews yet");
      expect((html.match(/data-testid="review"/g) ?? []).length).toBe(Math.min(5, count));
    },
  );
});
