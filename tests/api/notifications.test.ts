import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notify } from "../../domain/notifications/notifications";
import { serviceContext } from "../../workers/services";
import { call, ORIGIN, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { bellRows, userObject } from "../bell";

const signedIn = (name = "Layla Saad") => registerUser({ name });

describe("notifications", () => {
  it("a user reads only their own notifications, newest first, with the unread count", async () => {
    const me = await signedIn();
    const other = await signedIn("Other");
    const ctx = serviceContext(env);
    await notify(ctx, {
      userId: me.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "First" },
    });
    await notify(ctx, {
      userId: me.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "Second" },
    });
    await notify(ctx, {
      userId: other.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "secret" },
    });

    const res = await call("/api/notifications", { cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { title: string; message: string; isRead: boolean }[]; unread: number };
    expect(body.unread).toBe(2);
    expect(body.items.map((i) => i.message.includes("Second"))).toEqual([true, false]);
    expect(body.items[0].title).toBe("New booking request");
    expect(JSON.stringify(body)).not.toContain("secret");
    expect((await call("/api/notifications")).status).toBe(401);
  });

  it("marking read works for the owner only: it reaches only their own bell, and an id not in it is 404", async () => {
    const me = await signedIn();
    const other = await signedIn("Other");
    const mine = await notify(serviceContext(env), {
      userId: me.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "A" },
    });
    const theirs = await notify(serviceContext(env), {
      userId: other.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "B" },
    });
    const ok = await call(`/api/notifications/${mine}/read`, { method: "PATCH", cookie: me.cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ isRead: true });
    expect(
      ((await (await call("/api/notifications", { cookie: me.cookie })).json()) as { unread: number }).unread,
    ).toBe(0);
    // each bell numbers its own (ADR 051): the same number in my bell is mine, and theirs stays unread
    const denied = await call(`/api/notifications/${theirs + 1000}/read`, { method: "PATCH", cookie: me.cookie });
    expect(denied.status).toBe(404);
    await call(`/api/notifications/${theirs}/read`, { method: "PATCH", cookie: me.cookie });
    const row = (await bellRows(other.id)).find((r) => r.id === theirs);
    expect(row?.is_read).toBe(0);
    expect((await call(`/api/notifications/abc/read`, { method: "PATCH", cookie: me.cookie })).status).toBe(400);
  });

  it("is written in the recipient's language, whatever language the sender uses", async () => {
    const phone = "0752" + "1234567";
    await call("/api/auth/register", {
      method: "POST",
      lang: "ar",
      json: {
        name: "Arabic Reader",
        phone,
        password: "tigris-river-21",
        confirmPassword: "tigris-river-21",
        userType: "customer",
      },
    });
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE phone = ?")
      .bind("+9647521234567")
      .first<{ id: number }>())!;
    await notify(serviceContext(env, { locale: "en" }), {
      userId: id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "Zaid" },
    });
    const [row] = await bellRows(id);
    expect(row?.title).toBe("طلب حجز جديد");
    expect(row?.message).toContain("Zaid");
  });

  it("a notification stored as translation keys is read in the reader's current language", async () => {
    const me = await registerUser();
    await userObject(me.id).addNotification({
      type: "application",
      title: "notifications.application_approved_title",
      message: "notifications.application_approved_message",
      messageKey: null,
      params: null,
      relatedId: null,
      createdAt: Date.now(),
    });
    const en = (await (await call("/api/notifications", { cookie: me.cookie })).json()) as {
      items: { title: string }[];
    };
    expect(en.items[0].title).toBe("Application approved");
    const ar = (await (await call("/api/notifications", { cookie: me.cookie, lang: "ar" })).json()) as {
      items: { title: string; message: string }[];
    };
    expect(ar.items[0].title).toMatch(/[\u0600-\u06FF]/);
    expect(ar.items[0].message).not.toContain("notifications.");
  });

  it("a new notification reaches the user's open socket as {type: 'notification'}", async () => {
    const me = await signedIn();
    const res = await call("/ws", { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie: me.cookie });
    const ws = res.webSocket!;
    ws.accept();
    const received: string[] = [];
    ws.addEventListener("message", (e) => received.push(String(e.data)));
    const id = await notify(serviceContext(env), {
      userId: me.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "Zaid" },
    });
    await expect.poll(() => received.length).toBe(1);
    // with what it is about, so a screen showing bookings refreshes too
    expect(JSON.parse(received[0])).toEqual({ type: "notification", notificationId: id, topic: "booking" });
    ws.close(1000, "done");
  });
});

describe("the language follows the person", () => {
  const language = async (id: number) =>
    (await env.DB.prepare("SELECT language FROM users WHERE id = ?").bind(id).first<{ language: string }>())!.language;
  const bell = async (cookie: string, lang?: "en" | "ar" | "ku") =>
    (await (await call("/api/notifications", { cookie, lang })).json()) as {
      items: { id: number; title: string; message: string; href: string | null; isRead: boolean }[];
      unread: number;
    };

  it("a notification is stored as its key and parameters and read in the reader's language of the moment", async () => {
    const me = await signedIn("Reader");
    await notify(serviceContext(env), {
      userId: me.id,
      type: "booking",
      key: "notices.bookingRequested",
      params: { customer: "Zaid" },
      relatedId: 9,
    });
    const [row] = await bellRows(me.id);
    expect(row?.message_key).toBe("notices.bookingRequested");
    expect(JSON.parse(row!.params!).customer).toContain("Zaid");
    const [en, ar, ku] = [await bell(me.cookie, "en"), await bell(me.cookie, "ar"), await bell(me.cookie, "ku")];
    expect(en.items[0].title).toBe("New booking request");
    expect(ar.items[0].title).toBe("طلب حجز جديد");
    expect(ku.items[0].title).not.toBe(ar.items[0].title);
    expect(ku.items[0].title).toMatch(/[\u0600-\u06FF]/);
    for (const b of [en, ar, ku]) expect(b.items[0].message).toContain("Zaid");
    // it leads to its booking
    expect(en.items[0].href).toBe("/bookings#booking-9");
  });

  it(
    "the language a signed-in person uses becomes the account's; a request that states none is answered in it; " +
      "codes follow it",
    async () => {
      const me = await registerUser({ name: "Switcher", verified: false });
      expect(await language(me.id)).toBe("en");
      // the toggle's cookie on any request (here the bell's own fetch after a switch)
      await bell(me.cookie, "ar");
      expect(await language(me.id)).toBe("ar");
      // a new device with no language cookie reads in the account's language
      const again = await bell(me.cookie);
      await notify(serviceContext(env), {
        userId: me.id,
        type: "booking",
        key: "notices.bookingExpired",
        params: { id: 4 },
        relatedId: 4,
      });
      expect((await bell(me.cookie)).items[0].title).toMatch(/[\u0600-\u06FF]/);
      expect(again.unread).toBe(0);
      // a code goes out in it too
      await call("/api/auth/send-code", { method: "POST", cookie: me.cookie, lang: "ku" });
      expect(await language(me.id)).toBe("ku");
      const out = await env.DB.prepare("SELECT payload FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
        .bind(me.phone)
        .first<{ payload: string }>();
      expect(JSON.parse(out!.payload).lang).toBe("ku");
      // and ?lng= on a page does the same (the profile's language form)
      const page = await call("/profile?lng=en", { cookie: me.cookie });
      expect(page.status).toBe(200);
      expect(page.headers.get("Set-Cookie")).toContain("language=en");
      expect(await language(me.id)).toBe("en");
    },
  );

  it("mark all as read marks only my unread ones; opening /bookings reads my booking notifications", async () => {
    const me = await signedIn("Many");
    const other = await signedIn("Other person");
    const ctx = serviceContext(env);
    for (const id of [1, 2, 3])
      await notify(ctx, {
        userId: me.id,
        type: "booking",
        key: "notices.bookingExpired",
        params: { id },
        relatedId: id,
      });
    await notify(ctx, {
      userId: me.id,
      type: "request",
      key: "notices.quoteDeclined",
      params: { title: "Paint" },
      relatedId: 5,
    });
    await notify(ctx, {
      userId: other.id,
      type: "booking",
      key: "notices.bookingExpired",
      params: { id: 7 },
      relatedId: 7,
    });
    expect((await bell(me.cookie)).unread).toBe(4);
    // the bookings page is on screen: its notifications are read, the request's is not
    const page = await call("/bookings", { cookie: me.cookie });
    expect(page.status, await page.text()).toBe(200);
    expect((await bell(me.cookie)).unread).toBe(1);
    const all = await call("/api/notifications/read-all", { method: "POST", cookie: me.cookie });
    expect(await all.json()).toEqual({ marked: 1 });
    expect((await bell(me.cookie)).unread).toBe(0);
    expect((await bell(other.cookie)).unread).toBe(1);
    expect((await call("/api/notifications/read-all", { method: "POST" })).status).toBe(401);
  });
});

describe("the provider's booking alert in the bell", () => {
  it(
    "an Arabic alert with an English address and job puts each on its own line, isolated, so neither runs into " +
      "the other",
    async () => {
      const res = await call("/api/auth/login", {
        method: "POST",
        json: { phone: DEMO_ACCOUNTS.provider.phone, password: DEMO_ACCOUNTS.provider.password },
      });
      const provider = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
      const customer = await registerUser({ name: "Sara Ahmed" });
      const made = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 1,
          serviceDescription: "The home wifi router keeps dropping",
          customerLocation: "Amarah, near the hospital",
          customerPhone: customer.phone,
          preferredTime: "evening",
        },
      });
      expect(made.status).toBe(201);
      const body = (await (await call("/api/notifications", { cookie: provider, lang: "ar" })).json()) as {
        items: { message: string }[];
      };
      const lines = body.items[0].message.split("\n");
      expect(lines).toEqual([
        expect.stringContaining("مساءً"),
        "📍 \u2068Amarah, near the hospital\u2069",
        "📝 \u2068The home wifi router keeps dropping\u2069",
      ]);
      // the bell and /notifications keep those lines
      const page = await (await call("/notifications", { cookie: provider, lang: "ar" })).text();
      expect(page).toMatch(/whitespace-pre-line[^>]*data-testid="notification-message"/);
    },
  );
});
