import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../http";

interface Item {
  nameOther: string | null;
  id: number;
  name: string;
  categoryId: number;
  cityId: number | null;
  city: string;
  specialty: string;
  isVerified: boolean;
  rating: number;
  distanceKm: number | null;
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  capped: boolean;
}

async function search(qs: string, lang?: string): Promise<Page> {
  const res = await call(`/api/providers?${qs}`, { lang });
  expect(res.status, `${qs} → ${res.status}`).toBe(200);
  return (await res.json()) as Page;
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const ids = (p: Page) => p.items.map((i) => i.id).sort((a, b) => a - b);

describe("text search in three languages", () => {
  it("'كهربائي', 'الكهربائي', 'electrician' and 'کارەباچی' find the same seeded electricians", async () => {
    const en = await search(q({ search: "electrician", limit: "50" }));
    expect(en.total).toBeGreaterThan(0);
    for (const word of ["كهربائي", "الكهربائي", "کارەباچی", "كَهْرَبائِي", "Electricians"]) {
      const other = await search(q({ search: word, limit: "50" }));
      expect(ids(other), word).toEqual(ids(en));
    }
  });
});

describe("a name in either script finds the listing (transliteration keys, ADR 006)", () => {
  it("'كريم', 'Kareem', 'Karim' and 'کەریم' cross scripts, with harakat, hamza and taa marbuta variants", async () => {
    const { env } = await import("cloudflare:workers");
    const { providerSearchText } = await import("../../domain/search/searchText");
    const add = async (name: string, specialty: string) => {
      const row = await env.DB.prepare(
        "INSERT INTO service_providers (name, specialty, category_id, city, location, phone, search_text) " +
          "VALUES (?, ?, 1, 'Baghdad', 'Karrada', '+9647700000997', ?) RETURNING id",
      )
        .bind(name, specialty, providerSearchText({ name, specialty }))
        .first<{ id: number }>();
      return row!.id;
    };
    const latin = await add("Kareem Electric", "Electrician");
    const arabic = await add("كريم للكهرباء", "Electrician");
    const fatima = await add("مؤسسة فاطمة", "Tailor");
    const found = async (text: string) => (await search(q({ search: text, limit: "50" }))).items.map((p) => p.id);
    expect(await found("كريم")).toContain(latin);
    expect(await found("Kareem")).toContain(arabic);
    for (const text of ["Karim", "کەریم", "كَرِيم", "karim electrician"]) {
      const ids = await found(text);
      expect(ids, text).toContain(latin);
      expect(ids, text).toContain(arabic);
    }
    for (const text of ["فاطمة", "فاطمه", "Fatima", "Fatimah", "موسسه", "مؤسسة"])
      expect(await found(text), text).toContain(fatima);
    // a different name does not match
    expect(await found("Karwan")).not.toContain(latin);
    await env.DB.prepare("DELETE FROM service_providers WHERE id IN (?, ?, ?)").bind(latin, arabic, fatima).run();
  });
});

describe("cross-script names: exact and near-exact first, unrelated names off the first page", () => {
  it(
    "the name-query set: every listing each query must show " + "is on page one, none it must not (precision printed)",
    async () => {
      const { NAME_QUERIES } = await import("../search/nameQueries");
      expect(NAME_QUERIES.length).toBeGreaterThanOrEqual(40);
      let found = 0;
      let wanted = 0;
      let wrong = 0;
      const misses: string[] = [];
      for (const { q: text, must, mustNot } of NAME_QUERIES) {
        const page = (await search(q({ search: text }))) as Page & {
          items: { name: string; nameOther: string | null }[];
        };
        const names = new Set(page.items.flatMap((p) => [p.name, p.nameOther].filter(Boolean) as string[]));
        for (const m of must) {
          wanted++;
          if (names.has(m)) found++;
          else misses.push(`${text}: missing ${m}`);
        }
        for (const m of mustNot) {
          if (names.has(m)) {
            wrong++;
            misses.push(`${text}: shows ${m}`);
          }
        }
      }
      const precision = found / Math.max(1, found + wrong);
      console.log(
        `name queries: ${NAME_QUERIES.length}; precision ${(100 * precision).toFixed(1)} % (${found} ` +
          `right, ${wrong} wrong on page one), recall ${((100 * found) / wanted).toFixed(1)} % ` +
          `(${found}/${wanted})${misses.length ? `\n  ${misses.join("\n  ")}` : ""}`,
      );
      expect(misses).toEqual([]);
    },
  );
});

describe("filters, distance and pages", () => {
  it("category and city filters combine with text and with each other", async () => {
    const all = await search(q({ limit: "50" }));
    const sample = all.items.find((p) => p.cityId !== null)!;
    const cities = (await (await call("/api/providers?limit=1")).json()) as Page;
    expect(cities.total).toBeGreaterThan(0);
    const byCategory = await search(q({ category: String(sample.categoryId), limit: "50" }));
    expect(byCategory.items.every((p) => p.categoryId === sample.categoryId)).toBe(true);
    const byBoth = await search(q({ category: String(sample.categoryId), city: sample.city, limit: "50" }));
    expect(byBoth.total).toBeGreaterThan(0);
    expect(byBoth.total).toBeLessThanOrEqual(byCategory.total);
    expect(byBoth.items.every((p) => p.categoryId === sample.categoryId && p.cityId === sample.cityId)).toBe(true);
    expect(byBoth.items.map((p) => p.id)).toContain(sample.id);

    const electricians = await search(q({ search: "electrician", limit: "50" }));
    const inCity = electricians.items[0]!;
    const textAndCity = await search(q({ search: "كهربائي", city: inCity.city, limit: "50" }));
    expect(textAndCity.items.map((p) => p.id)).toContain(inCity.id);
    expect(textAndCity.items.every((p) => p.cityId === inCity.cityId)).toBe(true);
    const bySlug = await search(q({ category: "electricians", limit: "50" }));
    expect(bySlug.total).toBeGreaterThan(0);
  });

  it("a country other than Iraq has no listings yet; Iraq is the default", async () => {
    expect((await search(q({ country: "SA" }))).total).toBe(0);
    expect((await search(q({ country: "IQ" }))).total).toBe((await search(q({ page: "1" }))).total);
  });

  it("near sorts by distance, text query or not", async () => {
    const baghdad = { lat: "33.3152", lng: "44.3661" };
    for (const extra of [{}, { search: "electrician" }] as Record<string, string>[]) {
      const res = await search(q({ ...baghdad, ...extra, limit: "20" }));
      expect(res.items.length).toBeGreaterThan(0);
      const d = res.items.map((p) => p.distanceKm).filter((x): x is number => x !== null);
      expect(d.length).toBeGreaterThan(0);
      for (let i = 1; i < d.length; i++) expect(d[i]!).toBeGreaterThanOrEqual(d[i - 1]! - 0.5);
    }
  });

  it("page 2 differs from page 1, for text search and for the plain list", async () => {
    for (const extra of [{}, { search: "doctor" }] as Record<string, string>[]) {
      const p1 = await search(q({ ...extra, page: "1", limit: "5" }));
      const p2 = await search(q({ ...extra, page: "2", limit: "5" }));
      expect(p1.total).toBeGreaterThan(5);
      expect(p2.page).toBe(2);
      expect(p2.total).toBe(p1.total);
      const first = new Set(p1.items.map((p) => p.id));
      expect(p2.items.length).toBeGreaterThan(0);
      expect(p2.items.some((p) => first.has(p.id))).toBe(false);
    }
  });
});

describe("hostile input never breaks the search", () => {
  const nasty = [
    '"',
    "'",
    "''\"\"",
    "%",
    "%%_",
    "*",
    "electric*",
    "OR",
    "a OR b",
    "NEAR(",
    "NEAR(a b, 2)",
    "AND NOT",
    "^foo",
    "col:val",
    "body: x",
    "'; DROP TABLE service_providers; --",
    "1 OR 1=1",
    ") OR (",
    "{a b}",
    "x".repeat(2000),
    "كهربائي ".repeat(300),
    "🔌⚡️👨‍🔧",
    "\u200f\u200e\u202e",
    "\u0000",
  ];
  it.each(
    nasty.map((text) => ({
      text,
      label: JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}… (${text.length} chars)` : text),
    })),
  )("search=$label is 200", async ({ text }) => {
    const res = await call(`/api/providers?${q({ search: text })}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    expect(Array.isArray(body.items)).toBe(true);
  });

  it("the table is still there after all that", async () => {
    expect((await search(q({ page: "1" }))).total).toBeGreaterThan(0);
  });

  it("property: any unicode in any search parameter never gives a 5xx", async () => {
    const keys = ["search", "city", "country", "category", "lat", "lng", "page", "limit"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...keys),
          fc.oneof(
            fc.string({ unit: "grapheme", maxLength: 60 }),
            fc.string({ unit: "binary", maxLength: 60 }),
            fc.constantFrom('"', "*", "NEAR(", "%", "-1", "1e999", "NaN"),
          ),
        ),
        async (params) => {
          const res = await call(`/api/providers?${new URLSearchParams(params)}`);
          expect(res.status).toBeLessThan(500);
          await res.body?.cancel();
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe("GET /api/places/nearest", () => {
  it("finds the nearest known city within 100 km", async () => {
    const res = await call("/api/places/nearest?lat=33.32&lng=44.40");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { countryCode: string; distanceKm: number; citySlug: string | null };
    expect(body.countryCode).toBe("IQ");
    expect(body.distanceKm).toBeLessThan(100);
    expect(body.citySlug).toBeTruthy();
  });

  it("a point far from every known city is 404; nonsense is 400", async () => {
    expect((await call("/api/places/nearest?lat=0&lng=-150")).status).toBe(404);
    expect((await call("/api/places/nearest?lat=abc&lng=1")).status).toBe(400);
    expect((await call("/api/places/nearest")).status).toBe(400);
  });
});

describe("POST /api/whatsapp/send", () => {
  it("returns a wa.me link with digits only and the greeting in the caller's language", async () => {
    const res = await call("/api/whatsapp/send", { method: "POST", json: { phone: "0770 123 4567" }, lang: "ar" });
    expect(res.status).toBe(200);
    const { whatsappUrl } = (await res.json()) as { whatsappUrl: string };
    expect(whatsappUrl.startsWith("https://wa.me/9647701234567?text=")).toBe(true);
    expect(decodeURIComponent(whatsappUrl.split("text=")[1]!)).toBe("مرحباً! وجدتك على دليل. هل يمكنك المساعدة؟");
    const en = (await (
      await call("/api/whatsapp/send", { method: "POST", json: { phone: "+964 750 000 1111", message: "Hi & bye?" } })
    ).json()) as { whatsappUrl: string };
    expect(en.whatsappUrl).toBe("https://wa.me/9647500001111?text=Hi%20%26%20bye%3F");
  });

  it("a bad phone is 400 with a translated message", async () => {
    const res = await call("/api/whatsapp/send", { method: "POST", json: { phone: "abc" }, lang: "ku" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("ئەم ژمارەی واتسئەپە دروست نییە");
    expect((await call("/api/whatsapp/send", { method: "POST", json: {} })).status).toBe(400);
    expect(
      (await call("/api/whatsapp/send", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } }))
        .status,
    ).toBe(400);
  });
});

describe("provider analytics", () => {
  it("contact clicks count into today's row; unknown kinds and providers are refused", async () => {
    const { env } = await import("cloudflare:workers");
    for (const kind of ["call", "whatsapp", "chat"]) {
      expect((await call("/api/providers/2/contact-click", { method: "POST", json: { kind } })).status).toBe(204);
    }
    const row = await env.DB.prepare(
      "SELECT contact_clicks, profile_views, date FROM provider_analytics WHERE provider_id = 2",
    ).all();
    expect(row.results).toHaveLength(1);
    // today in Iraq (UTC+3): from 21:00 UTC on, that is already tomorrow's UTC date
    const { analyticsDay } = await import("../../domain/analytics/countProviderEvent");
    expect(row.results[0]).toMatchObject({ contact_clicks: 3, date: analyticsDay(new Date()) });
    expect((await call("/api/providers/2/contact-click", { method: "POST", json: { kind: "fax" } })).status).toBe(400);
    expect((await call("/api/providers/999999/contact-click", { method: "POST", json: { kind: "call" } })).status).toBe(
      404,
    );
    expect((await call("/api/providers/abc/contact-click", { method: "POST", json: { kind: "call" } })).status).toBe(
      400,
    );
  });
});

describe("GET /api/ads", () => {
  it("serves seeded ads per position, none for the footer, in the caller's language", async () => {
    const hero = (await (await call("/api/ads?position=hero", { lang: "ar" })).json()) as { title: string }[];
    expect(hero.length).toBeGreaterThan(0);
    expect(hero[0]!.title).toMatch(/[\u0600-\u06FF]/);
    expect(await (await call("/api/ads?position=footer")).json()).toEqual([]);
    expect((await call("/api/ads?position=nope")).status).toBe(400);
  });

  it("honours is_active and the start/end window", async () => {
    const { env } = await import("cloudflare:workers");
    const before = ((await (await call("/api/ads?position=sidebar")).json()) as unknown[]).length;
    await env.DB.prepare("UPDATE sponsored_ads SET is_active = 0 WHERE position = 'sidebar'").run();
    expect(await (await call("/api/ads?position=sidebar")).json()).toEqual([]);
    await env.DB.prepare("UPDATE sponsored_ads SET is_active = 1, ends_at = ? WHERE position = 'sidebar'")
      .bind(Date.now() - 1000)
      .run();
    expect(await (await call("/api/ads?position=sidebar")).json()).toEqual([]);
    await env.DB.prepare("UPDATE sponsored_ads SET ends_at = NULL, starts_at = ? WHERE position = 'sidebar'")
      .bind(Date.now() + 86_400_000)
      .run();
    expect(await (await call("/api/ads?position=sidebar")).json()).toEqual([]);
    await env.DB.prepare("UPDATE sponsored_ads SET starts_at = NULL WHERE position = 'sidebar'").run();
    expect(((await (await call("/api/ads?position=sidebar")).json()) as unknown[]).length).toBe(before);
  });
});

describe("the index follows provider writes made by any code", () => {
  it("insert, update and delete through plain SQL keep search in step", async () => {
    const { env } = await import("cloudflare:workers");
    const { providerSearchText } = await import("../../domain/search/searchText");
    const text = providerSearchText({ name: "Zubaida Qasim", specialty: "Beekeeper", specialtyAr: "نَحّال" });
    const ins = await env.DB.prepare(
      "INSERT INTO service_providers (name, specialty, specialty_ar, category_id, city, location, phone, " +
        "search_text) VALUES ('Zubaida Qasim', 'Beekeeper', 'نَحّال', 1, 'Baghdad', 'Karrada', '+9647700000999', " +
        "?) RETURNING id",
    )
      .bind(text)
      .first<{ id: number }>();
    expect(ids(await search(q({ search: "نحال" })))).toEqual([ins!.id]);
    // a writer that forgot search_text is still found by its raw columns
    await env.DB.prepare("UPDATE service_providers SET specialty = 'Honey seller', search_text = NULL WHERE id = ?")
      .bind(ins!.id)
      .run();
    expect(ids(await search(q({ search: "honey" })))).toEqual([ins!.id]);
    expect((await search(q({ search: "beekeeper" }))).total).toBe(0);
    // a writer that changes the specialty but keeps the old search_text: cleared, not left stale
    const fresh = providerSearchText({ name: "Zubaida Qasim", specialty: "Honey seller" });
    await env.DB.prepare("UPDATE service_providers SET search_text = ? WHERE id = ?").bind(fresh, ins!.id).run();
    await env.DB.prepare("UPDATE service_providers SET specialty = 'Candle maker' WHERE id = ?").bind(ins!.id).run();
    expect((await search(q({ search: "honey" }))).total).toBe(0);
    expect(ids(await search(q({ search: "candle" })))).toEqual([ins!.id]);
    expect(
      await env.DB.prepare("SELECT search_text FROM service_providers WHERE id = ?").bind(ins!.id).first("search_text"),
    ).toBeNull();
    // rating changes don't touch the index
    await env.DB.prepare("UPDATE service_providers SET rating = 4.5 WHERE id = ?").bind(ins!.id).run();
    expect(ids(await search(q({ search: "candle" })))).toEqual([ins!.id]);
    await env.DB.prepare("DELETE FROM service_providers WHERE id = ?").bind(ins!.id).run();
    expect((await search(q({ search: "candle" }))).total).toBe(0);
  });
});

describe("search and provider pages (server-rendered)", () => {
  it("/search renders real results with a translated count", async () => {
    const res = await call(`/search?${q({ search: "كهربائي" })}`, { lang: "ar" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="provider-card"');
    expect(html).toMatch(/تم العثور على/);
  });

  it("/search with nothing found shows the empty state with suggestions", async () => {
    const html = await (await call(`/search?${q({ search: "zzqqxx" })}`)).text();
    expect(html).toContain('data-testid="search-empty"');
    expect(html).toContain("Try one of these:");
  });

  it(
    "its selects show what the words were read as, and " + "words it could not place are not called a failure",
    async () => {
      const html = await (await call(`/search?${q({ search: "كهربائي في اربيل" })}`, { lang: "ar" })).text();
      const selected = (testId: string) => {
        const select = html.slice(
          html.indexOf(`data-testid="${testId}"`),
          html.indexOf("</select>", html.indexOf(`data-testid="${testId}"`)),
        );
        return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*selected=""/g)].map((m) => m[1]);
      };
      const { env } = await import("cloudflare:workers");
      const electricians = await env.DB.prepare("SELECT id FROM categories WHERE slug = 'electricians'").first<{
        id: number;
      }>();
      expect(selected("search-category")).toEqual([String(electricians!.id)]);
      expect(selected("search-city")).toEqual(["erbil"]);
      const lost = await (await call(`/search?${q({ search: "zzqqxx" })}`, { lang: "ar" })).text();
      expect(lost).toContain("لم نعرف بعد أي خدمة تقصد بـ");
      expect(lost).not.toMatch(/لا شيء يطابق|يشترك مع/);
    },
  );

  it(
    "new words sent with the selects the page filled in from the old ones are read afresh; a select the person " +
      "changed still holds",
    async () => {
      const { env } = await import("cloudflare:workers");
      const id = async (slug: string) =>
        String(
          (await env.DB.prepare("SELECT id FROM categories WHERE slug = ?").bind(slug).first<{ id: number }>("id"))!,
        );
      const [plumbers, electricians] = [await id("plumbers"), await id("electricians")];
      const first = await (await call(`/search?${q({ search: "plumber in Erbil" })}`)).text();
      expect(first).toContain(`name="readCategory" value="${plumbers}"`);
      // what a phone without the page's script sends next: the
      // new words, the selects as the page left them, their notes
      const sent = {
        search: "electrician in Erbil",
        category: plumbers,
        readCategory: plumbers,
        city: "erbil",
        readCity: "erbil",
      };
      const next = await (await call(`/search?${q(sent)}`)).text();
      expect(next).toContain('data-testid="provider-card"');
      expect(next).toContain(`<option value="${electricians}" selected=""`);
      // the person chose another trade in the select: that choice is the filter, whatever the words
      const chosen = await (
        await call(`/search?${q({ ...sent, search: "plumber in Erbil", category: electricians })}`)
      ).text();
      expect(chosen).toContain(`<option value="${electricians}" selected=""`);
      expect(chosen).not.toContain('name="readCategory"');
    },
  );

  it("/provider/1 shows the profile and counts one view for today", async () => {
    const { env } = await import("cloudflare:workers");
    const res = await call("/provider/1");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const id of [
      "provider-name",
      "provider-specialty",
      "provider-location",
      "chat-panel",
      "contact-info",
      "profile-call",
    ])
      expect(html).toContain(`data-testid="${id}"`);
    await expect
      .poll(
        async () =>
          (await env.DB.prepare("SELECT profile_views FROM provider_analytics WHERE provider_id = 1").first<number>(
            "profile_views",
          )) ?? 0,
      )
      .toBeGreaterThanOrEqual(1);
  });

  it.each(["0", "abc", "-3", "1.5"])("/provider/%s says 'Invalid provider ID' with a 400", async (id) => {
    const res = await call(`/provider/${id}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Invalid provider ID");
  });

  it("/provider/999999 says 'Provider Not Found' with a 404 and a way back", async () => {
    const res = await call("/provider/999999", { lang: "ku" });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('data-testid="provider-not-found"');
  });
});

describe("ranking", () => {
  it("a match in name or specialty ranks above a match only in the description, whatever the rating", async () => {
    const { env } = await import("cloudflare:workers");
    const { providerSearchText } = await import("../../domain/search/searchText");
    const add = async (name: string, specialty: string, description: string, rating: number, verified: number) => {
      const text = providerSearchText({ name, specialty, description });
      const row = await env.DB.prepare(
        "INSERT INTO service_providers (name, specialty, category_id, city, location, phone, description, " +
          "rating, is_verified, search_text) VALUES (?, ?, 1, 'Baghdad', 'Mansour', '+9647700000998', ?, ?, ?, " +
          "?) RETURNING id",
      )
        .bind(name, specialty, description, rating, verified, text)
        .first<{ id: number }>();
      return row!.id;
    };
    const weak = await add("Karim Hasan", "Handyman", "I also do some saxophone lessons", 5, 1);
    const strong = await add("Samir Jalal", "Saxophone teacher", "Music lessons at home", 2, 0);
    const res = await search(q({ search: "saxophone" }));
    expect(res.items.map((p) => p.id)).toEqual([strong, weak]);
    await env.DB.prepare("DELETE FROM service_providers WHERE id IN (?, ?)").bind(weak, strong).run();
  });
});

describe("seeded data is fully indexed", () => {
  it("every seeded provider has its search text, including the renamed demo listing", async () => {
    const { env } = await import("cloudflare:workers");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM service_providers WHERE search_text IS NULL").first("n"),
    ).toBe(0);
    expect(ids(await search(q({ search: "Ali Provider" })))).toContain(1);
  });
});

describe("one reader for the search box and the bot (ADR 040)", () => {
  type Understood = {
    service: string | null;
    city: string | null;
    words: string;
    ignored: string | null;
    nearestTo: string | null;
    mentionsOnly: boolean;
    notUnderstood: string | null;
  };
  const read = (text: string, extra: Record<string, string> = {}) =>
    search(q({ search: text, ...extra })) as Promise<Page & { understood: Understood }>;

  it(
    "the judged queries: mean precision of the top five ≥ 0.9 and no dead end, through the search box and " +
      "through the bot's reader (figures printed)",
    async () => {
      const { judgeSearch, judgedLine } = await import("../search/judge");
      const { searchAsTheBot } = await import("../searchDoors");
      // (a few judged lines ask for listings the generated seed
      // does not hold: a specialty of its own, in three languages)
      const { env } = await import("cloudflare:workers");
      const { addJudgedListings, removeJudgedListings } = await import("../search/judgedListings");
      const added = await addJudgedListings(env.DB);
      const box = await judgeSearch(async (text) => (await search(q({ search: text }))).items);
      // the bot: what it understood, searched as its engine searches (bot/flows/search.ts)
      const bot = await judgeSearch((text) => searchAsTheBot(text, (params) => search(q(params))));
      await removeJudgedListings(env.DB, added);
      console.log(`${judgedLine("search box", box)}${box.misses.length ? `\n  ${box.misses.join("\n  ")}` : ""}`);
      console.log(`${judgedLine("bot", bot)}${bot.misses.length ? `\n  ${bot.misses.join("\n  ")}` : ""}`);
      expect(box.queries).toBeGreaterThanOrEqual(150);
      expect(box.deadEnds).toBe(0);
      expect(box.meanPrecision).toBeGreaterThanOrEqual(0.9);
      expect(bot.deadEnds).toBe(0);
      expect(bot.meanPrecision).toBeGreaterThanOrEqual(0.9);
      // the ratchet: the judged misses, printed above by name, never grow in number
      const { JUDGED_MISSES_ALLOWED } = await import("../search/judgedQueries");
      expect(box.misses.length).toBeLessThanOrEqual(JUDGED_MISSES_ALLOWED);
      expect(bot.misses.length).toBeLessThanOrEqual(JUDGED_MISSES_ALLOWED);
    },
    60_000,
  );

  it("the same trade gives the same results in English, Arabic, Sorani and Latin Kurdish", async () => {
    for (const forms of [
      ["generator", "مولدة", "مۆلیدە", "molide"],
      ["fridge", "ثلاجة", "سەلاجە", "refrigerator"],
      ["water heater", "سخان", "ئاوگەرمکەر"],
      ["tyre repair", "بنچر", "پەنچەر"],
    ]) {
      const [first, ...rest] = await Promise.all(forms.map((f) => search(q({ search: f, limit: "50" }))));
      expect(first!.total, forms[0]).toBeGreaterThan(0);
      rest.forEach((page, i) => expect(ids(page), forms[i + 1]).toEqual(ids(first!)));
    }
  });

  it("an AC search lists AC repairers before anyone else; «سباك ببغداد» is «سباك بغداد»", async () => {
    for (const text of ["AC repair", "سبلت", "مكيفي ما يبرد"]) {
      const page = await read(text, { limit: "5" });
      expect(page.items.length, text).toBeGreaterThan(0);
      for (const p of page.items)
        expect(["AC repair", "AC installation"], `${text}: ${p.specialty}`).toContain(p.specialty);
    }
    // the words no listing shown holds are known to the API (the
    // page says what matched instead, ADR 048); «ما» is filler
    expect((await read("مكيفي ما يبرد")).understood.ignored).toBe("يبرد");
    const [prefixed, plain] = await Promise.all([read("سباك ببغداد"), read("سباك بغداد")]);
    expect(prefixed.total).toBeGreaterThan(0);
    expect(ids(prefixed)).toEqual(ids(plain));
    expect(prefixed.understood).toMatchObject({ service: "plumber", city: "baghdad" });
  });

  it(
    "never a dead end: a trade with none in its city shows the nearest cities', nearest first; an unknown word " +
      "says so",
    async () => {
      // no plumber in Erbil in the test seed: the nearest cities' plumbers, and the page says whose
      const erbil = await read("بۆریچی لە هەولێر");
      expect(erbil.understood).toMatchObject({ service: "plumber", city: "erbil", nearestTo: "erbil" });
      expect(erbil.items.length).toBeGreaterThan(0);
      for (const p of erbil.items)
        expect(["Plumber", "Water heater repair", "Water tank installation"]).toContain(p.specialty);
      const km = erbil.items.map((p) => p.distanceKm);
      expect(km).toEqual([...km].sort((a, b) => (a ?? 0) - (b ?? 0)));
      // Latin-script Kurdish: electricians, in Erbil or nearest to it
      const kareba = await read("kareba hawler");
      expect(kareba.understood).toMatchObject({ service: "electrician", city: "erbil" });
      expect(kareba.items.length).toBeGreaterThan(0);
      // nothing understood, nothing found: the words are named, the page offers the categories
      const nonsense = await read("qwzxv");
      expect(nonsense.total).toBe(0);
      expect(nonsense.understood.notUnderstood).toBe("qwzxv");
    },
  );
});
