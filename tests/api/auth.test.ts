import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { userObject } from "../bell";
import { d1Sessions, objectSessions } from "../sessions";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { PBKDF2_ITERATIONS } from "../../domain/accounts/password";
import { login } from "../../domain/accounts/login";
import { platformPorts } from "../../workers/services";
import { call, verifyPhoneOf } from "../http";
import { realPbkdf2, withRealRounds } from "../rounds";
import { DEMO_ACCOUNTS } from "../seed";

let phoneCounter = 1000;
/** A fresh valid Iraqi mobile for each registration. */
const freshPhone = () => `0771${String(phoneCounter++).padStart(7, "0")}`;

function sessionFrom(res: Response): string | null {
  const header = res.headers.get("Set-Cookie") ?? "";
  const m = header.match(/dalil_session=([^;]*)/);
  return m && m[1] ? `dalil_session=${m[1]}` : null;
}

async function registerCustomer(overrides: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const res = await call("/api/auth/register", {
    method: "POST",
    json: {
      name: "Zainab Ali",
      phone,
      password: "river-tigris-9",
      confirmPassword: "river-tigris-9",
      userType: "customer",
      ...overrides,
    },
  });
  return { res, phone, cookie: sessionFrom(res) };
}

describe("registration", () => {
  it("returns the user object and an HttpOnly session cookie, never the password or its hash", async () => {
    const { res, cookie } = await registerCustomer();
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Zainab Ali", userType: "customer", isPhoneVerified: false });
    expect(body.phone).toMatch(/^\+9647710/);
    expect(JSON.stringify(body)).not.toMatch(/password|hash|pbkdf2/i);
    expect(res.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toBeNull();
  });

  it("stores the phone in E.164 whichever way it was typed (07…, 00964…, Arabic-Indic digits)", async () => {
    const forms = ["0772 111 2233", "009647721112234", "+964 772 111 2235", "٠٧٧٢١١١٢٢٣٦"];
    const expected = ["+9647721112233", "+9647721112234", "+9647721112235", "+9647721112236"];
    for (const [i, phone] of forms.entries()) {
      const { res } = await registerCustomer({ phone });
      expect(res.status, phone).toBe(201);
      expect(((await res.json()) as { phone: string }).phone).toBe(expected[i]);
    }
  });

  it("the users row holds a hash that names its algorithm and the pinned 100,000 PBKDF2 iterations", async () => {
    // the suite's cheap rounds off (tests/rounds.ts): this hash is the one production would store
    const { phone } = await withRealRounds(() => registerCustomer());
    const e164 = "+964" + phone.slice(1);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE phone = ?")
      .bind(e164)
      .first<{ password_hash: string }>();
    expect(row?.password_hash).not.toContain("river-tigris-9");
    expect(row?.password_hash.startsWith("pbkdf2-sha256$100000$")).toBe(true);
    // and its bits are 100,000 real rounds of PBKDF2-SHA256 over the password and the stored salt
    const [, , salt, hash] = row!.password_hash.split("$");
    const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const derived = await realPbkdf2("river-tigris-9", bytes(salt!), 100_000);
    expect(btoa(String.fromCharCode(...derived))).toBe(hash);
    // and the sign-in checks it at the rounds it names: the password opens it, another does not
    const signIn = (password: string) =>
      withRealRounds(() => call("/api/auth/login", { method: "POST", json: { phone, password } }));
    expect((await signIn("river-tigris-9")).status).toBe(200);
    expect((await signIn("river-tigris-8")).status).toBe(401);
    // production Workers refuse more than 100,000 iterations; local workerd would accept them
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("a phone that a verified account holds is 409 with a message", async () => {
    const { phone, cookie } = await registerCustomer();
    await verifyPhoneOf({ cookie: cookie!, phone: "+964" + phone.slice(1) });
    const again = await registerCustomer({ phone });
    expect(again.res.status).toBe(409);
    expect(await again.res.json()).toMatchObject({ message: "An account with this phone number already exists" });
    expect(again.cookie).toBeNull();
  });

  it.each([
    [{ name: "Z" }, "Name must be at least 2 characters"],
    [{ phone: "0771" }, "Please enter a valid phone number"],
    [{ password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters"],
    [{ confirmPassword: "something-else" }, "Passwords don't match"],
    [{ userType: "wizard" }, "Please select an account type"],
    [{ userType: "provider", jobTitle: "", location: "Erbil" }, "Job title and location are required for providers"],
    [{ userType: "provider", jobTitle: "Plumber", location: "" }, "Job title and location are required for providers"],
  ])("bad input %j → 400 '%s' and no account", async (bad, message) => {
    const { res, phone } = await registerCustomer(bad);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    const n = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE phone = ?")
      .bind("+964" + (phone as string).slice(1))
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("validation messages come back in the caller's language", async () => {
    const ar = await call("/api/auth/register", {
      method: "POST",
      lang: "ar",
      json: {
        name: "Z",
        phone: freshPhone(),
        password: "river-tigris-9",
        confirmPassword: "river-tigris-9",
        userType: "customer",
      },
    });
    expect(await ar.json()).toMatchObject({ message: "يجب أن يتكون الاسم من حرفين على الأقل" });
    const ku = await call("/api/auth/register", {
      method: "POST",
      lang: "ku",
      json: {
        name: "Z",
        phone: freshPhone(),
        password: "river-tigris-9",
        confirmPassword: "river-tigris-9",
        userType: "customer",
      },
    });
    expect(await ku.json()).toMatchObject({ message: "ناو دەبێت لانیکەم ٢ پیت بێت" });
  });

  it("refuses the most common passwords", async () => {
    const { res } = await registerCustomer({ password: "123456", confirmPassword: "123456" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/too easy/);
  });

  it("a provider registers with job title and location", async () => {
    const { res } = await registerCustomer({
      userType: "provider",
      jobTitle: "Electrician",
      location: "Karrada, Baghdad",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userType: "provider" });
  });

  it("malformed JSON is a 400 with a message, not a crash", async () => {
    const res = await call("/api/auth/register", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("message");
  });
});

describe("login and sessions", () => {
  it("logs in with the right password and gets a new session id each time", async () => {
    const { phone } = await registerCustomer();
    const a = await call("/api/auth/login", { method: "POST", json: { phone, password: "river-tigris-9" } });
    const b = await call("/api/auth/login", { method: "POST", json: { phone, password: "river-tigris-9" } });
    expect(a.status).toBe(200);
    expect(await a.json()).toMatchObject({ name: "Zainab Ali", userType: "customer" });
    expect(sessionFrom(a)).not.toBeNull();
    expect(sessionFrom(a)).not.toBe(sessionFrom(b));
  });

  it("a wrong password is 401 'Login failed…' and sets no cookie", async () => {
    const { phone } = await registerCustomer();
    const res = await call("/api/auth/login", { method: "POST", json: { phone, password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Login failed/);
    expect(sessionFrom(res)).toBeNull();
  });

  it("an unknown phone fails exactly like a wrong password", async () => {
    const res = await call("/api/auth/login", {
      method: "POST",
      json: { phone: "07719999999", password: "whatever-123" },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Login failed/);
  });

  it("login validation: short phone and short password", async () => {
    const a = await call("/api/auth/login", { method: "POST", json: { phone: "0771", password: "river-tigris-9" } });
    expect(await a.json()).toMatchObject({ message: "Please enter a valid Iraqi phone number" });
    const b = await call("/api/auth/login", { method: "POST", json: { phone: "07711234567", password: "123" } });
    expect(await b.json()).toMatchObject({ message: "Password must be at least 6 characters" });
  });

  it("GET /api/auth/me answers with the session's user, and 401 without one", async () => {
    const { cookie } = await registerCustomer();
    const me = await call("/api/auth/me", { cookie: cookie! });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: "Zainab Ali" });
    const anon = await call("/api/auth/me");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toHaveProperty("message");
  });

  it("after logout the old session cookie is rejected", async () => {
    const { cookie } = await registerCustomer();
    const out = await call("/api/auth/logout", { method: "POST", cookie: cookie! });
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await call("/api/auth/me", { cookie: cookie! })).status).toBe(401);
  });

  it(
    "a session lives in the person's own object, not in D1: a signed-in page works, and sign-out ends it for the " +
      "very next request (ADR 054)",
    async () => {
      const { phone, cookie, res } = await registerCustomer();
      const { id } = (await res.json()) as { id: number };
      const again = sessionFrom(
        await call("/api/auth/login", {
          method: "POST",
          json: { phone, password: "river-tigris-9" },
          headers: { "User-Agent": "Firefox on a phone" },
        }),
      )!;
      expect(await d1Sessions(id)).toBe(0);
      const held = await objectSessions(id);
      expect(held).toHaveLength(2);
      expect(held[1]).toMatchObject({ user_agent: "Firefox on a phone" });
      expect(held[1]!.expires_at - held[1]!.created_at).toBe(30 * 24 * 3_600_000);
      // the cookie names whose object to ask, and never holds the stored id
      expect(again).toMatch(new RegExp(`^dalil_session=${id}\\.[A-Za-z0-9_-]+$`));
      expect(held.map((h) => h.id).some((h) => again.includes(h))).toBe(false);
      const page = await call("/profile", { cookie: again });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Zainab Ali");
      expect((await call("/api/auth/logout", { method: "POST", cookie: again })).status).toBe(200);
      const [me, pageAfter] = await Promise.all([
        call("/api/auth/me", { cookie: again }),
        call("/profile", { cookie: again, redirect: "manual" }),
      ]);
      expect(me.status).toBe(401);
      expect(pageAfter.status).toBe(302);
      expect((await objectSessions(id)).length).toBe(1);
      expect((await call("/api/auth/me", { cookie: cookie! })).status).toBe(200);
    },
  );

  it("parallel sign-outs and logins of one person leave exactly the sessions that should stay", async () => {
    const { phone, cookie, res } = await registerCustomer();
    const { id } = (await res.json()) as { id: number };
    const logIn = async () =>
      sessionFrom(await call("/api/auth/login", { method: "POST", json: { phone, password: "river-tigris-9" } }))!;
    const [b, c, d] = [await logIn(), await logIn(), await logIn()];
    const results = await Promise.all([
      call("/api/auth/logout", { method: "POST", cookie: b }),
      logIn(),
      call("/api/auth/logout", { method: "POST", cookie: c }),
      logIn(),
      call("/api/auth/logout", { method: "POST", cookie: d }),
      call("/api/auth/logout", { method: "POST", cookie: d }),
      logIn(),
    ]);
    const fresh = results.filter((r): r is string => typeof r === "string");
    expect(new Set(fresh).size).toBe(3);
    const status = async (k: string) => (await call("/api/auth/me", { cookie: k })).status;
    expect(await Promise.all([cookie!, ...fresh].map(status))).toEqual([200, 200, 200, 200]);
    expect(await Promise.all([b, c, d].map(status))).toEqual([401, 401, 401]);
    expect(await objectSessions(id)).toHaveLength(4);
  });

  it(
    "a session from before the move (a token alone, its row in D1) is read there until it ends, and sign-out " +
      "ends it",
    async () => {
      const { res } = await registerCustomer();
      const { id } = (await res.json()) as { id: number };
      const token = "LegacyTokenFromBeforeTheMove1";
      const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
      await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
        .bind(hash, id, Date.now() + 3_600_000)
        .run();
      expect((await call("/api/auth/me", { cookie: `dalil_session=${token}` })).status).toBe(200);
      // a token alone that D1 does not hold, and another person's number in front of it, are nobody
      expect((await call("/api/auth/me", { cookie: `dalil_session=${id + 1}.${token}` })).status).toBe(401);
      expect((await call("/api/auth/logout", { method: "POST", cookie: `dalil_session=${token}` })).status).toBe(200);
      expect((await call("/api/auth/me", { cookie: `dalil_session=${token}` })).status).toBe(401);
      expect(await d1Sessions(id)).toBe(0);
    },
  );

  it("the object's alarm deletes an expired session", async () => {
    const { res, cookie } = await registerCustomer();
    const { id } = (await res.json()) as { id: number };
    await runInDurableObject(userObject(id), (_o, state) => {
      state.storage.sql.exec("UPDATE sessions SET expires_at = ?", Date.now() - 1);
    });
    expect((await call("/api/auth/me", { cookie: cookie! })).status).toBe(401);
    expect(await runDurableObjectAlarm(userObject(id))).toBe(true);
    expect(await objectSessions(id)).toEqual([]);
  });

  it("a forged cookie is just anonymous", async () => {
    expect((await call("/api/auth/me", { cookie: "dalil_session=AAAAAAAAAAAAAAAAAAAAAA" })).status).toBe(401);
  });

  it("the 11th failed login in 15 minutes is 429, and even the right password waits", async () => {
    const { phone } = await registerCustomer();
    for (let i = 0; i < 10; i++) {
      const res = await call("/api/auth/login", { method: "POST", json: { phone, password: `wrong-${i}-pass` } });
      expect(res.status).toBe(401);
    }
    const blocked = await call("/api/auth/login", { method: "POST", json: { phone, password: "wrong-again" } });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many attempts/);
    const right = await call("/api/auth/login", { method: "POST", json: { phone, password: "river-tigris-9" } });
    expect(right.status).toBe(429);
    const inArabic = await call("/api/auth/login", {
      method: "POST",
      lang: "ar",
      json: { phone, password: "river-tigris-9" },
    });
    expect(((await inArabic.json()) as { message: string }).message).toMatch(/محاولات كثيرة/);
  });

  it("after the 15-minute window the right password works again", async () => {
    const { phone } = await registerCustomer();
    const e164 = "+964" + phone.slice(1);
    const db = createDb(env.DB);
    const ports = platformPorts(env);
    for (let i = 0; i < 10; i++) {
      await expect(
        login({ db, ports, now: () => new Date() }, { phone, password: `wrong-${i}-pass` }),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(
      login({ db, ports, now: () => new Date() }, { phone, password: "river-tigris-9" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const later = () => new Date(Date.now() + 16 * 60_000);
    const ok = await login({ db, ports, now: later }, { phone, password: "river-tigris-9" });
    expect(ok.account.phone).toBe(e164);
  });
});

describe("the server decides who is asking", () => {
  it("another user's id in the body changes nothing of theirs: only the session's user is edited", async () => {
    const victim = await registerCustomer({ name: "Victim Name" });
    const victimId = ((await victim.res.json()) as { id: number }).id;
    const attacker = await registerCustomer({ name: "Attacker" });
    const res = await call("/api/auth/me", {
      method: "PATCH",
      cookie: attacker.cookie!,
      json: { id: victimId, userId: victimId, name: "Hacked" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Hacked" });
    const row = await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(victimId).first<{ name: string }>();
    expect(row?.name).toBe("Victim Name");
  });

  it("a state-changing request from another origin is refused", async () => {
    const res = await call("/api/auth/login", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      json: { phone: DEMO_ACCOUNTS.customer.phone, password: DEMO_ACCOUNTS.customer.password },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const viaFetchMetadata = await call("/api/auth/logout", {
      method: "POST",
      headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
    });
    expect(viaFetchMetadata.status).toBe(403);
  });

  it("API responses carry the security headers", async () => {
    const res = await call("/api/categories");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("Referrer-Policy")).toBeTruthy();
  });
});

describe("password change", () => {
  it("needs the current password and signs out the user's other sessions", async () => {
    const { phone, cookie } = await registerCustomer();
    const other = sessionFrom(
      await call("/api/auth/login", { method: "POST", json: { phone, password: "river-tigris-9" } }),
    );
    const wrong = await call("/api/auth/password", {
      method: "POST",
      cookie: cookie!,
      json: { currentPassword: "nope-nope", newPassword: "date-palm-77", confirmPassword: "date-palm-77" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "Your current password is wrong" });
    const ok = await call("/api/auth/password", {
      method: "POST",
      cookie: cookie!,
      json: { currentPassword: "river-tigris-9", newPassword: "date-palm-77", confirmPassword: "date-palm-77" },
    });
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/me", { cookie: cookie! })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie: other! })).status).toBe(401);
    // the other session is gone from the person's object; this one stays
    const id = Number(cookie!.split("=")[1]!.split(".")[0]);
    expect(await objectSessions(id)).toHaveLength(1);
    const relogin = await call("/api/auth/login", { method: "POST", json: { phone, password: "date-palm-77" } });
    expect(relogin.status).toBe(200);
  });
});

describe("per-IP fence on the sign-in doors", { timeout: 20_000 }, () => {
  it("one address making more than 100 sign-in attempts a minute gets 429, others are unaffected", async () => {
    const from = (ip: string) => ({ "CF-Connecting-IP": ip });
    // the local limiter counts in wall-clock minutes (miniflare's buckets): start where the 101 attempts fit in one
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_050 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      // malformed attempts: cheap for the server, still counted
      const res = await call("/api/auth/login", {
        method: "POST",
        headers: from("203.0.113.9"),
        json: { phone: "1", password: "x" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
    const other = await call("/api/auth/login", {
      method: "POST",
      headers: from("198.51.100.7"),
      json: { phone: "1", password: "x" },
    });
    expect(other.status).toBe(400);
  });
});
