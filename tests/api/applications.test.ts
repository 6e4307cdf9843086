import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay, normalizeIraqiPhone } from "../../domain/text/phone";
import { call } from "../http";
import { place, registerUser, signIn } from "../sessions";

async function validApplication(overrides: Record<string, unknown> = {}) {
  const { categoryId, city } = await place();
  return {
    businessName: "Aziz Electric",
    specialty: "Electrician",
    categoryId,
    city,
    location: "Ankawa, near the main market",
    phone: "0750 123 4567",
    whatsapp: "",
    experience: "8 years",
    description: "Wiring, panels and repairs.",
    whatsappAlerts: true,
    ...overrides,
  };
}

const normalize = (raw: string) => normalizeIraqiPhone(raw)!;
const apply = (json: unknown, cookie?: string, lang?: string) =>
  call("/api/provider-applications", { method: "POST", json, cookie, lang });

describe("provider applications", () => {
  it("an anonymous application is 401 and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM provider_applications").first<{ n: number }>();
    const res = await apply(await validApplication());
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Please sign in first" });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM provider_applications").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("a signed-in customer's application is 201 pending, stored for the session's user", async () => {
    const user = await registerUser();
    const res = await apply(await validApplication(), user.cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: "pending",
      businessName: "Aziz Electric",
      userId: user.id,
      phone: "+9647501234567",
      city: "Erbil",
      whatsappAlerts: true,
    });
  });

  it("another user's id in the body is ignored", async () => {
    const user = await registerUser();
    const other = await registerUser();
    const res = await apply(await validApplication({ userId: other.id }), user.cookie);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { userId: number }).userId).toBe(user.id);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM provider_applications WHERE user_id = ?")
      .bind(other.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("a second pending application is 409", async () => {
    const user = await registerUser();
    expect((await apply(await validApplication(), user.cookie)).status).toBe(201);
    const again = await apply(await validApplication({ businessName: "Another name" }), user.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "You already have an application under review" });
    const mine = await call("/api/provider-applications/mine", { cookie: user.cookie });
    expect(await mine.json()).toMatchObject({ businessName: "Aziz Electric", status: "pending" });
  });

  it.each([
    [{ businessName: "A" }, "businessName", "Business name is required"],
    [{ specialty: "" }, "specialty", "Specialty is required"],
    [{ categoryId: "" }, "categoryId", "Please select a category"],
    [{ categoryId: 99999 }, "categoryId", "Please select a category"],
    [{ city: "" }, "city", "Please select a city"],
    [{ city: "Atlantis" }, "city", "Please select a city"],
    [{ location: "Ank" }, "location", "Please provide detailed location"],
    [{ phone: "0750" }, "phone", "Please provide a valid phone number"],
    [{ profileImage: "https://evil.example/x.png" }, "profileImage", "Please upload the image again"],
  ])("bad input %j → 400 with '%s' message", async (bad, field, message) => {
    const user = await registerUser();
    const res = await apply(await validApplication(bad), user.cookie);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.message).toBe(message);
    expect(body.fields[field]).toBe(message);
  });

  it("validation messages come in Arabic for an Arabic reader", async () => {
    const user = await registerUser();
    const res = await apply(await validApplication({ location: "x" }), user.cookie, "ar");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "يرجى إدخال الموقع بالتفصيل" });
  });

  it("the page prefills the form from the registration (job title → specialty, location, phone)", async () => {
    const user = await registerUser({ userType: "provider", jobTitle: "Plumber", location: "Karrada, Baghdad" });
    const res = await call("/provider-application", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('value="Plumber"');
    expect(html).toContain('value="Karrada, Baghdad"');
    expect(html).toContain(`value="${formatPhoneForDisplay(user.phone)}"`);
  });

  it("the page asks a visitor to sign in or create a provider account", async () => {
    const html = await (await call("/provider-application")).text();
    expect(html).toContain('href="/login?redirectTo=/provider-application"');
    expect(html).toContain('href="/register?type=provider"');
  });

  it("a signed-in user with a pending application sees its status instead of a second form", async () => {
    const cookie = await signIn("customer");
    expect((await apply(await validApplication({ businessName: "Sara Cleaning" }), cookie)).status).toBe(201);
    const html = await (await call("/provider-application", { cookie })).text();
    expect(html).toContain('data-testid="application-status"');
    expect(html).not.toContain('data-testid="application-form"');
  });
});

describe("booking alerts reach a new provider's WhatsApp (ADR 052)", () => {
  it(
    "the form ticks WhatsApp alerts by default with the phone copied in and says what will be sent; ticking opts " +
      "the number in, so the approval goes out as a template with Dalil's wa.me, and the submitted page links to it",
    async () => {
      const { fakeChannelApis, outboxRows, queueSettled } = await import("../bot");
      const user = await registerUser();
      const html = (await (await call("/provider-application", { cookie: user.cookie, lang: "en" })).text()).replace(
        /<!-- -->/g,
        "",
      );
      expect(html).toMatch(/<input[^>]*name="whatsappAlerts"[^>]*checked/);
      expect(html).toMatch(
        new RegExp(`name="whatsapp"[^>]*value="${formatPhoneForDisplay(user.phone).replace(/\+/g, "\\+")}"`),
      );
      expect(html).toContain("your application&#x27;s outcome, then each new booking request");

      // the applicant's own WhatsApp, never written to the bot: ticking is the opt-in
      const res = await apply(
        await validApplication({
          phone: formatPhoneForDisplay(user.phone),
          whatsapp: formatPhoneForDisplay(user.phone),
        }),
        user.cookie,
      );
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const link = await env.DB.prepare(
        "SELECT user_id, opted_in FROM channel_links WHERE channel = 'whatsapp' AND external_id = ?",
      )
        .bind(user.phone)
        .first<{ user_id: number; opted_in: number }>();
      expect(link).toMatchObject({ user_id: user.id, opted_in: 1 });
      expect((await call("/application-submitted", { lang: "en" })).status).toBe(200);
      expect(await (await call("/application-submitted", { lang: "en" })).text()).toMatch(
        /href="https:\/\/wa\.me\/\d+"/,
      );

      const apis = fakeChannelApis();
      try {
        expect(
          (
            await call(`/api/admin/applications/${id}/approve`, {
              method: "POST",
              cookie: await signIn("admin"),
              json: {},
            })
          ).status,
        ).toBe(200);
        // the real queue delivers it (the test delivering it too would send it twice)
        await queueSettled("channel = 'whatsapp' AND recipient = ? AND dedupe_key LIKE 'application:%'", user.phone);
        // before: kept as "dead: recipient has not opted in"; delivered, the row leaves D1 (ADR 054)
        expect(
          await outboxRows("channel = 'whatsapp' AND recipient = ? AND dedupe_key LIKE 'application:%'", user.phone),
        ).toEqual([]);
        // the approval, once (an earlier message to the number, retried by the queue, may arrive meanwhile)
        const sent = apis.sent.filter(
          (s) =>
            s.method === "Messages" &&
            s.body.To === `whatsapp:${user.phone}` &&
            /wa\.me\/\d+/.test(JSON.stringify(s.body)),
        );
        expect(sent).toHaveLength(1);
      } finally {
        apis.restore();
      }
    },
  );

  it("unticked, nothing is opted in", async () => {
    const user = await registerUser();
    expect(
      (
        await apply(
          await validApplication({ whatsappAlerts: false, whatsapp: formatPhoneForDisplay(user.phone) }),
          user.cookie,
        )
      ).status,
    ).toBe(201);
    expect(
      await env.DB.prepare("SELECT opted_in FROM channel_links WHERE channel = 'whatsapp' AND external_id = ?")
        .bind(user.phone)
        .first(),
    ).toBeNull();
  });

  it(
    "an application naming a stranger's number that said STOP leaves it stopped, and neither approval nor " +
      "rejection sends it anything",
    async () => {
      const { fakeChannelApis, outboxRows, postWhatsApp, queueSettled, waForm } = await import("../bot");
      const { freshPhone } = await import("../http");
      const stranger = normalize(freshPhone("0770"));
      expect((await postWhatsApp(waForm(stranger, { Body: "stop" }))).status).toBe(200);
      const optedIn = () =>
        env.DB.prepare("SELECT opted_in FROM channel_links WHERE channel = 'whatsapp' AND external_id = ?")
          .bind(stranger)
          .first<number>("opted_in");
      expect(await optedIn()).toBe(0);
      const apis = fakeChannelApis();
      try {
        for (const verdict of ["approve", "reject"] as const) {
          const user = await registerUser();
          const res = await apply(
            await validApplication({ whatsapp: formatPhoneForDisplay(stranger), whatsappAlerts: true }),
            user.cookie,
          );
          expect(res.status).toBe(201);
          expect(await optedIn()).toBe(0);
          const { id } = (await res.json()) as { id: number };
          const json = verdict === "reject" ? { adminNotes: "Not enough detail" } : {};
          expect(
            (
              await call(`/api/admin/applications/${id}/${verdict}`, {
                method: "POST",
                cookie: await signIn("admin"),
                json,
              })
            ).status,
          ).toBe(200);
        }
        await queueSettled();
        expect(await outboxRows("recipient = ? AND dedupe_key LIKE 'application:%'", stranger)).toEqual([]);
        expect(apis.sent.filter((s) => JSON.stringify(s.body).includes(stranger.slice(1)))).toEqual([]);
        expect(await optedIn()).toBe(0);
      } finally {
        apis.restore();
      }
    },
  );
});

describe("the admin's free first month (ADR 085)", () => {
  it("off by default: an approved listing starts with no plan; on: it starts with 30 days, once", async () => {
    const admin = await signIn("admin");
    const approve = async () => {
      const user = await registerUser();
      const res = await apply(await validApplication({ phone: formatPhoneForDisplay(user.phone) }), user.cookie);
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      expect(
        (await call(`/api/admin/applications/${id}/approve`, { method: "POST", cookie: admin, json: {} })).status,
      ).toBe(200);
      return (await env.DB.prepare("SELECT subscribed_until FROM service_providers WHERE user_id = ?")
        .bind(user.id)
        .first<{ subscribed_until: number | null }>())!.subscribed_until;
    };
    expect(await approve()).toBeNull();
    await env.DB.prepare(
      "INSERT INTO prices (key, amount) VALUES ('free_first_month', 1) ON CONFLICT (key) DO UPDATE SET amount = 1",
    ).run();
    try {
      const until = await approve();
      expect(until! - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    } finally {
      await env.DB.prepare("UPDATE prices SET amount = 0 WHERE key = 'free_first_month'").run();
    }
  });
});
