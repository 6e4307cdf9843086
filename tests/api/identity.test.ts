// One owner per phone across the web, WhatsApp and Telegram (ADR 022).
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountView } from "../../domain/accounts/sessions";
import { withAdminPhones } from "../../workers/middleware/session";
import type { Env } from "../../workers/env";
import { deliverOutbox, fakeChannelApis, postTelegram, postWhatsApp, tgMessage, tgUser, waForm } from "../bot";
import { openPayload } from "../../workers/queue/outbox";
import { portsFor } from "../../workers/services";
import { call, freshPhone, registerUser, verifyPhoneOf } from "../http";
import { objectSessions, signIn } from "../sessions";
import { allBellRows } from "../bell";
import { slotsOf } from "../ttlKeys";

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

const PASSWORD = "tigris-river-21";
const e164 = (local: string) => `+964${local.slice(1)}`;
const accountsOf = (phone: string) =>
  env.DB.prepare(
    "SELECT id, phone, is_phone_verified AS verified, password_hash AS hash FROM users WHERE phone = ? OR " +
      "phone LIKE 'released:%' ORDER BY id",
  )
    .bind(phone)
    .all<{ id: number; phone: string; verified: number; hash: string }>()
    .then((r) => r.results);
const me = (cookie: string) => call("/api/auth/me", { cookie });
const login = (phone: string, password = PASSWORD) =>
  call("/api/auth/login", { method: "POST", json: { phone, password } });

/** A stranger registers the victim's number on the web without proving it (allowed: ADR 009's claim rule). */
async function strangerClaims(local: string) {
  const stranger = await registerUser({ phone: local, name: "Not The Owner", verified: false });
  expect((await me(stranger.cookie)).status).toBe(200);
  expect((await login(local)).status).toBe(200);
  return stranger;
}

/** What must hold after the real owner proved the number on a channel. */
async function expectStrangerReleased(stranger: { id: number; cookie: string }, local: string) {
  const phone = e164(local);
  const rows = await accountsOf(phone);
  const strangerRow = rows.find((r) => r.id === stranger.id)!;
  expect(strangerRow.phone).toBe(`released:${stranger.id}`);
  expect(strangerRow.verified).toBe(0);
  // signed out (no session left in the stranger's object), and the stranger's password opens nothing
  expect(await objectSessions(stranger.id)).toEqual([]);
  expect((await me(stranger.cookie)).status).toBe(401);
  expect((await login(local)).status).toBe(401);
  // the number has one verified holder: a new account of the owner's, with no password anyone chose
  const holders = rows.filter((r) => r.phone === phone);
  expect(holders).toHaveLength(1);
  expect(holders[0]!.verified).toBe(1);
  expect(holders[0]!.id).not.toBe(stranger.id);
  expect(holders[0]!.hash).toBe("none$channel");
  return holders[0]!;
}

describe("a phone proven on one door never hands a stranger's account 'verified'", () => {
  it("WhatsApp: the owner's first message releases the stranger's unverified claim and signs it out", async () => {
    const local = freshPhone("0750");
    const stranger = await strangerClaims(local);
    const res = await postWhatsApp(waForm(e164(local), { Body: "hi", ProfileName: "Karwan" }));
    expect(res.status).toBe(200);
    await expectStrangerReleased(stranger, local);
    // the stranger cannot take the number back on the web: it is proven now
    const again = await call("/api/auth/register", {
      method: "POST",
      json: {
        name: "Not The Owner",
        phone: local,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        userType: "customer",
      },
    });
    expect(again.status).toBe(409);
  });

  it("Telegram: sharing one's own contact does the same", async () => {
    const local = freshPhone("0750");
    const stranger = await strangerClaims(local);
    const owner = tgUser(880_000 + Number(local.slice(-4)), "ar");
    expect((await postTelegram(tgMessage(owner, { text: "/start" }))).status).toBe(200);
    const shared = await postTelegram(
      tgMessage(owner, { contact: { phone_number: e164(local).slice(1), first_name: "Karwan", user_id: owner.id } }),
    );
    expect(shared.status).toBe(200);
    const holder = await expectStrangerReleased(stranger, local);
    const link = await env.DB.prepare(
      "SELECT user_id FROM channel_links WHERE channel = 'telegram' AND external_id = ?",
    )
      .bind(String(owner.id))
      .first<{ user_id: number }>();
    expect(link?.user_id).toBe(holder.id);
  });

  it("a number someone has verified stays theirs: the channel's proof attaches to that account", async () => {
    const owner = await registerUser({ phone: freshPhone("0750") });
    const res = await postWhatsApp(waForm(owner.phone, { Body: "my bookings" }));
    expect(res.status).toBe(200);
    const rows = await accountsOf(owner.phone);
    expect(rows.filter((r) => r.phone === owner.phone).map((r) => r.id)).toEqual([owner.id]);
    expect((await me(owner.cookie)).status).toBe(200);
    const link = await env.DB.prepare(
      "SELECT user_id FROM channel_links WHERE channel = 'whatsapp' AND external_id = ?",
    )
      .bind(owner.phone)
      .first<{ user_id: number }>();
    expect(link?.user_id).toBe(owner.id);
  });

  it("a greeting from a number nobody registered makes no account", async () => {
    const phone = e164(freshPhone("0750"));
    expect((await postWhatsApp(waForm(phone, { Body: "hello" }))).status).toBe(200);
    expect(await accountsOf(phone).then((rows) => rows.filter((r) => r.phone === phone))).toEqual([]);
  });

  it(
    "the owner's proof and a stranger's code race: exactly one verified holder, never the stranger by the " +
      "owner's proof",
    async () => {
      const local = freshPhone("0750");
      const stranger = await strangerClaims(local);
      await call("/api/auth/send-code", { method: "POST", cookie: stranger.cookie });
      const forms = Array.from({ length: 5 }, () => waForm(e164(local), { Body: "hi" }));
      const results = await Promise.all(forms.map((f) => postWhatsApp(f)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const holders = (await accountsOf(e164(local))).filter((r) => r.phone === e164(local) && r.verified === 1);
      expect(holders).toHaveLength(1);
      expect(holders[0]!.id).not.toBe(stranger.id);
    },
  );
});

describe("ADMIN_PHONES makes only the number's verified holder an admin", () => {
  const account = (isPhoneVerified: boolean): AccountView => ({
    id: 7,
    name: "A",
    phone: "+9647700000009",
    userType: "customer",
    isPhoneVerified,
    isAdmin: false,
    language: "en",
  });
  const adminEnv = { ADMIN_PHONES: "+9647700000009, +9647700000010" } as Env;

  it("an unverified account registered with the admin's number is not an admin", () => {
    expect(withAdminPhones(account(false), adminEnv)?.isAdmin).toBe(false);
    expect(withAdminPhones(account(true), adminEnv)?.isAdmin).toBe(true);
  });

  it(
    "over the API: the ADMIN_PHONES number's unverified claimant gets 403 from the admin routes; once it proves " +
      "the number, it is the admin",
    async () => {
      // the test Worker runs with ADMIN_PHONES = +9647709990001 (vitest.config.ts)
      const claimant = await registerUser({ phone: "07709990001", verified: false });
      expect(((await (await me(claimant.cookie)).json()) as { isAdmin: boolean }).isAdmin).toBe(false);
      expect((await call("/api/admin/applications", { cookie: claimant.cookie })).status).toBe(403);
      await verifyPhoneOf(claimant);
      expect(((await (await me(claimant.cookie)).json()) as { isAdmin: boolean }).isAdmin).toBe(true);
      expect((await call("/api/admin/applications", { cookie: claimant.cookie })).status).toBe(200);
    },
  );
});

describe("unproven accounts cannot reach every provider", () => {
  const count = async (sql: string, ...binds: unknown[]) =>
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>())!.n;

  it(
    "a first message to a listing needs a proven phone: 403 asking for the code, no conversation; after the code " +
      "it goes",
    async () => {
      const unproven = await registerUser({ verified: false });
      const res = await call("/api/chat", {
        method: "POST",
        cookie: unproven.cookie,
        json: { providerId: 2, message: "Salam, are you free tomorrow?" },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.verificationCode).toBeTruthy();
      expect(await count("SELECT count(*) AS n FROM conversations WHERE customer_id = ?", unproven.id)).toBe(0);
      await verifyPhoneOf(unproven);
      const sent = await call("/api/chat", {
        method: "POST",
        cookie: unproven.cookie,
        json: { providerId: 2, message: "Salam, are you free tomorrow?" },
      });
      expect(sent.status).toBe(201);
      expect(await count("SELECT count(*) AS n FROM conversations WHERE customer_id = ?", unproven.id)).toBe(1);
    },
  );

  // it registers 14 people through the doors (each a session in its
  // object since ADR 054's amendment): room on a loaded machine
  it(
    "a service request needs a proven phone, and alerts at most 10 providers, each person once",
    { timeout: 20_000 },
    async () => {
      const row = (await env.DB.prepare(
        "SELECT category_id AS categoryId, city, city_id AS cityId, count(*) AS n FROM service_providers WHERE " +
          "hidden_at IS NULL AND city_id IS NOT NULL GROUP BY category_id, city ORDER BY n DESC LIMIT 1",
      ).first<{ categoryId: number; city: string; cityId: number; n: number }>())!;
      // make sure more than 10 people run listings of that trade in that city
      const owners = await Promise.all(Array.from({ length: 12 }, () => registerUser()));
      for (const [i, o] of owners.entries()) {
        await env.DB.prepare(
          "INSERT INTO service_providers (name, specialty, category_id, city, city_id, location, phone, " +
            "user_id, search_text) SELECT ?, 'Technician', ?, ?, ?, 'Karrada', ?, ?, ''",
        )
          .bind(`Listing ${i}`, row.categoryId, row.city, row.cityId, o.phone, o.id)
          .run();
      }
      const request = {
        categoryId: row.categoryId,
        city: row.city,
        title: "Split AC not cooling",
        description: "The split unit in the bedroom blows warm air since yesterday.",
        urgency: "high",
        location: "Karrada, street 62, house 14",
      };
      const unproven = await registerUser({ verified: false });
      const refused = await call("/api/requests", { method: "POST", cookie: unproven.cookie, json: request });
      expect(refused.status).toBe(403);
      expect(await count("SELECT count(*) AS n FROM service_requests WHERE customer_id = ?", unproven.id)).toBe(0);
      expect((await allBellRows()).filter((n) => n.type === "request")).toHaveLength(0);

      const customer = await registerUser();
      const posted = await call("/api/requests", { method: "POST", cookie: customer.cookie, json: request });
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: number };
      const alerted = (await allBellRows()).filter((n) => n.type === "request" && n.related_id === id);
      expect(alerted.length).toBe(10);
      expect(new Set(alerted.map((r) => r.user_id)).size).toBe(10);
    },
  );
});

describe("a hidden listing takes no new conversation, booking or request", () => {
  it("new conversations and bookings are refused; an existing conversation stays readable with a note", async () => {
    const admin = await signIn("admin");
    const customer = await registerUser();
    const newcomer = await registerUser();
    const first = await call("/api/chat", {
      method: "POST",
      cookie: customer.cookie,
      json: { providerId: 5, message: "Is the offer still on?" },
    });
    expect(first.status).toBe(201);
    const { conversationId } = (await first.json()) as { conversationId: number };
    expect((await call("/api/admin/providers/5/hide", { method: "POST", cookie: admin })).status).toBe(200);

    const refused = await call("/api/chat", {
      method: "POST",
      cookie: newcomer.cookie,
      json: { providerId: 5, message: "Hello?" },
    });
    expect(refused.status).toBe(404);
    const booking = await call("/api/bookings", {
      method: "POST",
      cookie: newcomer.cookie,
      json: {
        providerId: 5,
        serviceDescription: "Fix the kitchen sink please",
        customerLocation: "Karrada, street 62",
        customerPhone: "0770 123 4567",
        preferredTime: "evening",
        urgency: "normal",
      },
    });
    expect(booking.status).toBe(404);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE customer_id = ?")
        .bind(newcomer.id)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });

    // the customer who was already talking keeps the conversation, and is told
    const history = await call(`/api/conversations/${conversationId}/messages`, { cookie: customer.cookie });
    expect(history.status).toBe(200);
    const page = await (await call(`/messages/${conversationId}`, { cookie: customer.cookie })).text();
    expect(page).toContain('data-testid="chat-not-listed"');
    expect(page).toContain("not listed on Dalil now");
  });
});

describe("one accomplice cannot buy a perfect rating: a customer counts once per listing", () => {
  const REVIEW = { serviceQuality: 5, punctuality: 5, communication: 5, valueForMoney: 5, wouldRecommend: true };

  async function completedBooking(customer: { cookie: string }, providerId: number, provider: string) {
    const booked = await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json: {
        providerId,
        serviceDescription: "Router keeps dropping the connection",
        customerLocation: "Karrada, street 62",
        customerPhone: "0770 123 4567",
        preferredTime: "evening",
        urgency: "normal",
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const booking = (await booked.json()) as { id: number };
    expect((await call(`/api/bookings/${booking.id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
    expect((await call(`/api/bookings/${booking.id}/complete`, { method: "POST", cookie: provider })).status).toBe(200);
    return booking.id;
  }
  const listing = (id: number) =>
    env.DB.prepare("SELECT rating, review_count AS n FROM service_providers WHERE id = ?")
      .bind(id)
      .first<{ rating: number; n: number }>();

  it(
    "a friend's ten bookings and reviews move the listing as one reviewer, the latest review counting; the " +
      "profile lists one review per person",
    async () => {
      const provider = await signIn("provider");
      const providerId = (await env.DB.prepare(
        "SELECT p.id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE u.phone = '+9647700000003'",
      ).first<{ id: number }>())!.id;
      const before = (await listing(providerId))!;
      const friend = await registerUser();
      for (const rating of [5, 5, 5]) {
        const id = await completedBooking(friend, providerId, provider);
        expect(
          (
            await call(`/api/bookings/${id}/review`, {
              method: "POST",
              cookie: friend.cookie,
              json: { rating, ...REVIEW },
            })
          ).status,
        ).toBe(201);
      }
      let after = (await listing(providerId))!;
      expect(after.n).toBe(before.n + 1);
      expect(after.rating).toBeCloseTo((before.rating * before.n + 5) / (before.n + 1), 6);
      // the friend changes their mind: the later review replaces the earlier in the average
      const last = await completedBooking(friend, providerId, provider);
      expect(
        (
          await call(`/api/bookings/${last}/review`, {
            method: "POST",
            cookie: friend.cookie,
            json: { rating: 1, ...REVIEW },
          })
        ).status,
      ).toBe(201);
      after = (await listing(providerId))!;
      expect(after.n).toBe(before.n + 1);
      expect(after.rating).toBeCloseTo((before.rating * before.n + 1) / (before.n + 1), 6);
      // another customer is a second reviewer
      const other = await registerUser();
      const theirs = await completedBooking(other, providerId, provider);
      expect(
        (
          await call(`/api/bookings/${theirs}/review`, {
            method: "POST",
            cookie: other.cookie,
            json: { rating: 4, ...REVIEW },
          })
        ).status,
      ).toBe(201);
      after = (await listing(providerId))!;
      expect(after.n).toBe(before.n + 2);
      expect(after.rating).toBeCloseTo((before.rating * before.n + 1 + 4) / (before.n + 2), 6);
      // the search card and the API say the same; the profile shows each person's latest review once
      const api = (await (await call(`/api/providers/${providerId}`)).json()) as {
        rating: number;
        reviewCount: number;
      };
      expect(api.reviewCount).toBe(after.n);
      const reviews = await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE provider_id = ?")
        .bind(providerId)
        .first<{ n: number }>();
      expect(reviews!.n).toBe(5);
      const html = await (await call(`/provider/${providerId}`)).text();
      expect(html.match(/data-testid="review"/g)?.length ?? 0).toBe(2);
    },
  );
});

describe("in production a code reaches the person, and never a log or a readable outbox row", () => {
  const production = () =>
    ({
      ...env,
      APP_ENV: "production",
      TWILIO_SMS_FROM: "+15005550006",
      OUTBOX_SEAL_KEY: "production-test-seal-key",
    }) as Env;
  const logged: string[] = [];
  const spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    logged.length = 0;
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      spies.push(
        vi
          .spyOn(console, level)
          .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
      );
    }
  });
  afterEach(() => spies.splice(0).forEach((s) => s.mockRestore()));

  async function webOnlyUser(prod: Env) {
    const local = freshPhone("0750");
    const res = await call("/api/auth/register", {
      env: prod,
      method: "POST",
      json: { name: "Web Only", phone: local, password: PASSWORD, confirmPassword: PASSWORD, userType: "customer" },
    });
    expect(res.status).toBe(201);
    const cookie = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
    return { cookie, phone: e164(local) };
  }
  const lastOutbox = (phone: string) =>
    env.DB.prepare("SELECT id, channel, payload, status FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
      .bind(phone)
      .first<{ id: number; channel: string; payload: string; status: string }>();

  it(
    "a web-only user's code goes out on WhatsApp (the authentication template), is sealed in the outbox and " +
      "wiped once sent, and proves the phone",
    async () => {
      const prod = production();
      const user = await webOnlyUser(prod);
      const sent = await call("/api/auth/send-code", { env: prod, method: "POST", cookie: user.cookie });
      expect(sent.status).toBe(200);
      expect(await sent.text()).not.toMatch(/\d{4} \d{4}/);
      // sent within the request that asked for it (ADR 084): it is out when the answer comes
      const message = apis.sent.find((s) => s.body.To === `whatsapp:${user.phone}`)!;
      expect(message.body.ContentSid).toBe("HXcodeEN");
      const code = (JSON.parse(String(message.body.ContentVariables)) as Record<string, string>)["1"]!;
      expect(code).toMatch(/^\d{4} \d{4} \d{4}$/);
      // the person has it; nobody else does: not the log, and once delivered the row itself is gone (ADR 054): nothing
      // of the code is left in D1
      expect(await lastOutbox(user.phone)).toBeNull();
      expect(logged.join("\n")).not.toContain(code);
      const verified = await call("/api/auth/verify-phone", {
        env: prod,
        method: "POST",
        cookie: user.cookie,
        json: { verificationCode: code },
      });
      expect(verified.status).toBe(200);
    },
  );

  it(
    "when WhatsApp refuses the number, the code goes by " + "SMS; the log channel does not exist in production",
    async () => {
      const prod = production();
      const user = await webOnlyUser(prod);
      apis.failNext(
        "whatsapp",
        400,
        { code: 63003, message: "Channel could not find To address", status: 400 },
        undefined,
        `whatsapp:${user.phone}`,
      );
      expect((await call("/api/auth/send-code", { env: prod, method: "POST", cookie: user.cookie })).status).toBe(200);
      const sms = apis.sent.find((s) => s.body.To === user.phone)!;
      expect(sms.body.From).toBe("+15005550006");
      const code = String(sms.body.Body).match(/\d{4} \d{4} \d{4}/)![0];
      expect(logged.join("\n")).not.toContain(code);
      // delivered by SMS: the row is gone (ADR 054)
      expect(await lastOutbox(user.phone)).toBeNull();

      // a message queued for the log (development's channel) is refused, not printed
      await portsFor(prod).outbox.enqueue({
        channel: "log",
        recipient: user.phone,
        key: "messages.verificationCode",
        params: { minutes: 10 },
        secret: { code: "424242" },
        lang: "en",
      });
      const logRow = (await lastOutbox(user.phone))!;
      await deliverOutbox(logRow.id, 1, "dalil-outbox", prod);
      expect((await lastOutbox(user.phone))!.status).toBe("dead");
      expect(logged.join("\n")).not.toContain("424242");
    },
  );
});

describe("forgot password: phone → code → new password", () => {
  const start = (phone: string) => call("/api/auth/reset/start", { method: "POST", json: { phone } });
  const finish = (phone: string, verificationCode: string, newPassword = "euphrates-77-new") =>
    call("/api/auth/reset/finish", {
      method: "POST",
      json: { phone, verificationCode, newPassword, confirmPassword: newPassword },
    });
  /** The newest reset code queued for a phone, opened as the consumer opens it. */
  async function resetCodeFor(phone: string) {
    const row = await env.DB.prepare(
      "SELECT payload FROM outbox WHERE recipient = ? AND payload LIKE '%resetCode%' ORDER BY id DESC LIMIT 1",
    )
      .bind(phone)
      .first<{ payload: string }>();
    if (!row) throw new Error(`no reset code for ${phone}`);
    expect(row.payload).not.toMatch(/"code"/);
    return String((await openPayload(env, row.payload)).params.code);
  }
  /** Another code of the same shape: one character changed. */
  const wrongOf = (code: string, i = 0) => code.slice(0, i) + (code[i] === "0" ? "1" : "0") + code.slice(i + 1);

  it("the answers never say whether a number has an account", async () => {
    const user = await registerUser();
    const nobody = e164(freshPhone("0750"));
    const [a, b] = await Promise.all([start(user.phone), start(nobody)]);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    const [c, d] = await Promise.all([finish(user.phone, "000000000000000"), finish(nobody, "000000000000000")]);
    expect(c.status).toBe(400);
    expect(d.status).toBe(400);
    expect(await c.json()).toEqual(await d.json());
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?").bind(nobody).first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it("a right code sets the new password, ends every session (sockets included) and signs this device in", async () => {
    const user = await registerUser();
    const other = await login(user.phone);
    const otherCookie = (other.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
    expect((await start(user.phone)).status).toBe(200);
    const code = await resetCodeFor(user.phone);
    const wrong = await finish(user.phone, wrongOf(code));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.verificationCode).toMatch(
      /wrong or has expired/,
    );
    const done = await finish(user.phone, code);
    expect(done.status).toBe(200);
    const fresh = (done.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
    expect((await me(user.cookie)).status).toBe(401);
    expect((await me(otherCookie)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    // the person's object holds this device's new session and nothing else
    expect(await objectSessions(user.id)).toHaveLength(1);
    expect((await login(user.phone)).status).toBe(401);
    expect((await login(user.phone, "euphrates-77-new")).status).toBe(200);
    // single use
    expect((await finish(user.phone, code, "another-pass-99")).status).toBe(400);
  });

  it(
    "an expired code is refused with the same sentence; " + "wrong guesses, in parallel, do not spoil the owner's code",
    async () => {
      const user = await registerUser();
      await start(user.phone);
      const code = await resetCodeFor(user.phone);
      await env.DB.prepare("UPDATE reset_codes SET expires_at = ? WHERE user_id = ?")
        .bind(Date.now() - 1000, user.id)
        .run();
      const expired = await finish(user.phone, code);
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as { fields: Record<string, string> }).fields.verificationCode).toMatch(
        /wrong or has expired/,
      );

      await start(user.phone);
      const second = await resetCodeFor(user.phone);
      expect(second).toMatch(/^[0-9A-Z]{15}$/);
      // a stranger's guesses: each wrong, none takes a try from the code (a code has 75 bits, not 5 tries)
      const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => finish(user.phone, wrongOf(second, i))));
      expect(guesses.every((r) => r.status === 400)).toBe(true);
      // pasted as people paste it: lower case, with spaces
      const done = await finish(user.phone, `${second.slice(0, 5).toLowerCase()} ${second.slice(5)}`);
      expect(done.status).toBe(200);
      expect((await login(user.phone, "euphrates-77-new")).status).toBe(200);
    },
  );

  it("reset codes sent have a per-phone budget of their own; every number gets the same answer", async () => {
    const user = await registerUser();
    const nobody = e164(freshPhone("0750"));
    const mine = await Promise.all(Array.from({ length: 7 }, () => start(user.phone)));
    const theirs = await Promise.all(Array.from({ length: 7 }, () => start(nobody)));
    expect(mine.concat(theirs).every((r) => r.status === 200)).toBe(true);
    // five codes reached the account's number (the verification code registerUser asked for does not count here)
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ? AND payload LIKE '%resetCode%'")
        .bind(user.phone)
        .first<{ n: number }>(),
    ).toEqual({ n: 5 });
    // and its verification budget is untouched: a new number on the same account could still be proven
    expect(await slotsOf(`send-code:${user.phone}`)).toBe(1);
  });

  it(
    "the owner whose number a stranger claimed, and who " + "then wrote to the bot, sets a first password on the web",
    async () => {
      const local = freshPhone("0750");
      const stranger = await strangerClaims(local);
      await postWhatsApp(waForm(e164(local), { Body: "hi" }));
      await expectStrangerReleased(stranger, local);
      expect((await start(local)).status).toBe(200);
      const code = await resetCodeFor(e164(local));
      const done = await finish(local, code, "my-own-pass-7");
      expect(done.status).toBe(200);
      expect((await login(local, "my-own-pass-7")).status).toBe(200);
      expect((await login(local)).status).toBe(401);
    },
  );
});

describe("failures from elsewhere cannot lock the owner out of a device that signed in before", () => {
  const cookieOf = (res: Response, name: string) =>
    (res.headers.get("Set-Cookie") ?? "").match(new RegExp(`${name}=[^;]+`))?.[0] ?? "";
  const signInFrom = (phone: string, password: string, opts: { device?: string; ip?: string } = {}) =>
    call("/api/auth/login", {
      method: "POST",
      json: { phone, password },
      cookie: opts.device,
      headers: opts.ip ? { "CF-Connecting-IP": opts.ip } : {},
    });

  it(
    "thirty parallel wrong passwords from many addresses: the attacker is limited, the owner's known device " +
      "still signs in",
    async () => {
      const local = freshPhone("0750");
      const registered = await call("/api/auth/register", {
        method: "POST",
        json: { name: "Owner", phone: local, password: PASSWORD, confirmPassword: PASSWORD, userType: "customer" },
      });
      expect(registered.status).toBe(201);
      const device = cookieOf(registered, "dalil_device");
      expect(device).toMatch(/^dalil_device=[0-9a-f]{32}\.[0-9a-f]{64}$/);

      const attacks = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signInFrom(local, `guess-${i}-wrong`, { ip: `203.0.113.${i + 1}` })),
      );
      expect(attacks.filter((r) => r.status === 401).length).toBe(10);
      expect(attacks.filter((r) => r.status === 429).length).toBe(20);

      // an unknown device with the right password waits out the lock, as before…
      expect((await signInFrom(local, PASSWORD, { ip: "198.51.100.7" })).status).toBe(429);
      // …a device cookie made for another phone, or forged, is an unknown device…
      const other = await call("/api/auth/register", {
        method: "POST",
        json: {
          name: "Other",
          phone: freshPhone("0750"),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          userType: "customer",
        },
      });
      expect((await signInFrom(local, PASSWORD, { device: cookieOf(other, "dalil_device") })).status).toBe(429);
      expect(
        (await signInFrom(local, PASSWORD, { device: device.replace(/.$/, (c) => (c === "0" ? "1" : "0")) })).status,
      ).toBe(429);
      // …but the owner's own device signs in, and keeps its cookie
      const mine = await signInFrom(local, PASSWORD, { device, ip: "198.51.100.7" });
      expect(mine.status).toBe(200);
      expect(cookieOf(mine, "dalil_device")).toBe(device);
    },
  );

  it("a known device has its own failure limit: ten wrong passwords lock that device, not the others", async () => {
    const local = freshPhone("0750");
    const registered = await call("/api/auth/register", {
      method: "POST",
      json: { name: "Owner", phone: local, password: PASSWORD, confirmPassword: PASSWORD, userType: "customer" },
    });
    const device = cookieOf(registered, "dalil_device");
    const tries = await Promise.all(
      Array.from({ length: 14 }, (_, i) => signInFrom(local, `typo-${i}-pass`, { device })),
    );
    expect(tries.filter((r) => r.status === 401).length).toBe(10);
    expect((await signInFrom(local, PASSWORD, { device })).status).toBe(429);
    // the phone itself was not locked by them: a new device can still sign in
    expect((await signInFrom(local, PASSWORD)).status).toBe(200);
  });
});
