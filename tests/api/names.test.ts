import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FSI, isolateLtr, PDI, stripIsolates } from "../../domain/text/bidi";
import { arabicIndic } from "../../domain/text/numbers";
import { fakeChannelApis, postWhatsApp, queueSettled, waForm } from "../bot";
import { call, freshPhone, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { place, signIn } from "../sessions";
import { bellRows, newestBell, userIdByPhone } from "../bell";

let admin: string;
beforeAll(async () => {
  admin = await signIn("admin");
});

const listing = async (overrides: Record<string, unknown>) => ({
  name: "Kareem Electric",
  specialty: "Electrician",
  categoryId: (await place()).categoryId,
  city: "Baghdad",
  location: "Karrada, near Kahramana Square",
  phone: "0780 555 1212",
  ...overrides,
});
const searchIds = async (q: string) =>
  (
    (await (await call(`/api/providers?search=${encodeURIComponent(q)}&limit=50`)).json()) as {
      items: { id: number }[];
    }
  ).items.map((p) => p.id);

describe("a listing's name in the other script", () => {
  it(
    "the admin form stores it, search finds the listing by " + "either name, the page shows the reader's script first",
    async () => {
      const created = await call("/api/providers", {
        method: "POST",
        cookie: admin,
        json: await listing({ name: "Zanko Cooling 21", nameOther: "زانكو للتبريد" }),
      });
      expect(created.status).toBe(201);
      const body = (await created.json()) as { id: number; nameOther: string };
      expect(body.nameOther).toBe("زانكو للتبريد");
      expect(await searchIds("زانكو")).toContain(body.id);
      expect(await searchIds("Zanko")).toContain(body.id);

      const ar = await (await call(`/provider/${body.id}`, { lang: "ar" })).text();
      const h1 = ar.match(/data-testid="provider-name">([\s\S]*?)<\/h1>/)![1]!;
      expect(h1).toContain("<bdi>زانكو للتبريد</bdi>");
      expect(ar).toMatch(/data-testid="provider-name-other"><bdi>Zanko Cooling 21<\/bdi>/);
      const en = await (await call(`/provider/${body.id}`, { lang: "en" })).text();
      expect(en.match(/data-testid="provider-name">([\s\S]*?)<\/h1>/)![1]).toContain("<bdi>Zanko Cooling 21</bdi>");
      const callTitle = (html: string) => html.match(/title="([^"]*)"[^>]*data-testid="profile-call"/)![1]!;
      expect(callTitle(en)).toContain(`${FSI}Zanko Cooling 21${PDI}`);
      const arTitle = callTitle(ar);
      expect(arTitle).toContain(`${FSI}زانكو للتبريد${PDI}`);
      expect(arTitle).toContain(isolateLtr("+964 780 555 1212"));

      // an Arabic name followed by a phone number inside an English sentence: both isolated, the phone LTR
      const arabicOnly = (await (
        await call("/api/providers", {
          method: "POST",
          cookie: admin,
          json: await listing({ name: "كريم للكهرباء", phone: "0790 222 3030" }),
        })
      ).json()) as { id: number };
      const enTitle = callTitle(await (await call(`/provider/${arabicOnly.id}`, { lang: "en" })).text());
      expect(enTitle).toBe(`Call ${FSI}كريم للكهرباء${PDI} on ${isolateLtr("+964 790 222 3030")}`);
      await call(`/api/providers/${arabicOnly.id}`, { method: "DELETE", cookie: admin });

      // clearing it on edit clears it, and the search follows
      const edited = await call(`/api/providers/${body.id}`, {
        method: "PUT",
        cookie: admin,
        json: await listing({ name: "Zanko Cooling 21", nameOther: "" }),
      });
      expect(((await edited.json()) as { nameOther: string | null }).nameOther).toBeNull();
      await call(`/api/providers/${body.id}`, { method: "DELETE", cookie: admin });
    },
  );

  it(
    "an application carries it to the approved listing; a " + "name in either script alone is found through its key",
    async () => {
      const user = await registerUser({ userType: "customer" });
      const { categoryId, city } = await place();
      const res = await call("/api/provider-applications", {
        method: "POST",
        cookie: user.cookie,
        json: {
          businessName: "کارەبای شێرزاد",
          nameOther: "Sherzad Electric",
          specialty: "Electrician",
          categoryId,
          city,
          location: "Ankawa, street 40",
          phone: "0751 222 3399",
        },
      });
      expect(res.status).toBe(201);
      const application = (await res.json()) as { id: number; nameOther: string };
      expect(application.nameOther).toBe("Sherzad Electric");
      const approved = await call(`/api/admin/applications/${application.id}/approve`, {
        method: "POST",
        cookie: admin,
      });
      expect(approved.status).toBe(200);
      const { providerId } = (await approved.json()) as { providerId: number };
      const row = await env.DB.prepare("SELECT name, name_other FROM service_providers WHERE id = ?")
        .bind(providerId)
        .first<{ name: string; name_other: string }>();
      expect(row).toEqual({ name: "کارەبای شێرزاد", name_other: "Sherzad Electric" });
      // "Shirzad" is neither name as written: the transliteration key finds it
      expect(await searchIds("Shirzad")).toContain(providerId);
      expect(await searchIds("شیرزاد")).toContain(providerId);
    },
  );

  it("a name matched as written ranks above one reached only through its transliteration key", async () => {
    const { providerSearchText } = await import("../../domain/search/searchText");
    const add = async (name: string, rating: number, verified: number) =>
      (await env.DB.prepare(
        "INSERT INTO service_providers (name, specialty, category_id, city, location, phone, rating, " +
          "is_verified, search_text) VALUES (?, 'Electrician', 1, 'Baghdad', 'Dora', '+9647700000996', ?, ?, ?) " +
          "RETURNING id",
      )
        .bind(name, rating, verified, providerSearchText({ name, specialty: "Electrician" }))
        .first<number>("id"))!;
    // another spelling of the same name (the same key, "jbra") is reached, below the one written as typed
    const jubori = await add("Jubori Zubeidi", 5, 1);
    const jubouri = await add("Jubouri Zubeidi", 3, 0);
    // a different name with the same consonants is not reached at all: Jabbar ends in a consonant
    const jabbar = await add("Jabbar Zubeidi", 5, 1);
    const found = await searchIds("Jubouri Zubeidi");
    expect(found.filter((id) => id === jubori || id === jubouri)).toEqual([jubouri, jubori]);
    // Jabbar shares only the family name as written (ranked search, ADR 048): after both, never through the key
    if (found.includes(jabbar)) expect(found.indexOf(jabbar)).toBeGreaterThan(found.indexOf(jubori));
    expect(await searchIds("Jubouri")).not.toContain(jabbar);
    await env.DB.prepare("DELETE FROM service_providers WHERE id IN (?, ?, ?)").bind(jabbar, jubouri, jubori).run();
  });

  it("refuses a phone outside the real mobile ranges with a translated 400, and changes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM service_providers").first<number>("n");
    for (const phone of ["0730 123 4567", "0740 123 4567", "0720 123 4567"]) {
      const res = await call("/api/providers", {
        method: "POST",
        cookie: admin,
        json: await listing({ phone }),
        lang: "ar",
      });
      expect(res.status, phone).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM service_providers").first<number>("n")).toBe(before);
  });
});

describe("bidi isolation where user text meets UI text", () => {
  it(
    "a Latin provider name ending in digits inside an Arabic notification is isolated; the sentence reads the " +
      "same without marks",
    async () => {
      await env.DB.prepare("UPDATE service_providers SET name = 'Studio 21' WHERE id = 1").run();
      const customer = await registerUser({ name: "Hawre Aziz" });
      await env.DB.prepare("UPDATE users SET language = 'ar' WHERE id = ?").bind(customer.id).run();
      const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
      const booked = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 1,
          serviceDescription: "The AC in the living room blows warm air",
          customerLocation: "Karrada, street 62",
          customerPhone: "0770 123 4567",
          preferredDate: tomorrow,
          preferredTime: "evening",
          urgency: "high",
        },
      });
      expect(booked.status).toBe(201);
      const { id } = (await booked.json()) as { id: number };
      const provider = await signIn("provider");
      expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
      const notice = (await newestBell(customer.id))?.message;
      expect(notice).toContain(`${FSI}Studio 21${PDI}`);
      // the booking number is in the reader's digits (ADR 013); the name keeps its own
      expect(stripIsolates(notice!)).toBe(`قبل Studio 21 حجزك رقم ${arabicIndic(String(id))}. سيتصل بك قريباً.`);
      // the provider's own notice (English) isolates the customer's (first) name and the service they typed
      const told = (await bellRows(await userIdByPhone("+9647700000003")))
        .filter((n) => n.type === "booking")
        .at(-1)?.message;
      expect(told).toContain(`${FSI}Hawre${PDI}`);
      expect(told).toContain(`${FSI}The AC in the living room blows warm air${PDI}`);
    },
  );
});

describe("booking cards and quotes name the provider in the reader's script; numbers in the reader's digits", () => {
  it(
    "/bookings shows the Arabic-script name first for ku and ar readers and the Latin one for en readers, the " +
      "other beneath",
    async () => {
      await env.DB.prepare(
        "UPDATE service_providers SET name = 'Zanko Cooling 21', name_other = 'زانکۆ بۆ ساردکردنەوە' WHERE id = 1",
      ).run();
      const customer = await registerUser({ name: "Shilan Omer" });
      const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
      const booked = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 1,
          serviceDescription: "The split unit drips water on the wall",
          customerLocation: "Ankawa, street 40",
          customerPhone: "0750 123 4567",
          preferredDate: tomorrow,
          preferredTime: "evening",
          urgency: "normal",
        },
      });
      expect(booked.status).toBe(201);
      const { id } = (await booked.json()) as { id: number };

      const card = (html: string) => html.slice(html.indexOf('data-testid="booking-card"'));
      const names = (html: string) => ({
        primary: card(html).match(/data-testid="provider-name">([^<]*)</)![1],
        other: card(html).match(/data-testid="provider-name-other">([^<]*)</)?.[1],
      });
      const ku = await (await call("/bookings", { lang: "ku", cookie: customer.cookie })).text();
      expect(names(ku)).toEqual({ primary: "زانکۆ بۆ ساردکردنەوە", other: "Zanko Cooling 21" });
      const en = await (await call("/bookings", { lang: "en", cookie: customer.cookie })).text();
      expect(names(en)).toEqual({ primary: "Zanko Cooling 21", other: "زانکۆ بۆ ساردکردنەوە" });
      const ar = await (await call("/bookings", { lang: "ar", cookie: customer.cookie })).text();
      expect(names(ar).primary).toBe("زانکۆ بۆ ساردکردنەوە");

      // the booking reference: Arabic-Indic digits in ku and ar, never grouped; Western in en
      expect(card(ku)).toContain(`ژمارە ${arabicIndic(String(id))}<`);
      expect(card(en)).toContain(`#${id}`);

      // the provider's side: the customer's phone stays Western digits, left-to-right, isolated
      const provider = await signIn("provider");
      const theirs = await (await call("/bookings", { lang: "ku", cookie: provider })).text();
      expect(theirs).toMatch(/<bdi dir="ltr" class="phone">\+964 750 123 4567<\/bdi>/);
      await env.DB.prepare("UPDATE service_providers SET name_other = NULL WHERE id = 1").run();
    },
  );

  it("a listing without a name in the reader's script shows its one name, with nothing beneath", async () => {
    await env.DB.prepare("UPDATE service_providers SET name = 'Studio 21', name_other = NULL WHERE id = 1").run();
    const customer = await registerUser();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json: {
        providerId: 1,
        serviceDescription: "The split unit drips water on the wall",
        customerLocation: "Ankawa, street 40",
        customerPhone: "0750 123 4567",
        preferredDate: tomorrow,
        preferredTime: "evening",
        urgency: "normal",
      },
    });
    const ku = await (await call("/bookings", { lang: "ku", cookie: customer.cookie })).text();
    const card = ku.slice(ku.indexOf('data-testid="booking-card"'));
    expect(card).toMatch(/data-testid="provider-name">Studio 21</);
    expect(card).not.toContain("provider-name-other");
  });

  it("the search page counts results in the reader's digits", async () => {
    const ku = await (await call("/search?search=", { lang: "ku" })).text();
    const ar = await (await call("/search?search=", { lang: "ar" })).text();
    const en = await (await call("/search?search=", { lang: "en" })).text();
    const summary = (html: string) => html.match(/data-testid="result-count"[^>]*>([^<]*)</)?.[1] ?? "";
    expect(summary(en)).toMatch(/[0-9]/);
    for (const text of [summary(ku), summary(ar)]) {
      expect(text).toMatch(/[\u0660-\u0669]/);
      expect(text).not.toMatch(/[0-9]/);
    }
  });
});

describe("a name is one line on every door", () => {
  const FORGED = "Ali\nDalil support: your account is locked, reply with the code we sent";
  const ONE_LINE = "Ali Dalil support: your account is locked, reply with the code we sent";
  const nameOf = async (id: number) =>
    (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(id).first<{ name: string }>())!.name;

  it(
    "registration, the profile, the contact form: line " + "breaks and control characters collapse to one space",
    async () => {
      const user = await registerUser({ name: FORGED });
      expect(user.name).toBe(ONE_LINE);
      expect(await nameOf(user.id)).toBe(ONE_LINE);
      const edited = await call("/api/auth/me", {
        method: "PATCH",
        cookie: user.cookie,
        json: { name: " Sara\r\n\tAhmed\u0085Karim\u2028 " },
      });
      expect(edited.status).toBe(200);
      expect(await nameOf(user.id)).toBe("Sara Ahmed Karim");
      // a name of nothing but breaks is no name, in the reader's language, and nothing changes
      const empty = await call("/api/auth/me", {
        method: "PATCH",
        cookie: user.cookie,
        lang: "ar",
        json: { name: "\n\r\n\u0000" },
      });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { message: string }).message).not.toMatch(/validation\./);
      expect(await nameOf(user.id)).toBe("Sara Ahmed Karim");
      const contact = await call("/api/contact", {
        method: "POST",
        json: {
          name: "Hana\n\nDalil support",
          email: "hana@example.com",
          subject: "Hello",
          message: "Line one\nLine two",
        },
      });
      expect(contact.status).toBe(201);
      const row = await env.DB.prepare("SELECT name, message FROM contact_messages ORDER BY id DESC LIMIT 1").first<{
        name: string;
        message: string;
      }>();
      // the name is one line; a message keeps its lines
      expect(row).toEqual({ name: "Hana Dalil support", message: "Line one\nLine two" });
    },
  );

  it(
    "a provider application, the admin's listing form " + "and a rename request store one-line business names",
    async () => {
      const applicant = await registerUser();
      const applied = await call("/api/provider-applications", {
        method: "POST",
        cookie: applicant.cookie,
        json: {
          ...(await listing({})),
          businessName: "Aziz\r\nElectric",
          name: undefined,
          whatsapp: "",
          whatsappAlerts: false,
        },
      });
      expect(applied.status).toBe(201);
      const mine = (await (await call("/api/provider-applications/mine", { cookie: applicant.cookie })).json()) as {
        businessName: string;
      };
      expect(mine.businessName).toBe("Aziz Electric");

      const created = await call("/api/providers", {
        method: "POST",
        cookie: admin,
        json: await listing({ name: "Zanko\nCooling", nameOther: "زانكو\n\tللتبريد" }),
      });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ name: "Zanko Cooling", nameOther: "زانكو للتبريد" });

      const provider = await signIn("provider");
      const renamed = await call("/api/dashboard/rename-request", {
        method: "POST",
        cookie: provider,
        json: { name: "Fixit\nDalil support" },
      });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({ requestedName: "Fixit Dalil support" });
    },
  );

  it("the bot's account for a WhatsApp number takes the profile name on one line", async () => {
    const local = freshPhone("0750");
    const phone = `+964${local.slice(1)}`;
    // someone registered the number unproven: the owner's first message settles it and makes the owner's account
    await registerUser({ phone: local, name: "Not The Owner", verified: false });
    const apis = fakeChannelApis();
    try {
      const res = await postWhatsApp(
        waForm(phone, { Body: "hi", ProfileName: "Karwan\nDalil support: send the code" }),
      );
      expect(res.status).toBe(200);
    } finally {
      apis.restore();
    }
    const owner = await env.DB.prepare("SELECT name FROM users WHERE phone = ? AND is_phone_verified = 1")
      .bind(phone)
      .first<{ name: string }>();
    expect(owner?.name).toBe("Karwan Dalil support: send the code");
  });

  it("a name stored with a line break before this rule still reaches the provider's WhatsApp on one line", async () => {
    const apis = fakeChannelApis();
    const providerRow = (await env.DB.prepare(
      "SELECT p.id, p.user_id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE u.phone = ?",
    )
      .bind(DEMO_ACCOUNTS.provider.phone)
      .first<{ id: number; user_id: number }>())!;
    const providerPhone = DEMO_ACCOUNTS.provider.phone;
    try {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM channel_links WHERE user_id = ? OR external_id = ?").bind(
          providerRow.user_id,
          providerPhone,
        ),
        env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'"),
        env.DB.prepare("UPDATE users SET language = 'en' WHERE id = ?").bind(providerRow.user_id),
        // the provider wrote to the bot an hour ago: opted in, inside WhatsApp's 24-hour window
        env.DB.prepare(
          "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) " +
            "VALUES ('whatsapp', ?, ?, 'en', 1, ?)",
        ).bind(providerPhone, providerRow.user_id, Date.now() - 3600_000),
      ]);
      const customer = await registerUser({ name: "Placeholder" });
      // a row written before names were one line
      await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?")
        .bind("Hana\r\nDalil support: your account is locked\u2028reply with your code", customer.id)
        .run();
      const sent = await call("/api/chat", {
        method: "POST",
        cookie: customer.cookie,
        json: { providerId: providerRow.id, message: "Can you fix a split AC today?\nIt drips." },
      });
      expect(sent.status).toBe(201);
      // what the real queue delivered (ADR 054: it deletes the row, so the test reads the chat, not the row)
      await queueSettled("dedupe_key LIKE 'chat:%'");
      const relayed = apis.sent.filter((s) => s.channel === "whatsapp" && s.body.To === `whatsapp:${providerPhone}`);
      expect(relayed).toHaveLength(1);
      const body = String(relayed[0]!.body.Body);
      const lines = body.split("\n");
      // the header line holds the whole name; no line of the message starts with the forged sender
      expect(stripIsolates(lines[0]!)).toContain(
        "Hana Dalil support: your account is locked reply with your code · conversation #",
      );
      expect(lines.some((l) => stripIsolates(l).startsWith("Dalil support"))).toBe(false);
      // the person's own message keeps its lines
      expect(body).toContain("Can you fix a split AC today?\nIt drips.");
    } finally {
      apis.restore();
    }
  });
});
