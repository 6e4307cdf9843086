import { describe, expect, it } from "vitest";
import { call } from "../http";
import { TEST_PROVIDER_COUNT } from "../seed";

describe("GET /api/categories", () => {
  it("lists the seeded categories with names in all three languages, an icon and a colour", async () => {
    const res = await call("/api/categories");
    expect(res.status).toBe(200);
    const items = (await res.json()) as Array<Record<string, unknown>>;
    expect(items.length).toBeGreaterThanOrEqual(10);
    for (const c of items) {
      for (const key of ["name", "nameAr", "nameKu", "icon", "color"]) {
        expect(typeof c[key], `${key} of ${JSON.stringify(c)}`).toBe("string");
        expect((c[key] as string).length).toBeGreaterThan(0);
      }
      expect(c.nameAr).toMatch(/[\u0600-\u06FF]/);
      expect(c.nameKu).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("GET /api/providers", () => {
  it("the bare list is an array, best first: verified before unverified, then by rating", async () => {
    const res = await call("/api/providers");
    expect(res.status).toBe(200);
    const items = (await res.json()) as Array<{ id: number; isVerified: boolean; rating: number; name: string }>;
    expect(Array.isArray(items)).toBe(true);
    expect(items.length).toBeGreaterThan(3);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      if (a.isVerified === b.isVerified) expect(a.rating).toBeGreaterThanOrEqual(b.rating);
      else expect(a.isVerified).toBe(true);
    }
  });

  it("with parameters it pages: { items, total, page }, and page 2 differs from page 1", async () => {
    const p1 = (await (await call("/api/providers?page=1&limit=10")).json()) as {
      items: { id: number }[];
      total: number;
      page: number;
    };
    const p2 = (await (await call("/api/providers?page=2&limit=10")).json()) as {
      items: { id: number }[];
      total: number;
      page: number;
    };
    expect(p1.total).toBe(TEST_PROVIDER_COUNT);
    expect(p1.page).toBe(1);
    expect(p2.page).toBe(2);
    expect(p1.items).toHaveLength(10);
    const ids = new Set(p1.items.map((p) => p.id));
    expect(p2.items.some((p) => ids.has(p.id))).toBe(false);
  });

  it("filters by category", async () => {
    const cats = (await (await call("/api/categories")).json()) as { id: number }[];
    const res = (await (await call(`/api/providers?category=${cats[0].id}&limit=50`)).json()) as {
      items: { categoryId: number }[];
      total: number;
    };
    expect(res.total).toBeGreaterThan(0);
    expect(res.total).toBeLessThan(TEST_PROVIDER_COUNT);
    expect(res.items.every((p) => p.categoryId === cats[0].id)).toBe(true);
  });

  it("nonsense paging parameters fall back to sane values instead of failing", async () => {
    const res = await call("/api/providers?page=-4&limit=99999&category=abc");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: unknown[]; page: number };
    expect(body.page).toBe(1);
    expect(body.items.length).toBeLessThanOrEqual(50);
  });
});

describe("GET /api/providers/:id", () => {
  it("returns one provider", async () => {
    const res = await call("/api/providers/1");
    expect(res.status).toBe(200);
    const p = (await res.json()) as { id: number; name: string; phone: string };
    expect(p.id).toBe(1);
    expect(p.phone).toMatch(/^\+9647\d{9}$/);
  });

  it.each(["abc", "0", "-1", "1.5", "1e3"])("'%s' is 400 with a message, not a crash", async (id) => {
    const res = await call(`/api/providers/${id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Invalid provider ID" });
  });

  it("a missing provider is 404 with a message in the caller's language", async () => {
    const en = await call("/api/providers/999999");
    expect(en.status).toBe(404);
    expect(await en.json()).toMatchObject({ message: "Provider Not Found" });
    const ar = await call("/api/providers/999999", { lang: "ar" });
    expect(await ar.json()).toMatchObject({ message: "لم يتم العثور على مقدم الخدمة" });
  });

  it("never exposes account fields of the provider's user", async () => {
    const p = (await (await call("/api/providers/1")).json()) as Record<string, unknown>;
    expect(p).not.toHaveProperty("passwordHash");
    expect(p).not.toHaveProperty("userId");
  });
});
