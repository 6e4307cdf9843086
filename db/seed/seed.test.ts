import { describe, expect, it } from "vitest";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { IRAQI_CITIES, KURDISTAN_GOVERNORATES, generateProviders } from "./data";

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;
const kurdistan = new Set(
  IRAQI_CITIES.filter((c) => KURDISTAN_GOVERNORATES.includes(c.governorate)).map((c) => c.slug),
);
/** Sentences: split after . ! ? ؟ and the Arabic full stop, and on line breaks. */
const sentences = (s: string) => s.split(/(?<=[.!?؟۔])\s+|\n/).filter((x) => x.trim());

describe("demo and bench seed data reads like Iraq", () => {
  const demo = generateProviders(300, 42);

  it("is deterministic: the same seed gives the same data, another seed other data", () => {
    expect(generateProviders(300, 42)).toEqual(demo);
    expect(generateProviders(300, 7).map((p) => p.name)).not.toEqual(demo.map((p) => p.name));
  });

  it("no two listings share a name in the demo seed or the test seed", () => {
    // (the bench's 100,000 listings run out of names and may repeat; the seeds people see do not)
    for (const list of [demo, generateProviders(80, 42)]) {
      const seen = new Map<string, number>();
      for (const [i, p] of list.entries()) {
        for (const n of [p.name, p.nameOther]) {
          if (!n) continue;
          const key = n.toLowerCase();
          expect(seen.has(key), `"${n}" is listing ${seen.get(key)} and listing ${i}`).toBe(false);
          seen.set(key, i);
        }
      }
    }
  });

  it("no description (nor any of its sentences) mixes two scripts; the location is in the same language", () => {
    for (const p of [...demo, ...generateProviders(2000, 9)]) {
      for (const sentence of sentences(p.description)) {
        expect(LATIN.test(sentence) && ARABIC_SCRIPT.test(sentence), sentence).toBe(false);
      }
      expect(LATIN.test(p.description) && ARABIC_SCRIPT.test(p.description), p.description).toBe(false);
      expect(ARABIC_SCRIPT.test(p.description), `${p.lang}: ${p.description}`).toBe(p.lang !== "en");
      expect(ARABIC_SCRIPT.test(p.location), `${p.lang}: ${p.location}`).toBe(p.lang !== "en");
      if (p.lang === "ku") expect(p.description).toMatch(/[ەێۆڕڵ]/);
    }
  });

  it("every seeded phone and WhatsApp number is a real Iraqi mobile (Korek 075, Asiacell 077, Zain 078/079)", () => {
    const all = generateProviders(20_000, 3);
    const phones = new Set<string>();
    for (const p of [...demo, ...all]) {
      for (const n of [p.phone, p.whatsapp]) {
        if (n === null) continue;
        expect(normalizeIraqiPhone(n), n).toBe(n);
        expect(n).toMatch(/^\+9647[5789]\d{8}$/);
      }
    }
    for (const p of all) phones.add(p.phone);
    expect(phones.size).toBe(all.length);
  }, 30_000);

  it(
    "names are in the script their region uses: Arabic outside Kurdistan, mostly Sorani in it, some Latin, some " +
      "both",
    () => {
      const outside = demo.filter((p) => !kurdistan.has(p.citySlug));
      const inside = demo.filter((p) => kurdistan.has(p.citySlug));
      expect(inside.length).toBeGreaterThan(20);
      const arabicScript = (ps: typeof demo) => ps.filter((p) => ARABIC_SCRIPT.test(p.name)).length;
      expect(arabicScript(outside)).toBeGreaterThanOrEqual(outside.length / 2);
      expect(arabicScript(inside)).toBeGreaterThan(inside.length / 2);
      expect(inside.some((p) => !ARABIC_SCRIPT.test(p.name) && p.nameOther === null)).toBe(true);
      expect(inside.some((p) => ARABIC_SCRIPT.test(p.name) && p.nameOther !== null)).toBe(true);
      // Sorani letters in the Kurdistan names
      expect(inside.filter((p) => /[ەێۆڕڵ]/.test(p.name)).length).toBeGreaterThan(inside.length / 4);
      // the other-script name is in the other script
      for (const p of demo)
        if (p.nameOther)
          expect(ARABIC_SCRIPT.test(p.nameOther), `${p.name} / ${p.nameOther}`).toBe(!ARABIC_SCRIPT.test(p.name));
    },
  );

  it("descriptions are mostly Sorani in Kurdistan and mostly Arabic in Baghdad and the south", () => {
    const many = generateProviders(3000, 11);
    const share = (ps: typeof many, lang: string) => ps.filter((p) => p.lang === lang).length / ps.length;
    const inside = many.filter((p) => kurdistan.has(p.citySlug));
    const south = many.filter((p) => ["baghdad", "basra", "najaf", "karbala"].includes(p.citySlug));
    expect(share(inside, "ku")).toBeGreaterThan(0.5);
    expect(share(south, "ar")).toBeGreaterThan(0.6);
    expect(share(south, "ku")).toBe(0);
  });
});
