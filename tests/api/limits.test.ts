import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, freshPhone, lastCodeFor, registerUser } from "../http";

/**
 * Every limit holds under parallel requests (Promise.all over real requests) and on every door:
 * the JSON API and the page forms reach the same domain verbs, which take the slots (ADR 009).
 */

let nextIp = 0;
/** A fresh client address, as Cloudflare would pass it in CF-Connecting-IP. */
const freshIp = () => `198.51.100.${++nextIp}`;

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

const tomorrow = () => new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
const booking = (i: number) => ({
  providerId: 1,
  serviceDescription: `The AC in room ${i} blows warm air`,
  customerLocation: "Karrada, street 62, house 14",
  customerPhone: "0770 123 4567",
  preferredDate: tomorrow(),
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const pagePost = (path: string, fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}) =>
  call(path, {
    method: "POST",
    cookie: init.cookie,
    body: form(fields),
    headers: {
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      ...(init.ip ? { "CF-Connecting-IP": init.ip } : {}),
    },
  });

// (thirty requests at once share two cores with the rest of the suite: seconds, not vitest's five)
describe("limits hold under parallel requests", { timeout: 30_000 }, () => {
  it("30 bookings at once by one customer: exactly 10 pass and 20 are refused with 429", async () => {
    const customer = await registerUser({ name: "Hasty Customer" });
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/bookings", { method: "POST", cookie: customer.cookie, json: booking(i) }),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 10, 429: 20 });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE customer_id = ?")
      .bind(customer.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(10);
  });

  it("30 wrong passwords at once for one phone: 10 are checked, 20 refused, and the right one then waits", async () => {
    const { phone } = await registerUser();
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/auth/login", { method: "POST", json: { phone, password: `wrong-${i}-pass` } }),
      ),
    );
    expect(statuses(res)).toEqual({ 401: 10, 429: 20 });
    const right = await call("/api/auth/login", { method: "POST", json: { phone, password: "tigris-river-21" } });
    expect(right.status).toBe(429);
  });

  it("30 wrong codes at once: the code's 5 tries are all they get, and the right code is then refused", async () => {
    const user = await registerUser({ verified: false });
    expect((await call("/api/auth/send-code", { method: "POST", cookie: user.cookie })).status).toBe(200);
    const code = await lastCodeFor(user.phone);
    const wrong = code === "0000 0000 0000" ? "1111 1111 1111" : "0000 0000 0000";
    const res = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("/api/auth/verify-phone", { method: "POST", cookie: user.cookie, json: { verificationCode: wrong } }),
      ),
    );
    const messages = await Promise.all(res.map(async (r) => ((await r.json()) as { message: string }).message));
    expect(res.every((r) => r.status === 400)).toBe(true);
    const tried = messages.filter((m) => /wrong|Too many wrong tries/.test(m));
    expect(tried).toHaveLength(5);
    expect(messages.filter((m) => /expired or was already used/.test(m))).toHaveLength(25);
    const right = await call("/api/auth/verify-phone", {
      method: "POST",
      cookie: user.cookie,
      json: { verificationCode: code },
    });
    expect(right.status).toBe(400);
    expect(await (await call("/api/auth/me", { cookie: user.cookie })).json()).toMatchObject({
      isPhoneVerified: false,
    });
  });

  it("the wrong-code message says how many tries are left, in its field too (no raw {{left}})", async () => {
    const user = await registerUser({ verified: false });
    await call("/api/auth/send-code", { method: "POST", cookie: user.cookie });
    const code = await lastCodeFor(user.phone);
    const res = await call("/api/auth/verify-phone", {
      method: "POST",
      cookie: user.cookie,
      json: { verificationCode: code === "0000 0000 0000" ? "1111 1111 1111" : "0000 0000 0000" },
    });
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.message).toBe("The code is wrong. 4 tries left.");
    expect(body.fields.verificationCode).toBe("The code is wrong. 4 tries left.");
    expect(JSON.stringify(body)).not.toContain("{{");
  });

  it("30 registrations at once from one address: exactly 10 accounts are made, 20 are refused", async () => {
    const ip = freshIp();
    const res = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("/api/auth/register", {
          method: "POST",
          headers: { "CF-Connecting-IP": ip },
          json: {
            name: "Throwaway",
            phone: freshPhone("0772"),
            password: "tigris-river-21",
            confirmPassword: "tigris-river-21",
            userType: "customer",
          },
        }),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 10, 429: 20 });
    // another address is not affected
    const other = await call("/api/auth/register", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp() },
      json: {
        name: "Neighbour",
        phone: freshPhone("0772"),
        password: "tigris-river-21",
        confirmPassword: "tigris-river-21",
        userType: "customer",
      },
    });
    expect(other.status).toBe(201);
  });

  it("30 registrations at once of one phone: exactly the 5 per hour go through, none of them verified", async () => {
    const phone = freshPhone("0773");
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/auth/register", {
          method: "POST",
          json: {
            name: `Claimant ${i}`,
            phone,
            password: "tigris-river-21",
            confirmPassword: "tigris-river-21",
            userType: "customer",
          },
        }),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 5, 429: 25 });
  });

  it(
    "failed sign-ins through the page form count per " + "address too: 60 at once over many phones, 50 checked",
    async () => {
      const ip = freshIp();
      const res = await Promise.all(
        Array.from({ length: 60 }, () =>
          pagePost("/login", { phone: freshPhone("0774"), password: "not-the-password" }, { ip }),
        ),
      );
      expect(statuses(res)).toEqual({ 401: 50, 429: 10 });
      // the API door shares the same count
      const api = await call("/api/auth/login", {
        method: "POST",
        headers: { "CF-Connecting-IP": ip },
        json: { phone: freshPhone("0774"), password: "not-the-password" },
      });
      expect(api.status).toBe(429);
    },
    60_000,
  );

  it(
    "a fresh device cookie each round never resets the " + "address's count: its failures are the address's too",
    async () => {
      const ip = freshIp();
      const { phone } = await registerUser();
      const signIn = (password: string, device?: string) =>
        call("/api/auth/login", {
          method: "POST",
          headers: { "CF-Connecting-IP": ip, ...(device ? { Cookie: device } : {}) },
          json: { phone, password },
        });
      let failed = 0;
      for (let round = 0; round < 6; round++) {
        // a sign-in without a cookie mints a new device, whose own budget is fresh
        const device = ((await signIn("tigris-river-21")).headers.get("Set-Cookie") ?? "").match(
          /dalil_device=[^;]+/,
        )![0];
        const res = await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(`wrong-${round}-${i}-pass`, device)));
        failed += res.filter((r) => r.status === 401).length;
      }
      expect(failed).toBe(50);
      const elsewhere = await call("/api/auth/login", {
        method: "POST",
        headers: { "CF-Connecting-IP": ip },
        json: { phone: freshPhone("0774"), password: "not-the-password" },
      });
      expect(elsewhere.status).toBe(429);
    },
    60_000,
  );

  it("registering through the page form takes the same per-address slots as the API", async () => {
    const ip = freshIp();
    const fields = (phone: string) => ({
      name: "Page User",
      phone,
      password: "tigris-river-21",
      confirmPassword: "tigris-river-21",
      userType: "customer",
    });
    const res = await Promise.all(
      Array.from({ length: 12 }, () => pagePost("/register", fields(freshPhone("0775")), { ip })),
    );
    const made = res.filter((r) => r.status === 302 || r.status === 204).length;
    expect(made).toBe(10);
    expect(res.filter((r) => r.status === 429)).toHaveLength(2);
    const api = await call("/api/auth/register", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: fields(freshPhone("0775")),
    });
    expect(api.status).toBe(429);
  });

  it("the current-password check on password change: 10 wrong at once, 5 checked and 5 refused", async () => {
    const user = await registerUser();
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pagePost(
          "/profile",
          {
            intent: "password",
            currentPassword: `guess-${i}-pass`,
            newPassword: "euphrates-77-new",
            confirmPassword: "euphrates-77-new",
          },
          { cookie: user.cookie },
        ),
      ),
    );
    expect(statuses(res)).toEqual({ 400: 5, 429: 5 });
    // the right one waits as well: guessing cannot continue by mixing in the right password
    const right = await call("/api/auth/password", {
      method: "POST",
      cookie: user.cookie,
      json: {
        currentPassword: "tigris-river-21",
        newPassword: "euphrates-77-new",
        confirmPassword: "euphrates-77-new",
      },
    });
    expect(right.status).toBe(429);
  });

  it("contact messages: 5 per address an hour, whatever e-mails they use, on the page and the API", async () => {
    const ip = freshIp();
    const message = (i: number) => ({
      name: "Visitor",
      email: `visitor${i}@example.com`,
      subject: "Hello",
      message: "A question about the app",
    });
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call("/api/contact", { method: "POST", headers: { "CF-Connecting-IP": ip }, json: message(i) }),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 5, 429: 3 });
    const page = await pagePost("/contact", message(99), { ip });
    expect(page.status).toBe(429);
  });

  it("contact messages: 5 per signed-in user an hour, even without an address", async () => {
    const user = await registerUser();
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call("/api/contact", {
          method: "POST",
          cookie: user.cookie,
          json: { name: "Member", email: `member${i}@example.com`, subject: "Hi", message: "Another question" },
        }),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 5, 429: 3 });
  });

  it("contact clicks count once per visitor, listing, kind and day: a loop cannot inflate them", async () => {
    const clicks = async () =>
      (await env.DB.prepare(
        "SELECT coalesce(sum(contact_clicks), 0) AS n FROM provider_analytics WHERE provider_id = 3",
      ).first<{ n: number }>())!.n;
    const before = await clicks();
    const ip = freshIp();
    const loop = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("/api/providers/3/contact-click", {
          method: "POST",
          headers: { "CF-Connecting-IP": ip },
          json: { kind: "call" },
        }),
      ),
    );
    expect(loop.every((r) => r.status === 204)).toBe(true);
    expect(await clicks()).toBe(before + 1);
    await call("/api/providers/3/contact-click", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp() },
      json: { kind: "call" },
    });
    await call("/api/providers/3/contact-click", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: { kind: "whatsapp" },
    });
    expect(await clicks()).toBe(before + 3);
  });
});
