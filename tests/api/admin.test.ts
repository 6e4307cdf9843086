import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../http";
import { place, registerUser, signIn } from "../sessions";
import { bellRows } from "../bell";

let admin: string;
let customer: string;

beforeAll(async () => {
  admin = await signIn("admin");
  customer = await signIn("customer");
});

async function applicant(overrides: Record<string, unknown> = {}) {
  const user = await registerUser({ userType: "customer" });
  const { categoryId, city } = await place();
  const res = await call("/api/provider-applications", {
    method: "POST",
    cookie: user.cookie,
    json: {
      businessName: "Nour AC Repair",
      specialty: "AC repair",
      categoryId,
      city,
      location: "Ankawa, street 40",
      phone: "0751 222 3344",
      whatsapp: "0751 222 3344",
      whatsappAlerts: true,
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  const application = (await res.json()) as { id: number };
  return { ...user, applicationId: application.id };
}

const approve = (id: number, cookie = admin) =>
  call(`/api/admin/applications/${id}/approve`, { method: "POST", cookie });
const reject = (id: number, json: unknown, cookie = admin) =>
  call(`/api/admin/applications/${id}/reject`, { method: "POST", cookie, json });

describe("admin: applications", () => {
  it("lists pending applications first", async () => {
    const a = await applicant();
    const res = await call("/api/admin/applications?status=pending", { cookie: admin });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: number; status: string }[];
    expect(list.every((x) => x.status === "pending")).toBe(true);
    expect(list.map((x) => x.id)).toContain(a.applicationId);
  });

  it("approve creates the listing from the application, makes the user a provider and notifies them", async () => {
    const a = await applicant();
    const res = await approve(a.applicationId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; providerId: number; reviewedAt: string };
    expect(body.status).toBe("approved");
    expect(body.providerId).toBeGreaterThan(0);
    expect(body.reviewedAt).toBeTruthy();

    const { categoryId, cityId } = await place();
    const provider = await env.DB.prepare("SELECT * FROM service_providers WHERE id = ?")
      .bind(body.providerId)
      .first<Record<string, unknown>>();
    expect(provider).toMatchObject({
      user_id: a.id,
      name: "Nour AC Repair",
      specialty: "AC repair",
      category_id: categoryId,
      city: "Erbil",
      city_id: cityId,
      location: "Ankawa, street 40",
      phone: "+9647512223344",
      whatsapp: "+9647512223344",
      whatsapp_alerts: 1,
    });
    const user = await env.DB.prepare("SELECT user_type FROM users WHERE id = ?")
      .bind(a.id)
      .first<{ user_type: string }>();
    expect(user!.user_type).toBe("provider");
    const app = await env.DB.prepare("SELECT reviewed_by, provider_id FROM provider_applications WHERE id = ?")
      .bind(a.applicationId)
      .first<Record<string, number>>();
    const adminRow = await env.DB.prepare("SELECT id FROM users WHERE phone = '+9647700000001'").first<{
      id: number;
    }>();
    expect(app).toMatchObject({ reviewed_by: adminRow!.id, provider_id: body.providerId });
    const note = (await bellRows(a.id)).map((n) => ({ type: n.type, related_id: n.related_id }));
    expect(note).toEqual([{ type: "application_approved", related_id: a.applicationId }]);
    // the public API lists the new provider
    const listed = await (await call(`/api/providers/${body.providerId}`)).json();
    expect(listed).toMatchObject({ name: "Nour AC Repair" });
  });

  it("a second approval of the same application is 409 and creates nothing more", async () => {
    const a = await applicant();
    const [first, second] = await Promise.all([approve(a.applicationId), approve(a.applicationId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const providers = await env.DB.prepare("SELECT count(*) AS n FROM service_providers WHERE user_id = ?")
      .bind(a.id)
      .first<{ n: number }>();
    expect(providers!.n).toBe(1);
    expect(await bellRows(a.id)).toHaveLength(1);
  });

  it("approving a user who already runs a listing updates that listing instead of adding one", async () => {
    const a = await applicant();
    expect((await approve(a.applicationId)).status).toBe(200);
    const again = await call("/api/provider-applications", {
      method: "POST",
      cookie: a.cookie,
      json: {
        businessName: "Nour Cooling",
        specialty: "AC repair",
        categoryId: (await place()).categoryId,
        city: "Erbil",
        location: "Ankawa, street 41",
        phone: "0751 222 3344",
      },
    });
    const second = (await again.json()) as { id: number };
    expect((await approve(second.id)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT name FROM service_providers WHERE user_id = ?")
      .bind(a.id)
      .all<{ name: string }>();
    expect(rows.results).toEqual([{ name: "Nour Cooling" }]);
  });

  it("reject needs adminNotes (400), then records them and notifies the applicant", async () => {
    const a = await applicant();
    const noNotes = await reject(a.applicationId, {});
    expect(noNotes.status).toBe(400);
    expect(await noNotes.json()).toMatchObject({ message: "Please write the reason for rejecting this application" });
    const blank = await reject(a.applicationId, { adminNotes: "   " });
    expect(blank.status).toBe(400);

    const res = await reject(a.applicationId, { adminNotes: "Please add a clearer photo" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "rejected", adminNotes: "Please add a clearer photo" });
    const [note] = await bellRows(a.id);
    expect(note!.type).toBe("application_rejected");
    const user = await env.DB.prepare("SELECT user_type FROM users WHERE id = ?")
      .bind(a.id)
      .first<{ user_type: string }>();
    expect(user!.user_type).toBe("customer");
    // a rejected applicant may apply again
    const { categoryId } = await place();
    const again = await call("/api/provider-applications", {
      method: "POST",
      cookie: a.cookie,
      json: {
        businessName: "Nour AC Repair",
        specialty: "AC repair",
        categoryId,
        city: "Erbil",
        location: "Ankawa, street 40",
        phone: "0751 222 3344",
      },
    });
    expect(again.status).toBe(201);
  });
});

describe("admin: the console keeps the sign-in page's language", () => {
  it(
    "a phone that asks for Arabic (no language chosen yet) signs in on the Arabic /login and reads the console " +
      "in Arabic, though the account's language is English",
    async () => {
      const { DEMO_ACCOUNTS } = await import("../seed");
      await env.DB.prepare("UPDATE users SET language = 'en' WHERE phone = ?").bind(DEMO_ACCOUNTS.admin.phone).run();
      const arabicPhone = { "Accept-Language": "ar-IQ,ar;q=0.9" };
      expect(await (await call("/login?redirectTo=%2Fadmin", { headers: arabicPhone })).text()).toContain(
        '<html lang="ar"',
      );
      const signed = await call("/login", {
        method: "POST",
        headers: {
          ...arabicPhone,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-Host": "localhost",
        },
        body: new URLSearchParams({
          phone: DEMO_ACCOUNTS.admin.phone,
          password: DEMO_ACCOUNTS.admin.password,
          redirectTo: "/admin",
        }).toString(),
      });
      expect(signed.status).toBe(302);
      const cookies = signed.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .join("; ");
      const console_ = await (await call("/admin", { headers: { ...arabicPhone, Cookie: cookies } })).text();
      expect(console_).toContain('<html lang="ar"');
      expect(console_).toMatch(/<h1[^>]*>لوحة الإدارة<\/h1>/);
      // (the account now reads Arabic: the tests after this one read the admin's answers in English, as before)
      await env.DB.prepare("UPDATE users SET language = 'en' WHERE phone = ?").bind(DEMO_ACCOUNTS.admin.phone).run();
    },
  );
});

describe("admin: access", () => {
  const adminCalls: [string, string, unknown?][] = [
    ["GET", "/api/admin/applications"],
    ["POST", "/api/admin/applications/1/approve"],
    ["POST", "/api/admin/applications/1/reject", { adminNotes: "x" }],
    ["GET", "/api/admin/providers"],
    ["GET", "/api/admin/ads"],
    ["POST", "/api/admin/ads", {}],
    ["GET", "/api/admin/contact-messages"],
    ["GET", "/api/admin/anything-else"],
    ["POST", "/api/providers", {}],
    ["PUT", "/api/providers/1", {}],
    ["DELETE", "/api/providers/1"],
  ];

  it.each(adminCalls)("a customer calling %s %s gets 403 with a message", async (method, path, json) => {
    const res = await call(path, { method, cookie: customer, json });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "You don't have permission to do that" });
  });

  it.each(adminCalls)("an anonymous %s %s gets 401", async (method, path, json) => {
    const res = await call(path, { method, json });
    expect(res.status).toBe(401);
  });

  it("a customer's DELETE changes nothing", async () => {
    await call("/api/providers/2", { method: "DELETE", cookie: customer });
    expect((await call("/api/providers/2")).status).toBe(200);
  });

  it(
    "/admin: signed out → login with redirectTo, a " + "customer → translated 403 page, an admin → the console",
    async () => {
      const out = await call("/admin");
      expect(out.status).toBe(302);
      expect(out.headers.get("Location")).toBe("/login?redirectTo=/admin");
      const forbidden = await call("/admin", { cookie: customer, lang: "ar" });
      expect(forbidden.status).toBe(403);
      const html = await forbidden.text();
      expect(html).toContain("للمشرفين فقط");
      expect(html).not.toContain('data-testid="admin-console"');
      const ok = await call("/admin", { cookie: admin });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('data-testid="admin-console"');
    },
  );
});

describe("admin: providers", () => {
  const body = async (overrides: Record<string, unknown> = {}) => ({
    name: "Hassan Plumbing",
    specialty: "Plumber",
    categoryId: (await place()).categoryId,
    city: "Erbil",
    location: "Dream City, block 4",
    phone: "0770 111 2222",
    whatsapp: "",
    profileImage: "",
    ...overrides,
  });

  it(
    "a listing the admin adds is found by the public search in Arabic, Kurdish and English, and stays in step on " +
      "edit",
    async () => {
      const created = await call("/api/providers", {
        method: "POST",
        cookie: admin,
        json: await body({ name: "Shwan Pipeworks" }),
      });
      const { id } = (await created.json()) as { id: number };
      const ids = async (q: string) =>
        (
          (await (await call(`/api/providers?search=${encodeURIComponent(q)}&limit=50`)).json()) as {
            items: { id: number }[];
          }
        ).items.map((p) => p.id);
      expect(await ids("سباك")).toContain(id);
      expect(await ids("السباك")).toContain(id);
      expect(await ids("plumber")).toContain(id);
      expect(await ids("بۆریچی")).toContain(id);
      expect(await ids("Shwan")).toContain(id);
      // Arabic text typed with hamza and taa marbuta is found without them (normalised where listings are written)
      await call(`/api/providers/${id}`, {
        method: "PUT",
        cookie: admin,
        json: await body({ name: "Shwan Pipeworks", location: "قرب ساحة الأندلس" }),
      });
      expect(await ids("ساحه الاندلس")).toContain(id);
      await call(`/api/providers/${id}`, {
        method: "PUT",
        cookie: admin,
        json: await body({ name: "Rebaz Pipeworks" }),
      });
      expect(await ids("Shwan")).not.toContain(id);
      expect(await ids("Rebaz")).toContain(id);
      await call(`/api/providers/${id}`, { method: "DELETE", cookie: admin });
      expect(await ids("Rebaz")).not.toContain(id);
    },
  );

  it(
    "a specialty typed in Sorani stays Sorani on the Kurdish page, and no page shows a half-translated word; a " +
      "known one is translated whole",
    async () => {
      const created = await call("/api/providers", {
        method: "POST",
        cookie: admin,
        json: await body({ name: "Karzan Home Electric", specialty: "کارەباچی ماڵان" }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const page = async (lang: string) =>
        (await (await call(`/provider/${id}`, { lang })).text()).replace(/<!-- -->/g, "");
      const ku = await page("ku");
      expect(ku).toContain("کارەباچی ماڵان");
      for (const lang of ["ar", "ku", "en"]) expect(await page(lang)).not.toContain("كهربائي ماڵان");
      expect(
        await env.DB.prepare("SELECT specialty_ar, specialty_ku FROM service_providers WHERE id = ?").bind(id).first(),
      ).toEqual({ specialty_ar: null, specialty_ku: "کارەباچی ماڵان" });
      // every word known: the Arabic page has the whole Arabic word, the Kurdish page the Sorani as typed
      await call(`/api/providers/${id}`, {
        method: "PUT",
        cookie: admin,
        json: await body({ name: "Karzan Home Electric", specialty: "کارەباچی" }),
      });
      expect(await page("ar")).toContain("كهربائي");
      expect(await page("ku")).toContain("کارەباچی");
    },
  );

  it("creates, updates (incl. the verified toggle) and deletes a provider", async () => {
    const created = await call("/api/providers", { method: "POST", cookie: admin, json: await body() });
    expect(created.status, await created.clone().text()).toBe(201);
    const p = (await created.json()) as { id: number; name: string; isVerified: boolean; specialtyAr: string | null };
    expect(p).toMatchObject({ name: "Hassan Plumbing", isVerified: false, phone: "+9647701112222" });
    // the specialty is translated once, where listings are written
    expect(p.specialtyAr).toBeTruthy();

    const updated = await call(`/api/providers/${p.id}`, {
      method: "PUT",
      cookie: admin,
      json: await body({ name: "Hassan & Sons", isVerified: true }),
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: p.id, name: "Hassan & Sons", isVerified: true });

    const search = await (await call("/api/admin/providers?search=Sons", { cookie: admin })).json();
    expect(search).toMatchObject({ total: 1, items: [{ id: p.id }] });

    const deleted = await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: admin });
    expect(deleted.status).toBe(200);
    expect((await call(`/api/providers/${p.id}`)).status).toBe(404);
  });

  it("the provider form's rules: category required, valid phone", async () => {
    const noCategory = await call("/api/providers", {
      method: "POST",
      cookie: admin,
      json: await body({ categoryId: "" }),
    });
    expect(noCategory.status).toBe(400);
    expect(await noCategory.json()).toMatchObject({ fields: { categoryId: "Please select a category" } });
    const badPhone = await call("/api/providers", {
      method: "POST",
      cookie: admin,
      json: await body({ phone: "12345" }),
    });
    expect(await badPhone.json()).toMatchObject({ fields: { phone: "Please provide a valid phone number" } });
  });
});

describe("admin: ads and contact inbox", () => {
  it("creates, schedules and disables an ad; refuses javascript: links", async () => {
    const bad = await call("/api/admin/ads", {
      method: "POST",
      cookie: admin,
      json: { position: "footer", title: "x", sponsor: "y", linkUrl: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    const res = await call("/api/admin/ads", {
      method: "POST",
      cookie: admin,
      json: {
        position: "footer",
        title: "Winter AC check",
        titleAr: "فحص المكيف",
        titleKu: "پشکنینی فێنککەرەوە",
        sponsor: "CoolCo",
        linkUrl: "/search?category=1",
        startsAt: "2026-12-01",
        endsAt: "2027-01-01",
        isActive: true,
      },
    });
    expect(res.status).toBe(201);
    const ad = (await res.json()) as { id: number; isActive: boolean };
    expect(ad.isActive).toBe(true);
    expect((await call(`/api/admin/ads/${ad.id}/disable`, { method: "POST", cookie: admin })).status).toBe(200);
    const row = await env.DB.prepare("SELECT is_active, starts_at FROM sponsored_ads WHERE id = ?")
      .bind(ad.id)
      .first<{ is_active: number; starts_at: number }>();
    expect(row).toMatchObject({ is_active: 0, starts_at: Date.parse("2026-12-01") });
  });

  it(
    "a contact message is stored, shows in the inbox and can be marked handled; the form is rate-limited per " +
      "e-mail",
    async () => {
      const msg = {
        name: "Layla",
        email: "layla@example.com",
        subject: "Hello",
        message: "Do you cover Duhok?",
        type: "global",
      };
      const res = await call("/api/contact", { method: "POST", json: msg });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const inbox = (await (await call("/api/admin/contact-messages", { cookie: admin })).json()) as {
        id: number;
        handledAt: string | null;
      }[];
      expect(inbox.find((m) => m.id === id)).toMatchObject({ handledAt: null });
      expect((await call(`/api/admin/contact-messages/${id}/handled`, { method: "POST", cookie: admin })).status).toBe(
        200,
      );
      const row = await env.DB.prepare("SELECT handled_at FROM contact_messages WHERE id = ?")
        .bind(id)
        .first<{ handled_at: number | null }>();
      expect(row!.handled_at).toBeGreaterThan(0);

      await call("/api/contact", { method: "POST", json: msg });
      await call("/api/contact", { method: "POST", json: msg });
      const limited = await call("/api/contact", { method: "POST", json: msg });
      expect(limited.status).toBe(429);
      const invalid = await call("/api/contact", { method: "POST", json: { ...msg, email: "not-an-email" } });
      expect(await invalid.json()).toMatchObject({ fields: { email: "Please enter a valid e-mail address" } });
    },
  );
});
