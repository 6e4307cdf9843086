import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeChannelApis, postTelegram, postWhatsApp, tgMessage, tgUser, waForm } from "../bot";
import { openSocket, roomRows, tenSecondsPass } from "../chat";
import { call, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { deleteMyAccount } from "../../domain/accounts/deleteAccount";
import { serviceContext } from "../../workers/services";
import { RETENTION } from "../../domain/retention/rules";
import { notify } from "../../domain/notifications/notifications";
import { objectSessions, signIn } from "../sessions";
import { bellRows, newestBell, userObject } from "../bell";
import { sessionIdOf } from "../../domain/accounts/sessions";
import { oggOpus } from "../audio";

/** ADR 041: leaving Dalil, taking one's data, and Dalil keeping only what it needs. */

const PASSWORD = "tigris-river-21";
/** The demo provider runs listing #1 (tests/seed.ts). */
const DEMO_LISTING = 1;
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const inDays = (n: number) => new Date(Date.now() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

const book = (cookie: string, providerId: number, overrides: Record<string, unknown> = {}) =>
  call("/api/bookings", {
    method: "POST",
    cookie,
    json: {
      providerId,
      serviceDescription: "The AC in the living room blows warm air",
      customerLocation: "Karrada, street 62, house 14",
      customerPhone: "0770 123 4567",
      preferredDate: inDays(2),
      preferredTime: "evening",
      urgency: "normal",
      ...overrides,
    },
  });

const deleteAccount = (cookie: string, password: string) =>
  call("/api/auth/delete-account", { method: "POST", cookie, json: { password } });

const openChat = (cookie: string, conversationId: number) => openSocket(cookie, `/ws/chat/${conversationId}`);

/** A provider account with an approved listing, made the real way: application, then the admin's approval. */
async function approvedProvider(name: string, business: string) {
  const user = await registerUser({ name });
  const { id: categoryId } = (await env.DB.prepare("SELECT id FROM categories ORDER BY id LIMIT 1").first<{
    id: number;
  }>())!;
  const applied = await call("/api/provider-applications", {
    method: "POST",
    cookie: user.cookie,
    json: {
      businessName: business,
      specialty: "Air conditioning repair",
      categoryId,
      city: "Erbil",
      location: "Main street, near the market",
      phone: user.phone,
      whatsapp: "",
    },
  });
  expect(applied.status).toBe(201);
  const { id } = await json<{ id: number }>(applied);
  expect(
    (await call(`/api/admin/applications/${id}/approve`, { method: "POST", cookie: await signIn("admin") })).status,
  ).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM service_providers WHERE user_id = ?")
    .bind(user.id)
    .first<{ id: number }>();
  return { ...user, listingId: row!.id };
}

const lastNotice = async (userId: number) => {
  const n = await newestBell(userId);
  return n ? { key: n.message_key!, message: n.message, relatedId: n.related_id! } : null;
};
const demoProviderId = async () =>
  (await env.DB.prepare("SELECT id FROM users WHERE phone = ?")
    .bind(DEMO_ACCOUNTS.provider.phone)
    .first<{ id: number }>())!.id;

describe("a customer deletes their account", { timeout: 60_000 }, () => {
  it(
    "their messages leave the provider's conversation (history and open socket), their review reads 'A former " +
      "customer', their future booking is cancelled with the provider told, and their phone registers again as a " +
      "new person",
    async () => {
      const customer = await registerUser({ name: "Noor Leaving" });
      const provider = await signIn("provider");
      const providerUserId = await demoProviderId();

      // a past job, done and reviewed
      const past = await json<{ id: number }>(await book(customer.cookie, DEMO_LISTING, { preferredDate: inDays(1) }));
      expect((await call(`/api/bookings/${past.id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
      // its time has begun: "Done" is taken only from then
      await env.DB.prepare("UPDATE bookings SET preferred_date = date('now', '+3 hours', '-1 day') WHERE id = ?")
        .bind(past.id)
        .run();
      expect((await call(`/api/bookings/${past.id}/complete`, { method: "POST", cookie: provider })).status).toBe(200);
      const review = {
        rating: 2,
        comment: "Came late, fixed it",
        serviceQuality: 2,
        punctuality: 1,
        communication: 3,
        valueForMoney: 2,
        wouldRecommend: false,
      };
      expect(
        (await call(`/api/bookings/${past.id}/review`, { method: "POST", cookie: customer.cookie, json: review }))
          .status,
      ).toBe(201);
      // a booking to come
      const future = await json<{ id: number }>(
        await book(customer.cookie, DEMO_LISTING, { preferredDate: inDays(5) }),
      );

      // a conversation with a photo; the provider answers and keeps it open
      await tenSecondsPass();
      const image = "/images/img/leaving-customer-photo.png";
      await env.IMAGES.put("img/leaving-customer-photo.png", new Uint8Array([137, 80, 78, 71]));
      const first = await json<{ conversationId: number; id: number }>(
        await call("/api/chat", {
          method: "POST",
          cookie: customer.cookie,
          json: { providerId: DEMO_LISTING, message: "My flat is on Karrada street 62" },
        }),
      );
      const conversationId = first.conversationId;
      expect(
        (
          await call(`/api/conversations/${conversationId}/messages`, {
            method: "POST",
            cookie: customer.cookie,
            json: { imageUrl: image },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call(`/api/conversations/${conversationId}/messages`, {
            method: "POST",
            cookie: provider,
            json: { message: "I will come at five" },
          })
        ).status,
      ).toBe(201);
      const open = await openChat(provider, conversationId);
      const mine = await openChat(customer.cookie, conversationId);
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, linked_via, state) VALUES " +
          "('telegram', '7300301', ?, 'en', 1, 'session', '{\"step\":\"idle\"}')",
      )
        .bind(customer.id)
        .run();
      const listingBefore = (await env.DB.prepare("SELECT rating, review_count FROM service_providers WHERE id = ?")
        .bind(DEMO_LISTING)
        .first<{ rating: number; review_count: number }>())!;

      expect((await deleteAccount(customer.cookie, PASSWORD)).status).toBe(200);

      // the provider's open conversation hears it at once; the customer's own socket ended
      await expect.poll(() => open.state.received.some((m) => JSON.parse(m).type === "erased")).toBe(true);
      const erased = open.state.received.map((m) => JSON.parse(m)).find((m) => m.type === "erased");
      expect(erased.ids).toHaveLength(2);
      await expect.poll(() => mine.state.closed).toBe(true);
      // …and its history shows the two messages as deleted, in place, with the provider's answer untouched
      const history = await json<{
        messages: { message: string | null; imageUrl: string | null; deleted?: boolean; senderType: string }[];
      }>(await call(`/api/conversations/${conversationId}/messages`, { cookie: provider }));
      expect(history.messages.map((m) => [m.senderType, m.message, m.imageUrl, m.deleted ?? false])).toEqual([
        ["user", null, null, true],
        ["user", null, null, true],
        ["provider", "I will come at five", null, false],
      ]);
      // the page the provider reads says so in their language, and the photo is gone from R2
      const page = await call(`/messages/${conversationId}?lng=ar`, { cookie: provider });
      expect(page.status).toBe(200);
      const pageHtml = await page.text();
      expect(pageHtml).toContain("زبون سابق");
      expect(await env.IMAGES.get("img/leaving-customer-photo.png")).toBeNull();

      // nobody writes into the void: the page says the person left and has no composer…
      expect(pageHtml).toContain("حُذف حساب الطرف الآخر على دليل. تبقى المحادثة هنا للقراءة، ولا تستقبل رسائل جديدة.");
      expect(pageHtml).not.toContain('data-testid="chat-input"');
      // …the open conversation lost its composer at once…
      await expect.poll(() => open.state.received.some((m) => JSON.parse(m).type === "left")).toBe(true);
      expect(open.state.received.map((m) => JSON.parse(m)).find((m) => m.type === "left")).toMatchObject({
        conversationId,
        role: "customer",
      });
      // …a send through the API is refused in the sender's language,
      // and one over the open socket too; nothing is stored
      await tenSecondsPass();
      const intoTheVoid = await call(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        cookie: provider,
        lang: "en",
        json: { message: "Are you still there?" },
      });
      expect(intoTheVoid.status).toBe(409);
      expect((await json<{ message: string }>(intoTheVoid)).message).toBe(
        "They deleted their Dalil account, so this conversation takes no new messages.",
      );
      const inArabic = await call(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        cookie: provider,
        lang: "ar",
        json: { message: "هل ما زلت هنا؟" },
      });
      expect((await json<{ message: string }>(inArabic)).message).toBe(
        "حُذف حساب الطرف الآخر على دليل، فلا تستقبل هذه المحادثة رسائل جديدة.",
      );
      open.ws.send(JSON.stringify({ type: "send", clientId: "c-into-the-void", message: "Hello?" }));
      await expect
        .poll(() =>
          open.state.received
            .map((m) => JSON.parse(m))
            .find((m) => m.type === "error" && m.clientId === "c-into-the-void"),
        )
        .toMatchObject({ status: 409 });
      open.ws.close(1000, "done");
      // …and the provider's bot, writing into that conversation, is told so
      const providerChat = 7300302;
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, linked_via, state) VALUES " +
          "('telegram', ?, ?, 'en', 1, 'session', ?)",
      )
        .bind(
          String(providerChat),
          providerUserId,
          JSON.stringify({
            step: "idle",
            at: Date.now(),
            menu: [],
            chat: { conversationId, name: "", at: Date.now() },
          }),
        )
        .run();
      const apis = fakeChannelApis();
      try {
        expect(
          (await postTelegram(tgMessage(tgUser(providerChat), { text: "I can come on Sunday instead" }))).status,
        ).toBe(200);
        expect(apis.texts("telegram").join("\n")).toContain(
          "They deleted their Dalil account, so this conversation takes no new messages.",
        );
      } finally {
        apis.restore();
        await env.DB.prepare("DELETE FROM channel_links WHERE external_id = ?").bind(String(providerChat)).run();
      }
      expect((await roomRows(conversationId)).length).toBe(3);

      // the review still counts, under "A former customer", with no name
      const listingAfter = (await env.DB.prepare("SELECT rating, review_count FROM service_providers WHERE id = ?")
        .bind(DEMO_LISTING)
        .first<{ rating: number; review_count: number }>())!;
      expect(listingAfter).toEqual(listingBefore);
      const profile = await (await call(`/provider/${DEMO_LISTING}`)).text();
      expect(profile).toContain("A former customer");
      expect(profile).not.toContain("Noor");

      // the future booking is cancelled and the provider told; the past one stays for the provider's records
      const bookings = (
        await json<{ asProvider: { id: number; status: string; customerName: string; customerPhone: string }[] }>(
          await call("/api/bookings", { cookie: provider }),
        )
      ).asProvider;
      expect(bookings.find((b) => b.id === future.id)).toMatchObject({ status: "cancelled", customerName: "" });
      expect(bookings.find((b) => b.id === past.id)).toMatchObject({
        status: "completed",
        customerName: "",
        customerPhone: "",
      });
      expect(await lastNotice(providerUserId)).toMatchObject({
        key: "notices.bookingCustomerLeft",
        relatedId: future.id,
      });
      const bookingsPage = await (await call("/bookings?lng=en", { cookie: provider })).text();
      expect(bookingsPage).toContain("Former customer");

      // the past booking's card keeps its day and status for the provider, and nothing the customer wrote (ADR 077)
      const pastCard = bookingsPage.slice(
        bookingsPage.indexOf(`id="booking-${past.id}"`),
        bookingsPage.indexOf("</li>", bookingsPage.indexOf(`id="booking-${past.id}"`)),
      );
      expect(pastCard).not.toContain("The AC in the living room blows warm air");
      expect(pastCard).toContain("Job details removed");
      expect(pastCard).toContain('data-testid="booking-when"');
      expect(pastCard).toContain("Former customer");
      expect(pastCard).not.toContain("tel:");
      expect(pastCard).not.toContain('data-testid="booking-location"');
      expect(pastCard).not.toContain("Karrada");
      // nothing is kept for the account that left: any notice (a booking's expiry, say) reaches nobody
      await notify(serviceContext(env), {
        userId: customer.id,
        type: "booking",
        key: "notices.bookingExpired",
        relatedId: past.id,
      });
      expect(await bellRows(customer.id)).toEqual([]);

      // the linked chat is unlinked and its bot state gone
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM channel_links WHERE user_id = ? OR external_id = '7300301'")
          .bind(customer.id)
          .first(),
      ).toEqual({ n: 0 });

      // no sign-in, no session (none left in the person's object either), no second delete
      expect(await objectSessions(customer.id)).toEqual([]);
      // and a session the object still held (its call lost after the deletion's batch) would open nothing
      await userObject(customer.id).addSession({
        id: await sessionIdOf(customer.cookie.slice(customer.cookie.indexOf("=") + 1)),
        expiresAt: Date.now() + 3_600_000,
        userAgent: null,
        createdAt: Date.now(),
      });
      expect((await call("/api/auth/me", { cookie: customer.cookie })).status).toBe(401);
      expect((await call("/api/auth/me", { cookie: customer.cookie })).status).toBe(401);
      expect(
        (await call("/api/auth/login", { method: "POST", json: { phone: customer.phone, password: PASSWORD } })).status,
      ).toBe(401);
      expect((await deleteAccount(customer.cookie, PASSWORD)).status).toBe(401);

      // the phone registers again, as a new person who sees nothing of the old account
      const again = await registerUser({ name: "Someone New", phone: customer.phone });
      expect(again.id).not.toBe(customer.id);
      expect(await json(await call("/api/bookings", { cookie: again.cookie }))).toEqual({
        asCustomer: [],
        asProvider: [],
      });
      expect(
        (await json<{ items: unknown[] }>(await call("/api/conversations", { cookie: again.cookie }))).items,
      ).toEqual([]);
      expect(
        (await json<{ items: unknown[]; unread: number }>(await call("/api/notifications", { cookie: again.cookie })))
          .items,
      ).toEqual([]);
      const exported = await (await call("/api/me/export", { cookie: again.cookie })).text();
      expect(exported).not.toContain("Karrada");
      expect(exported).not.toContain("Noor");
    },
  );

  it(
    "her words leave with her: the texts held for 08:00 about her booking and first message go, the listing's " +
      "copy of that message is emptied, and her bookings keep no job or address (ADR 077)",
    async () => {
      const { createBooking } = await import("../../domain/bookings/createBooking");
      const { sendMessage } = await import("../../domain/chat/sendMessage");
      const { outboxRows } = await import("../bot");
      // a seeded listing no account owns, with a mobile number of its own: it hears of requests by text
      const listingId = 9;
      const phone = "+9647709977009";
      await env.DB.prepare(
        "UPDATE service_providers SET user_id = NULL, phone = ?, week = NULL, is_available = 1, hidden_at = NULL " +
          "WHERE id = ?",
      )
        .bind(phone, listingId)
        .run();
      const customer = await registerUser({ name: "Shirin Qadir" });
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date());
      const night = new Date(Date.parse(`${today}T23:30:00+03:00`));
      const ctx = {
        ...serviceContext(env, { actor: { kind: "user", userId: customer.id, userType: "customer", isAdmin: false } }),
        now: () => night,
      };
      const { booking } = await createBooking(ctx, {
        providerId: listingId,
        serviceDescription: "Boiler leaks, gate code 4471",
        customerLocation: "Zayouna, street 9",
        customerPhone: customer.phone,
        preferredDate: inDays(2),
        preferredTime: "evening",
        urgency: "normal",
      });
      await sendMessage(ctx, { providerId: listingId }, { message: "The gate code is 4471, ring twice" });
      const words = /Shirin|4471|Zayouna/;
      // both texts wait for 08:00 and carry her name and words
      expect(
        (await outboxRows("recipient = ? AND status = 'pending'", phone)).filter((r) => words.test(r.payload)),
      ).toHaveLength(2);
      expect(
        (await env.DB.prepare("SELECT excerpt FROM listing_chats WHERE provider_id = ?")
          .bind(listingId)
          .first<{ excerpt: string }>())!.excerpt,
      ).toContain("4471");

      expect((await deleteAccount(customer.cookie, PASSWORD)).status).toBe(200);

      expect((await outboxRows("recipient = ?", phone)).filter((r) => words.test(r.payload))).toEqual([]);
      expect(
        await env.DB.prepare("SELECT excerpt, token_hash FROM listing_chats WHERE provider_id = ?")
          .bind(listingId)
          .first(),
      ).toEqual({ excerpt: "", token_hash: null });
      const row = await env.DB.prepare(
        "SELECT status, service_description, customer_location, customer_phone FROM bookings WHERE id = ?",
      )
        .bind(booking.id)
        .first();
      expect(row).toEqual({ status: "cancelled", service_description: "", customer_location: "", customer_phone: "" });
    },
  );

  it("a wrong password, a bot chat, a stranger and a second delete are refused, and change nothing", async () => {
    const victim = await registerUser({ name: "Staying Put" });
    const stranger = await registerUser({ name: "Not The Owner" });
    const wrong = await deleteAccount(victim.cookie, "not-my-password");
    expect(wrong.status).toBe(400);
    expect((await json<{ message: string }>(wrong)).message).toBe("Your current password is wrong");
    // in the reader's language
    const wrongKu = await call("/api/auth/delete-account", {
      method: "POST",
      cookie: victim.cookie,
      lang: "ku",
      json: { password: "not-my-password" },
    });
    expect((await json<{ message: string }>(wrongKu)).message).not.toMatch(/[A-Za-z]/);
    // a stranger's session deletes the stranger or nobody: the victim's password does not open it
    expect((await deleteAccount(stranger.cookie, PASSWORD + "x")).status).toBe(400);
    expect(
      (
        await call(`/api/admin/users/${victim.id}/delete`, {
          method: "POST",
          cookie: stranger.cookie,
          json: { reason: "they asked" },
        })
      ).status,
    ).toBe(403);
    expect((await deleteAccount("", PASSWORD)).status).toBe(401);
    // a linked chat acts as its person, but cannot end the account (the bot sends people to the page)
    const fromTelegram = serviceContext(env, {
      actor: { kind: "telegram", chatId: "555", userId: victim.id, user: { userId: victim.id, userType: "customer" } },
    });
    await expect(deleteMyAccount(fromTelegram, { password: PASSWORD })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await call("/api/auth/me", { cookie: victim.cookie })).status).toBe(200);

    // two deletes at once: one happens, the other is refused
    const both = await Promise.all([deleteAccount(victim.cookie, PASSWORD), deleteAccount(victim.cookie, PASSWORD)]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    // the other finds the account gone (401) or being deleted (409)
    expect([401, 409]).toContain(both.find((r) => r.status !== 200)!.status);
    const deletions = await env.DB.prepare("SELECT count(*) AS n FROM account_deletions WHERE user_id = ?")
      .bind(victim.id)
      .first<{ n: number }>();
    expect(deletions!.n).toBe(1);
  });

  it(
    "an admin deletes an account on request, with the " + "reason recorded; the admin's second try is refused",
    async () => {
      const person = await registerUser({ name: "Asked By Mail" });
      const admin = await signIn("admin");
      const noReason = await call(`/api/admin/users/${person.id}/delete`, {
        method: "POST",
        cookie: admin,
        json: { reason: "" },
      });
      expect(noReason.status).toBe(400);
      expect((await call("/api/auth/me", { cookie: person.cookie })).status).toBe(200);
      expect(
        (
          await call(`/api/admin/users/${person.id}/delete`, {
            method: "POST",
            cookie: admin,
            json: { reason: "Asked through the contact page on 25 Nov" },
          })
        ).status,
      ).toBe(200);
      expect((await call("/api/auth/me", { cookie: person.cookie })).status).toBe(401);
      const record = await env.DB.prepare("SELECT reason, deleted_by FROM account_deletions WHERE user_id = ?")
        .bind(person.id)
        .first<{ reason: string; deleted_by: number }>();
      expect(record!.reason).toBe("Asked through the contact page on 25 Nov");
      expect(
        (
          await call(`/api/admin/users/${person.id}/delete`, {
            method: "POST",
            cookie: admin,
            json: { reason: "again" },
          })
        ).status,
      ).toBe(409);
    },
  );
});

describe("the page doors: /profile and the admin console", { timeout: 60_000 }, () => {
  const formPost = (path: string, cookie: string, fields: Record<string, string>, lang?: string) =>
    call(path, {
      method: "POST",
      cookie,
      lang,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
      body: new URLSearchParams(fields).toString(),
    });

  it(
    "/profile shows what deleting does in the reader's language; a wrong password says so in it; the right one " +
      "ends the account and signs out",
    async () => {
      const person = await registerUser({ name: "Web Leaver" });
      const page = await (await call("/profile?lng=ku", { cookie: person.cookie })).text();
      expect(page).toContain("سڕینەوەی هەژمارەکەم");
      expect(page).toContain("نامە سڕدرایەوە");
      expect(page).toContain('href="/api/me/export"');
      const wrong = await formPost(
        "/profile",
        person.cookie,
        { intent: "deleteAccount", password: "wrong-password-1" },
        "ku",
      );
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("وشەی نهێنیی ئێستات هەڵەیە");
      expect((await call("/api/auth/me", { cookie: person.cookie })).status).toBe(200);
      const done = await formPost("/profile", person.cookie, { intent: "deleteAccount", password: PASSWORD });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/account-deleted");
      expect(done.headers.get("Set-Cookie")).toMatch(/dalil_session=;/);
      expect((await call("/api/auth/me", { cookie: person.cookie })).status).toBe(401);
      // the page it lands on says the account was deleted, not "Delete my account"
      for (const [lng, heading] of [
        ["en", "Your account was deleted"],
        ["ar", "حُذف حسابك"],
        ["ku", "هەژمارەکەت سڕایەوە"],
      ]) {
        const landed = await (await call(`/account-deleted?lng=${lng}`)).text();
        expect(landed).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      }
    },
  );

  it("the admin finds the account by phone and deletes it with a reason; nobody else can", async () => {
    const person = await registerUser({ name: "Mailed Us" });
    const admin = await signIn("admin");
    const found = await (
      await call(`/admin?tab=accounts&phone=${encodeURIComponent(person.phone)}`, { cookie: admin })
    ).text();
    expect(found).toContain("Mailed Us");
    expect(
      (
        await formPost("/admin", person.cookie, {
          intent: "deleteAccount",
          id: String(person.id),
          reason: "asked by mail",
        })
      ).status,
    ).toBe(403);
    const res = await formPost("/admin", admin, {
      intent: "deleteAccount",
      id: String(person.id),
      reason: "Asked through the contact page",
    });
    expect(res.status).toBe(200);
    expect((await call("/api/auth/me", { cookie: person.cookie })).status).toBe(401);
    expect(
      await (await call(`/admin?tab=accounts&phone=${encodeURIComponent(person.phone)}`, { cookie: admin })).text(),
    ).not.toContain("Mailed Us");
  });
});

describe("a provider deletes their account", { timeout: 60_000 }, () => {
  it(
    "the listing leaves search and its profile answers 404; a customer's booking with them is cancelled and the " +
      "customer told",
    async () => {
      const provider = await approvedProvider("Layla Hassan", "Crystal Cooling Erbil");
      const customer = await registerUser({ name: "Booking Customer" });
      const found = async () =>
        (
          await json<{ items: { id: number }[] }>(
            await call(`/api/providers?search=${encodeURIComponent("Crystal Cooling")}`),
          )
        ).items.map((p) => p.id);
      expect(await found()).toContain(provider.listingId);
      expect((await call(`/provider/${provider.listingId}`)).status).toBe(200);
      const booking = await json<{ id: number }>(await book(customer.cookie, provider.listingId));

      expect((await deleteAccount(provider.cookie, PASSWORD)).status).toBe(200);

      expect(await found()).not.toContain(provider.listingId);
      expect((await call(`/provider/${provider.listingId}`)).status).toBe(404);
      expect((await call(`/api/providers/${provider.listingId}`)).status).toBe(404);
      const mine = (
        await json<{ asCustomer: { id: number; status: string; providerName: string }[] }>(
          await call("/api/bookings", { cookie: customer.cookie }),
        )
      ).asCustomer;
      expect(mine.find((b) => b.id === booking.id)).toMatchObject({ status: "cancelled", providerName: "" });
      expect(await lastNotice(customer.id)).toMatchObject({
        key: "notices.bookingProviderLeft",
        relatedId: booking.id,
      });
      expect((await lastNotice(customer.id))!.message).toContain("Crystal Cooling Erbil");
      const application = await env.DB.prepare("SELECT status FROM provider_applications WHERE user_id = ?")
        .bind(provider.id)
        .first<{ status: string }>();
      expect(application!.status).not.toBe("pending");
      // the customer's booking card reads "Former provider", on the web and in their WhatsApp
      expect(await (await call("/bookings", { cookie: customer.cookie })).text()).toContain("Former provider");
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, linked_via, " +
          "last_inbound_at) VALUES ('whatsapp', ?, ?, 'en', 1, 'phone', ?)",
      )
        .bind(customer.phone, customer.id, Date.now())
        .run();
      const apis = fakeChannelApis();
      try {
        expect((await postWhatsApp(waForm(customer.phone, { Body: "my bookings" }))).status).toBe(200);
        expect(apis.texts("whatsapp").join("\n")).toMatch(new RegExp(`#${booking.id} · Former provider`));
      } finally {
        apis.restore();
      }
    },
  );
});

describe("download my data", { timeout: 60_000 }, () => {
  it("holds the person's rows and none of anyone else's (two people who chatted and booked each other)", async () => {
    const provider = await approvedProvider("Layla Qadir", "Zagros Cooling");
    const customer = await registerUser({ name: "Noor Abbas" });
    const other = await registerUser({ name: "Third Person" });
    const booked = await json<{ id: number }>(
      await book(customer.cookie, provider.listingId, { customerLocation: "Ankawa, house 9" }),
    );
    await book(other.cookie, provider.listingId, { customerLocation: "Shorsh, house 77" });
    await tenSecondsPass();
    const chat = await json<{ conversationId: number }>(
      await call("/api/chat", {
        method: "POST",
        cookie: customer.cookie,
        json: { providerId: provider.listingId, message: "Is Friday fine?" },
      }),
    );
    expect(
      (
        await call(`/api/conversations/${chat.conversationId}/messages`, {
          method: "POST",
          cookie: provider.cookie,
          json: { message: "Friday at ten" },
        })
      ).status,
    ).toBe(201);
    await call("/api/chat", {
      method: "POST",
      cookie: other.cookie,
      json: { providerId: provider.listingId, message: "Another customer's secret" },
    });
    // a voice note of 3 s from the customer, one recorded and
    // never sent, and a day the provider proposed on the booking
    const voiceForm = (seconds: number) => {
      const form = new FormData();
      form.set("audio", new File([oggOpus(seconds) as unknown as BlobPart], "note.ogg", { type: "audio/ogg" }));
      return form;
    };
    const note = await json<{ url: string }>(
      await call("/api/upload", { method: "POST", body: voiceForm(3), cookie: customer.cookie }),
    );
    expect(
      (
        await call(`/api/conversations/${chat.conversationId}/messages`, {
          method: "POST",
          cookie: customer.cookie,
          json: { audioUrl: note.url },
        })
      ).status,
    ).toBe(201);
    const draft = await json<{ url: string }>(
      await call("/api/upload", { method: "POST", body: voiceForm(2), cookie: customer.cookie }),
    );
    // (a waiting booking: an accepted one would leave reminders for the retention test of this file to sweep)
    let theirDay = "";
    for (let i = 3; !theirDay; i++) if (new Date(`${inDays(i)}T00:00:00Z`).getUTCDay() !== 5) theirDay = inDays(i);
    expect(
      (
        await call(`/api/bookings/${booked.id}/proposals`, {
          method: "POST",
          cookie: provider.cookie,
          json: { date: theirDay, time: "morning" },
        })
      ).status,
    ).toBe(201);

    const res = await call("/api/me/export", { cookie: customer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="dalil-data-\d{4}-\d\d-\d\d\.json"$/);
    const text = await res.text();
    const mine = JSON.parse(text) as {
      account: { id: number; name: string; phone: string };
      bookings: { provider: string; location: string }[];
      conversations: { messages: { from: string; text: string }[] }[];
      listing: unknown;
    };
    expect(mine.account).toMatchObject({ id: customer.id, name: "Noor Abbas", phone: customer.phone });
    expect(mine.bookings).toEqual([
      expect.objectContaining({ provider: "Zagros Cooling", location: "Ankawa, house 9" }),
    ]);
    expect(mine.conversations.map((c) => c.messages.map((m) => [m.from, m.text]))).toEqual([
      [
        ["me", "Is Friday fine?"],
        ["them", "Friday at ten"],
        ["me", null],
      ],
    ]);
    expect(mine.listing).toBeNull();
    // the devices signed in, from the person's own object (ADR 054's amendment): when, until when, which browser
    const signedIn = (
      JSON.parse(text) as { sessions: { signedInAt: string; expiresAt: string; browser: string | null }[] }
    ).sessions;
    expect(signedIn).toHaveLength((await objectSessions(customer.id)).length);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(Date.parse(signedIn[0]!.expiresAt) - Date.parse(signedIn[0]!.signedInAt)).toBe(30 * 24 * 3_600_000);
    expect(text).not.toContain((await objectSessions(customer.id))[0]!.id);
    // complete: each conversation named as the person saw it, a voice note as voice with a link that plays for them,
    // the note they never sent, and the day the other side proposed on their booking
    const full = JSON.parse(text) as {
      about: string;
      conversations: { with: string; messages: { voice?: { seconds: number; url: string }; at: string }[] }[];
      voiceNotesNotSent: { seconds: number; url: string; at: string }[];
      dayProposals: { bookingId: number; by: string; date: string; time: string; status: string }[];
    };
    expect(full.about).toBe(
      "Everything Dalil holds about you, downloaded from your profile. Dates are UTC. A voice note's link " +
        "plays while you are signed in to Dalil.",
    );
    expect(full.conversations.map((c) => c.with)).toEqual(["Zagros Cooling"]);
    const voice = full.conversations[0]!.messages[2]!;
    expect(voice.voice).toEqual({ seconds: 3, url: `http://localhost${note.url}` });
    expect(voice.at).toBeTruthy();
    const played = await call(new URL(voice.voice!.url).pathname, { cookie: customer.cookie });
    expect(played.status).toBe(200);
    expect(played.headers.get("Content-Type")).toMatch(/^audio\//);
    await played.body?.cancel();
    expect(full.voiceNotesNotSent).toEqual([
      { seconds: 2, url: `http://localhost${draft.url}`, at: expect.any(String) },
    ]);
    expect(full.dayProposals).toEqual([
      expect.objectContaining({ bookingId: booked.id, by: "them", date: theirDay, time: "morning", status: "pending" }),
    ]);
    // the about line in the reader's language
    const inKurdish = JSON.parse(
      await (await call("/api/me/export", { cookie: customer.cookie, lang: "ku" })).text(),
    ) as { about: string };
    expect(inKurdish.about).toMatch(/^هەموو ئەوەی دەلیل دەربارەی تۆ هەڵیگرتووە/);
    // every notification they have, as they read it (not only the bell's newest page)
    const notices = await bellRows(customer.id);
    expect(notices.length).toBeGreaterThan(0);
    expect((JSON.parse(text) as { notifications: unknown[] }).notifications).toHaveLength(notices.length);
    // (a notice the person received names who wrote to them: that is what they were told, so it is theirs)
    const rows = JSON.stringify({ ...mine, notifications: [] });
    for (const foreign of ["Layla", provider.phone, "Third Person", other.phone, "Shorsh", "Another customer's secret"])
      expect(rows).not.toContain(foreign);
    for (const foreign of [provider.phone, "Third Person", other.phone, "Shorsh", "Another customer's secret"])
      expect(text).not.toContain(foreign);

    const theirs = await (await call("/api/me/export", { cookie: provider.cookie })).text();
    const parsed = JSON.parse(theirs) as {
      account: { name: string };
      listing: { name: string };
      bookingsOnMyListing: unknown[];
      conversations: { with: string }[];
      dayProposals: { by: string }[];
    };
    expect(parsed.account.name).toBe("Layla Qadir");
    expect(parsed.listing.name).toBe("Zagros Cooling");
    expect(parsed.bookingsOnMyListing).toHaveLength(2);
    // each conversation under the name the provider read in their inbox
    expect(parsed.conversations.map((c) => c.with)).toEqual(["Noor Abbas", "Third Person"]);
    expect(parsed.dayProposals.map((p) => p.by)).toEqual(["me"]);
    // what the customers said to the provider is the provider's conversation too; beyond the name they wrote
    // under, who they are (phone, address) is not in it
    const theirRows = JSON.stringify({ ...parsed, notifications: [], conversations: [] });
    for (const foreign of ["Noor", customer.phone, other.phone, "Ankawa", "Shorsh"])
      expect(theirRows).not.toContain(foreign);
    for (const foreign of [customer.phone, other.phone]) expect(theirs).not.toContain(foreign);
  });

  it("a few a day: of 5 at once, 3 are made and 2 refused; nobody signed out gets one", async () => {
    const person = await registerUser({ name: "Many Downloads" });
    const all = await Promise.all(Array.from({ length: 5 }, () => call("/api/me/export", { cookie: person.cookie })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(3);
    expect(all.filter((r) => r.status === 429)).toHaveLength(2);
    await Promise.all(all.map((r) => r.body?.cancel()));
    expect((await call("/api/me/export")).status).toBe(401);
  });
});

describe("the bot and 'delete my account'", () => {
  let apis: ReturnType<typeof fakeChannelApis>;
  beforeEach(() => {
    apis = fakeChannelApis();
  });
  afterEach(() => apis.restore());

  it.each([
    ["+9647501130001", "delete my account", "en", /profile on the website.*password/s],
    ["+9647501130002", "اريد احذف حسابي", "ar", /كلمة المرور/],
    ["+9647501130003", "دەمەوێت هەژمارەکەم بسڕمەوە", "ku", /وشەی نهێنی/],
  ])(
    "%s «%s» (%s): explains it needs the password on the web and links to the page; nothing is deleted",
    async (phone, body, _lang, words) => {
      expect((await postWhatsApp(waForm(phone, { Body: body }))).status).toBe(200);
      const reply = apis.texts("whatsapp").join("\n");
      expect(reply).toMatch(words);
      expect(reply).toMatch(/\/profile#delete-account/);
    },
  );
});

describe("Dalil keeps only what it needs: the retention sweeps (ADR 041)", { timeout: 120_000 }, () => {
  const DAY = 86_400_000;
  const count = async (sql: string, ...binds: unknown[]) =>
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const runAt = (at: Date) => call(`/dev/scheduler?at=${encodeURIComponent(at.toISOString())}`, { method: "POST" });

  it("each table loses the rows past its period and keeps the rest, as if the clock read the time given", async () => {
    const user = await registerUser({ name: "Keeps Some" });
    const at = new Date(Date.parse("2027-03-01T09:00:00Z"));
    const t = at.getTime();
    const minute = 60_000;
    await env.DB.batch([
      // outbox: sent and older than 30 days goes; younger, or never delivered, stays
      ...[
        ["sent", t - 31 * DAY, "old sent"],
        ["sent", t - 29 * DAY, "young sent"],
        ["dead", t - 90 * DAY, "old dead"],
      ].map(([status, when, key]) =>
        env.DB.prepare(
          "INSERT INTO outbox (channel, recipient, payload, status, created_at, sent_at) VALUES ('log', 'x', " +
            "?, ?, ?, ?)",
        ).bind(key, status, when, status === "sent" ? when : null),
      ),
      // outbox: a scheduled message the sender skipped (its booking changed, ADR 043) goes like a sent one
      env.DB.prepare(
        "INSERT INTO outbox (channel, recipient, payload, status, created_at) VALUES ('log', 'x', 'old " +
          "skipped', 'skipped', ?)",
      ).bind(t - 31 * DAY),
      // scheduler rows (ADR 043): sent or void and due more than 30 days ago go; younger stay. They hang on a booking
      // of that week: an older closed one would leave D1 for the archive in the same run, and take them with it (ADR
      // 062)
      env.DB.prepare(
        "INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, " +
          "customer_phone, status, preferred_date) VALUES (?, 1, 'Retention fixture', 'Karrada', " +
          "'+9647700000000', 'completed', '2027-02-27')",
      ).bind(user.id),
      ...[
        ["sent", t - 31 * DAY],
        ["void", t - 40 * DAY],
        ["sent", t - 29 * DAY],
      ].map(([status, due]) =>
        env.DB.prepare(
          "INSERT INTO scheduled_messages (booking_id, user_id, role, kind, due_at, status) VALUES ((SELECT " +
            "max(id) FROM bookings WHERE customer_id = ?), ?, 'customer', 'reviewAsk', ?, ?)",
        ).bind(user.id, user.id, due, status),
      ),
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('expired', ?, ?), ('valid', ?, ?)").bind(
        user.id,
        t - minute,
        user.id,
        t + DAY,
      ),
      env.DB.prepare("UPDATE users SET verification_code = 'expired-hash', verification_expiry = ? WHERE id = ?").bind(
        t - minute,
        user.id,
      ),
      env.DB.prepare(
        "INSERT INTO reset_codes (user_id, code_hash, expires_at) VALUES (?, 'reset-expired', ?), (?, " +
          "'reset-valid', ?)",
      ).bind(user.id, t - minute, user.id, t + 5 * minute),
    ]);

    const res = await runAt(at);
    expect(res.status).toBe(200);
    const report = await json<{ ran: { retention: Record<string, number> } }>(res);
    // (earlier tests' rows are in the same tables: the report counts them too; the rows below are this test's)
    // (the bell is bounded in each person's own object since ADR 051: tests/api/bell.test.ts; handled bot updates and
    // rate-limit slots are forgotten by their own objects' alarms since ADR 054: bot.test.ts, domain/rateLimit.test.ts)
    expect(Object.keys(report.ran.retention)).toHaveLength(6);

    expect(
      (
        await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'log' AND recipient = 'x' ORDER BY id").all<{
          payload: string;
        }>()
      ).results.map((r) => r.payload),
    ).toEqual(["young sent", "old dead"]);
    expect(
      (
        await env.DB.prepare("SELECT due_at AS due FROM scheduled_messages WHERE user_id = ?")
          .bind(user.id)
          .all<{ due: number }>()
      ).results.map((r) => r.due),
    ).toEqual([t - 29 * DAY]);
    expect(
      (
        await env.DB.prepare("SELECT id FROM sessions WHERE id IN ('expired', 'valid')").all<{ id: string }>()
      ).results.map((r) => r.id),
    ).toEqual(["valid"]);
    expect(
      await env.DB.prepare("SELECT verification_code AS code FROM users WHERE id = ?").bind(user.id).first(),
    ).toEqual({ code: null });
    expect(
      (
        await env.DB.prepare("SELECT code_hash FROM reset_codes WHERE user_id = ?")
          .bind(user.id)
          .all<{ code_hash: string }>()
      ).results.map((r) => r.code_hash),
    ).toEqual(["reset-valid"]);

    // a second run finds nothing more to remove
    const again = await json<{ ran: { retention: Record<string, number> } }>(await runAt(at));
    expect(Object.values(again.ran.retention).every((n) => n === 0)).toBe(true);
  });

  it(
    "a backlog of 100,000 old rows goes in bounded runs (10,000 rows in 10 statements each), and the young rows " +
      "stay",
    async () => {
      const at = new Date(Date.parse("2027-06-01T09:00:00Z"));
      const old = at.getTime() - 365 * DAY;
      // 100,000 sessions that expired a year ago, and 50 that expire tomorrow (the bell, then the handled bot updates,
      // the backlog's tables before ADR 051 and 054, left D1)
      const owner = (await env.DB.prepare("SELECT min(id) AS id FROM users").first<{ id: number }>())!.id;
      for (let i = 0; i < 4; i++) {
        await env.DB.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000)
         INSERT INTO sessions (id, user_id, expires_at) SELECT 'backlog:' || ?1 || ':' || i, ?3, ?2 + i FROM n`,
        )
          .bind(i, old, owner)
          .run();
      }
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
       INSERT INTO sessions (id, user_id, expires_at) SELECT 'tomorrow:' || i, ?2, ?1 + i FROM n`,
      )
        .bind(at.getTime() + DAY, owner)
        .run();
      const backlog = () => count("SELECT count(*) AS n FROM sessions WHERE id LIKE 'backlog:%'");
      expect(await backlog()).toBe(100_000);

      const removedPerRun: number[] = [];
      for (let run = 0; run < 12 && (await backlog()) > 0; run++) {
        const report = await json<{ ran: { retention: Record<string, number> } }>(await runAt(at));
        removedPerRun.push(report.ran.retention["sessions (expired)"]);
      }
      // each run is bounded: at most 10 statements of 1,000 rows for
      // this table (a Worker allows 1,000 D1 queries per invocation)
      expect(removedPerRun).toEqual(Array.from({ length: 10 }, () => 10_000));
      expect(await backlog()).toBe(0);
      expect(await count("SELECT count(*) AS n FROM sessions WHERE id LIKE 'tomorrow:%'")).toBe(50);
    },
  );

  it("the privacy page states the same periods the sweeps apply, in en, ar and ku", async () => {
    const arabic = (n: number) => String(n).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]);
    const page = async (lng: string) => (await call(`/privacy-policy?lng=${lng}`)).text();
    const en = await page("en");
    expect(en).toContain(`deleted ${RETENTION.readNotificationsDays} days after they were sent`);
    expect(en).toContain(`Unread ones: deleted ${RETENTION.unreadNotificationsDays} days after they were sent`);
    expect(en).toContain(`deleted after ${RETENTION.sentOutboxDays} days`);
    expect(RETENTION.processedUpdatesDays).toBe(RETENTION.sentOutboxDays);
    // voice notes and photos never sent go after a day; the signed links WhatsApp fetches notes through
    expect(RETENTION.unsentUploadsDays).toBe(1);
    expect(en).toContain("never sent: deleted after a day");
    expect(en).toContain("Voice messages: the recording");
    expect(en).toContain("works for 10 minutes only");
    expect(en).toContain("Photos you send to the bot while booking");
    expect(await page("ar")).toContain("ولم ترسلها: تُحذف بعد يوم واحد");
    expect(await page("ku")).toContain("نەتناردوون: دوای یەک ڕۆژ دەسڕدرێنەوە");
    // …named in every language: voice notes, how they are checked and who hears them, the signed link and its ten
    // minutes, and photos sent to the bot while booking
    expect(en).toContain("Voice messages are checked to be real Ogg Opus or M4A recordings");
    const ar = await page("ar");
    for (const said of [
      "الرسائل الصوتية: التسجيل",
      "الرابط موقَّع، ويعمل ١٠ دقائق فقط",
      "والصور التي ترسلها إلى البوت أثناء الحجز",
      "دقيقتان على الأكثر من الموقع",
    ])
      expect(ar).toContain(said);
    const ku = await page("ku");
    for (const said of [
      "نامەی دەنگی: ئەو تۆمارەی",
      "بەستەرەکە واژۆکراوە، تەنها ١٠ خولەک کار دەکات",
      "ئەو وێنانەی لە کاتی کات گرتندا بۆ بۆتەکە دەینێریت",
      "لە ماڵپەڕەوە زۆرترین ٢ خولەک",
    ])
      expect(ku).toContain(said);
    for (const lng of ["ar", "ku"]) {
      const text = await page(lng);
      expect(text).toContain(arabic(RETENTION.readNotificationsDays));
      expect(text).toContain(arabic(RETENTION.unreadNotificationsDays));
      expect(text).toContain(arabic(RETENTION.sentOutboxDays));
    }
  });

  it("the route exists only in development: 404 in production, and a bad time is refused", async () => {
    expect((await call("/dev/scheduler", { method: "POST", env: { ...env, APP_ENV: "production" } })).status).toBe(404);
    expect((await call("/dev/scheduler?at=yesterday", { method: "POST" })).status).toBe(400);
  });
});
