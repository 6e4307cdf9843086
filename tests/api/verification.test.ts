import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../http";
import { openPayload } from "../../workers/queue/outbox";

const signedInCustomer = () => registerUser({ name: "Omar Hassan", verified: false });

/**
 * The code goes out through the outbox, sealed (ADR 022); read
 * it where the message was queued, as the consumer opens it.
 */
async function lastCodeFor(phone: string): Promise<string> {
  const row = await env.DB.prepare("SELECT payload FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(phone)
    .first<{ payload: string }>();
  const payload = await openPayload(env, row!.payload);
  expect(payload.key).toBe("messages.verificationCode");
  // the row itself never shows the code
  expect(row!.payload).not.toContain(String(payload.params.code));
  return String(payload.params.code);
}

describe("phone verification", () => {
  it("sends a 12-digit code through the outbox and verifies the phone with it, once", async () => {
    const { cookie, id, phone } = await signedInCustomer();
    const sent = await call("/api/auth/send-code", { method: "POST", cookie });
    expect(sent.status).toBe(200);
    const code = await lastCodeFor(phone);
    expect(code).toMatch(/^\d{4} \d{4} \d{4}$/);
    const stored = await env.DB.prepare("SELECT verification_code FROM users WHERE id = ?")
      .bind(id)
      .first<{ verification_code: string }>();
    expect(stored?.verification_code).not.toBe(code);

    const ok = await call("/api/auth/verify-phone", {
      method: "POST",
      cookie,
      json: { phone, verificationCode: code },
    });
    expect(ok.status).toBe(200);
    expect(await (await call("/api/auth/me", { cookie })).json()).toMatchObject({ isPhoneVerified: true });
    // single use: the code no longer exists
    const row = await env.DB.prepare("SELECT verification_code FROM users WHERE id = ?")
      .bind(id)
      .first<{ verification_code: string | null }>();
    expect(row?.verification_code).toBeNull();
  });

  it("accepts the code typed in Arabic-Indic digits", async () => {
    const { cookie, phone } = await signedInCustomer();
    await call("/api/auth/send-code", { method: "POST", cookie });
    const code = await lastCodeFor(phone);
    const arabic = code.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]);
    const ok = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: arabic } });
    expect(ok.status).toBe(200);
  });

  it("five wrong tries burn the code: even the right one fails afterwards", async () => {
    const { cookie, phone } = await signedInCustomer();
    await call("/api/auth/send-code", { method: "POST", cookie });
    const code = await lastCodeFor(phone);
    const wrong = code === "0000 0000 0000" ? "1111 1111 1111" : "0000 0000 0000";
    for (let i = 0; i < 4; i++) {
      const res = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: wrong } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/wrong/);
    }
    const fifth = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: wrong } });
    expect(((await fifth.json()) as { message: string }).message).toMatch(/Too many wrong tries/);
    const right = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: code } });
    expect(right.status).toBe(400);
    expect(await (await call("/api/auth/me", { cookie })).json()).toMatchObject({ isPhoneVerified: false });
  });

  it("an expired code is refused", async () => {
    const { cookie, id, phone } = await signedInCustomer();
    await call("/api/auth/send-code", { method: "POST", cookie });
    const code = await lastCodeFor(phone);
    await env.DB.prepare("UPDATE users SET verification_expiry = ? WHERE id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    const res = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: code } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
  });

  it("sending codes needs a session and is rate limited per phone", async () => {
    expect((await call("/api/auth/send-code", { method: "POST" })).status).toBe(401);
    const { cookie } = await signedInCustomer();
    for (let i = 0; i < 5; i++)
      expect((await call("/api/auth/send-code", { method: "POST", cookie })).status).toBe(200);
    expect((await call("/api/auth/send-code", { method: "POST", cookie })).status).toBe(429);
  });

  it("a bad code format is a clear 400", async () => {
    const { cookie } = await signedInCustomer();
    const res = await call("/api/auth/verify-phone", { method: "POST", cookie, json: { verificationCode: "12ab" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Enter the 12-digit code" });
  });
});
