import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../http";

interface Item {
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
