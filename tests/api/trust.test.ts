import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, freshPhone, lastCodeFor, registerUser, verifyPhoneOf } from "../http";
import { place } from "../sessions";

const password = "tigris-river-21";
const register = (phone: string, pass = password, name = "Claimant") =>
  call("/api/auth/register", {
    method: "POST",
    json: { name, phone, password: pass, confirmPassword: pass, userType: "customer" },
  });
const cookieOf = (res: Response) => (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];

describe("trust needs a proven phone (ADR 009)", () => {
  it(
    "booking and applying as a provider need a verified " + "phone; after the code, the same request goes through",
    async () => {
      const user = await registerUser({ verified: false });
      const booking = {
        providerId: 1,
        serviceDescription: "The kitchen tap leaks all night",
        customerLocation: "Mansour, street 14, house 3",
        customerPhone: user.phone,
      };
      const refused = await call("/api/bookings", { method: "POST", cookie: user.cookie, json: booking });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "FORBIDDEN",
        fields: { verificationCode: expect.stringMatching(/Confirm your phone/) },
      });
      const { categoryId, city } = await place();
      const application = {
        businessName: "Omar Plumbing",
        specialty: "Plumber",
        categoryId,
        city,
        location: "Mansour",
        phone: user.phone,
        description: "Pipes",
      };
      expect(
        (await call("/api/provider-applications", { method: "POST", cookie: user.cookie, json: application })).status,
      ).toBe(403);
      const stored = await env.DB.prepare(
        "SELECT (SELECT count(*) FROM bookings WHERE customer_id = ?1) + (SELECT count(*) FROM " +
          "provider_applications WHERE user_id = ?1) AS n",
      )
        .bind(user.id)
        .first<{ n: number }>();
      expect(stored?.n).toBe(0);

      await verifyPhoneOf(user);
      expect((await call("/api/bookings", { method: "POST", cookie: user.cookie, json: booking })).status).toBe(201);
      expect(
        (await call("/api/provider-applications", { method: "POST", cookie: user.cookie, json: application })).status,
      ).toBe(201);
    },
  );

  it(
    "a number registered but never verified can be claimed: whoever verifies first keeps it, the other account " +
      "is released",
    async () => {
      const local = freshPhone("0780");
      const squatter = await register(local, "squatter-pass-1", "Squatter");
      expect(squatter.status).toBe(201);
      const squatterCookie = cookieOf(squatter);

      // the real owner registers the same number and proves it with the code sent to it
      const owner = await register(local, "owner-pass-22", "Owner");
      expect(owner.status).toBe(201);
      const ownerAccount = (await owner.json()) as { id: number; phone: string };
      await verifyPhoneOf({ cookie: cookieOf(owner), phone: ownerAccount.phone });

      // the squatter's session is gone and its password no longer opens anything
      expect((await call("/api/auth/me", { cookie: squatterCookie })).status).toBe(401);
      expect(
        (await call("/api/auth/login", { method: "POST", json: { phone: local, password: "squatter-pass-1" } })).status,
      ).toBe(401);
      const ownerLogin = await call("/api/auth/login", {
        method: "POST",
        json: { phone: local, password: "owner-pass-22" },
      });
      expect(ownerLogin.status).toBe(200);
      expect(await ownerLogin.json()).toMatchObject({ id: ownerAccount.id, isPhoneVerified: true });

      // a verified number stays taken
      const third = await register(local, "third-pass-333");
      expect(third.status).toBe(409);
      const holders = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE phone = ?")
        .bind(ownerAccount.phone)
        .first<{ n: number }>();
      expect(holders?.n).toBe(1);
    },
  );

  it("two claimants verifying at once: exactly one keeps the number", async () => {
    const local = freshPhone("0781");
    const a = await register(local, "first-pass-11");
    const b = await register(local, "second-pass-22");
    const accounts = [
      { cookie: cookieOf(a), ...((await a.json()) as { phone: string }) },
      { cookie: cookieOf(b), ...((await b.json()) as { phone: string }) },
    ];
    // both ask for a code, then both type theirs at the same moment
    const codes: string[] = [];
    for (const acc of accounts) {
      await call("/api/auth/send-code", { method: "POST", cookie: acc.cookie });
      // the code's own row: another message to the same number (a second account registered it) may be queued after it
      codes.push(await lastCodeFor(acc.phone));
    }
    const res = await Promise.all(
      accounts.map((acc, i) =>
        call("/api/auth/verify-phone", { method: "POST", cookie: acc.cookie, json: { verificationCode: codes[i] } }),
      ),
    );
    const [won, lost] = res.map((r) => r.status).sort();
    expect(won).toBe(200);
    // the loser was released: its session is gone (401), or it lost the race inside the batch (409)
    expect([401, 409]).toContain(lost);
    const verified = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE phone = ? AND is_phone_verified = 1")
      .bind(accounts[0]!.phone)
      .first<{ n: number }>();
    expect(verified?.n).toBe(1);
  });

  it(
    "the loser whose request passed its session check just before the winner's batch is told the number is " +
      "taken, not that the code expired",
    async () => {
      const local = freshPhone("0781");
      const a = await register(local, "first-pass-33");
      const b = await register(local, "second-pass-44");
      const [accA, accB] = [
        { cookie: cookieOf(a), ...((await a.json()) as { phone: string }) },
        { cookie: cookieOf(b), ...((await b.json()) as { phone: string }) },
      ];
      // B registered second: the newer of the two accounts holding the number
      const bId = (await env.DB.prepare("SELECT max(id) AS id FROM users WHERE phone = ?")
        .bind(accB.phone)
        .first<{ id: number }>())!.id;
      await call("/api/auth/send-code", { method: "POST", cookie: accB.cookie });
      const codeB = await lastCodeFor(accB.phone);
      await call("/api/auth/send-code", { method: "POST", cookie: accA.cookie });
      expect(
        (
          await call("/api/auth/verify-phone", {
            method: "POST",
            cookie: accA.cookie,
            json: { verificationCode: await lastCodeFor(accA.phone) },
          })
        ).status,
      ).toBe(200);
      // B's request reaches the verb as if its session had been read a moment before A's batch released it (a clean
      // clone found this interleaving: 400 "code expired")
      const { serviceContext } = await import("../../workers/services");
      const { verifyPhone } = await import("../../domain/accounts/verification");
      expect(
        (await env.DB.prepare("SELECT phone FROM users WHERE id = ?").bind(bId).first<{ phone: string }>())?.phone,
      ).toBe(`released:${bId}`);
      const ctx = serviceContext(env, { actor: { kind: "user", userId: bId, userType: "customer", isAdmin: false } });
      await expect(verifyPhone(ctx, { verificationCode: codeB })).rejects.toMatchObject({
        code: "CONFLICT",
        messageKey: "errors.phoneTaken",
      });
    },
  );
});
