import { describe, expect, it } from "vitest";
import { boundingBox, haversineKm, nearest } from "./geo";
import { buildMatchQuery } from "./matchQuery";
import { providerSearchText, stripArticle } from "./searchText";

describe("buildMatchQuery", () => {
  it("is null when nothing in the text is searchable", () => {
    for (const s of ["", "   ", '"', "%%%", "*", "في", "in near and", "🔌", "\u200f"])
      expect(buildMatchQuery(s)).toBeNull();
  });

  it("quotes every term, so FTS5 syntax typed by a person is only ever text", () => {
    for (const s of ['a" OR "b', "NEAR(x y)", "col:val", "x*", "^start", "a AND NOT b", "{x}", "'; DROP TABLE x; --"]) {
      const q = buildMatchQuery(s)!;
      // outside quoted strings only our own operators, parentheses and prefix stars remain
      const outside = q.replace(/"(?:[^"]|"")*"/g, "");
      expect(outside, q).toMatch(/^[\s()*]*(?:(?:AND|OR)[\s()*]*)*$/);
    }
  });

  it("expands a service word in any language to all its spellings", () => {
    const forms = (s: string) => buildMatchQuery(s)!;
    expect(forms("كهربائي")).toBe(forms("electrician"));
    expect(forms("الكهربائي")).toBe(forms("electrician"));
    expect(forms("کارەباچی")).toBe(forms("electrician"));
    expect(forms("electrician")).toBe('("zzselectrician" OR "electrician")');
  });

  it("drops stop words, keeps the rest as ANDed groups, bounded for huge input", () => {
    expect(buildMatchQuery("plumber in Basra")).toMatch(/ AND \("بصره"\*|basra/);
    expect(buildMatchQuery("x ".repeat(1000))!.split(" AND ").length).toBe(1);
    expect(buildMatchQuery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(" "))!.split(" AND ").length).toBe(8);
  });

  it(
    "an Arabic word with an article also matches without it and by its light stem (ADR 081); only an unknown " +
      "last word is a prefix",
    () => {
      expect(buildMatchQuery("البصرة")).toBe('("البصره" OR "بصره" OR "بصر")');
    },
  );

  it("a name word also matches through its transliteration key, in either script", () => {
    expect(buildMatchQuery("كريم")).toContain('"zzkkrm"');
    expect(buildMatchQuery("Kareem")).toContain('"zzkkrm"');
    expect(buildMatchQuery("کەریم")).toContain('"zzkkrm"');
    expect(buildMatchQuery("Karim electrician")).toBe('("karim" OR "zzkkrm") AND ("zzselectrician" OR "electrician")');
    // an unknown last word may still be being typed: a prefix too
    expect(buildMatchQuery("الجبو")).toBe('("الجبو"* OR "جبو"* OR "zzkjba")');
    // a short Latin word is still being typed: its key's consonants as a prefix ("Rid" → Ridha, Rida)
    expect(buildMatchQuery("Rid")).toBe('("rid"* OR "zzkrd"*)');
    // a whole name's key matches whole: "Raad" (rd) does not reach Ridha (rda)
    expect(buildMatchQuery("Raad")).toBe('("raad"* OR "zzkrd")');
  });
});

describe("providerSearchText", () => {
  it("normalises every field and indexes article-less forms", () => {
    const text = providerSearchText({
      name: "مُحَمَّد الجبوري",
      specialty: "Electrician",
      specialtyAr: "كهربائي",
      specialtyKu: "کارەباچی",
      category: { name: "Electricians", nameAr: "كهربائيون", nameKu: "کارەباچییەکان" },
      cityLabels: { nameEn: "Basra", nameAr: "البصرة", nameKu: "بەسرە" },
    }).split(" ");
    for (const w of [
      "محمد",
      "الجبوری",
      "جبوری",
      "electrician",
      "کهربایی",
      "کارەباچی",
      "basra",
      "البصره",
      "بصره",
      "بەسرە",
      "zzselectrician",
    ])
      expect(text).toContain(w);
    // the service token sits with what the provider IS, before the separator
    expect(text.indexOf("zzselectrician")).toBeLessThan(text.indexOf("~"));
    expect(new Set(text).size).toBe(text.length);
  });

  it("indexes the other-script name and the transliteration keys of both names with the name", () => {
    const text = providerSearchText({
      name: "Kareem Electric",
      nameOther: "كريم للكهرباء",
      specialty: "Electrician",
    }).split(" ");
    for (const w of ["kareem", "کریم", "zzkkrm", "zzklktrk"]) expect(text).toContain(w);
    expect(text.indexOf("zzkkrm")).toBeLessThan(text.indexOf("~"));
    expect(new Set(text).size).toBe(text.length);
  });

  it("stripArticle keeps short words whole", () => {
    expect(stripArticle("الي")).toBeNull();
    expect(stripArticle("للبصره")).toBe("بصره");
  });
});

describe("geo", () => {
  const baghdad = { latitude: 33.3152, longitude: 44.3661 };
  const basra = { latitude: 30.5085, longitude: 47.7804 };
  it("haversine with R = 6371 km", () => {
    expect(haversineKm(baghdad, baghdad)).toBe(0);
    expect(haversineKm(baghdad, basra)).toBeGreaterThan(440);
    expect(haversineKm(baghdad, basra)).toBeLessThan(460);
  });
  it("nearest within 100 km, or null", () => {
    expect(nearest({ latitude: 33.4, longitude: 44.4 }, [baghdad, basra])?.place).toBe(baghdad);
    expect(nearest({ latitude: 0, longitude: 0 }, [baghdad, basra])).toBeNull();
  });
  it("the bounding box contains the circle", () => {
    const box = boundingBox(baghdad, 10);
    expect(haversineKm(baghdad, { latitude: box.maxLat, longitude: baghdad.longitude })).toBeCloseTo(10, 0);
    expect(haversineKm(baghdad, { latitude: baghdad.latitude, longitude: box.maxLng })).toBeGreaterThanOrEqual(9.9);
  });
});
