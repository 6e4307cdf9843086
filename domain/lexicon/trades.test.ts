import { describe, expect, it } from "vitest";
import { SPECIALTIES } from "./dictionary";
import { normalizeText } from "../text/normalize";
import {
  expandServiceWords,
  findServiceTerms,
  replaceArabicServiceWords,
  SERVICE_INDEX,
  SERVICE_TERMS,
  SERVICE_WORD_MAP,
} from "./trades";

describe("replaceArabicServiceWords (hero search)", () => {
  it.each([
    ["سائق", "driver"],
    ["سواق", "driver"],
    ["سايق", "driver"],
    ["كهربائي", "electrician"],
    ["كهربجي", "electrician"],
    ["الكهربائي", "electrician"],
    ["للكهربائي", "electrician"],
    ["بالكهربائي", "electrician"],
    ["تكييف", "AC repair"],
    ["مكيفات", "AC repair"],
    ["تبريد", "AC repair"],
    ["تصليح المكيفات", "AC repair"],
    ["سباك", "plumber"],
    ["سمكري", "plumber"],
    ["بلمبر", "plumber"],
    ["طبيب", "doctor"],
    ["دكتور", "doctor"],
    ["طبيب أسنان", "dentist"],
    ["طبيب الاسنان", "dentist"],
    ["طبيب قلب", "heart doctor"],
    ["دكتور عيون", "eye doctor"],
    ["تنظيف", "cleaning"],
    ["مدرس", "teacher"],
    ["مربية", "nanny"],
    ["طباخ", "cook"],
    ["حارس", "security"],
    ["مصور", "photographer"],
    ["مترجم", "translator"],
    ["محامي", "lawyer"],
    ["مهندس", "engineer"],
    ["كـهـربـائـي", "electrician"], // tatweel
    ["کارەباچی", "electrician"], // Sorani
    ["بۆریچی", "plumber"],
    ["شۆفێر", "driver"],
    ["پزیشکی ددان", "dentist"],
  ])("%j → %j", (query, expected) => {
    expect(replaceArabicServiceWords(query)).toBe(expected);
  });

  it.each([
    ["  كهربائي في بغداد  ", "electrician في بغداد"],
    ["سباك ممتاز", "plumber ممتاز"],
    ["electrician بغداد", "electrician بغداد"],
    ["Electrician", "Electrician"], // English kept as typed
    ["مطعم", "مطعم"], // unknown
    ["", ""],
    ["سائق، طباخ", "driver، cook"],
  ])("%j → %j", (query, expected) => {
    expect(replaceArabicServiceWords(query)).toBe(expected);
  });
});

describe("expandServiceWords", () => {
  it("maps كهربائي, الكهربائي, electrician and کارەباچی to the same term set", () => {
    const sets = ["كهربائي", "الكهربائي", "electrician", "کارەباچی", "ELECTRICIANS", "كهربجي", "للكهربائي"].map(
      expandServiceWords,
    );
    for (const s of sets) expect(s).toEqual(sets[0]);
    const first = sets[0] ?? [];
    expect(first).toEqual(expect.arrayContaining(["electrician", normalizeText("كهربائي"), normalizeText("کارەباچی")]));
  });

  it("returns normalised terms in all three languages", () => {
    const terms = expandServiceWords("سباك");
    expect(terms).toContain("plumber");
    expect(terms).toContain(normalizeText("سباك"));
    expect(terms).toContain(normalizeText("بۆریچی"));
    for (const t of terms) expect(normalizeText(t)).toBe(t);
  });

  it("expands each recognised word and ignores the rest", () => {
    const terms = expandServiceWords("سائق و طباخ في بغداد");
    expect(terms).toEqual(expect.arrayContaining(["driver", "cook", normalizeText("شۆفێر"), normalizeText("ئاشپەز")]));
    expect(terms).not.toContain(normalizeText("بغداد"));
    expect(findServiceTerms("سائق و طباخ في بغداد").map((t) => t.en)).toEqual(["driver", "cook"]);
  });

  it("prefers the longest phrase", () => {
    expect(findServiceTerms("طبيب قلب").map((t) => t.en)).toEqual(["heart doctor"]);
    expect(findServiceTerms("heart doctor").map((t) => t.en)).toEqual(["heart doctor"]);
    expect(findServiceTerms("AC repair").map((t) => t.en)).toEqual(["AC repair"]);
  });

  it("is empty for nothing recognised", () => {
    expect(expandServiceWords("")).toEqual([]);
    expect(expandServiceWords("مطعم بغداد")).toEqual([]);
  });
});

describe("service word data", () => {
  it("covers the spec's list", () => {
    // the spec's services first; the trades people name (ADR 040) after them
    expect(SERVICE_TERMS.slice(0, 17).map((t) => t.en)).toEqual([
      "driver",
      "doctor",
      "AC repair",
      "electrician",
      "plumber",
      "cleaning",
      "teacher",
      "nanny",
      "cook",
      "security",
      "photographer",
      "translator",
      "lawyer",
      "engineer",
      "dentist",
      "heart doctor",
      "eye doctor",
    ]);
    expect(SERVICE_WORD_MAP["سواق"]).toBe("driver");
    expect(SERVICE_WORD_MAP["کارەباچی"]).toBe("electrician");
  });

  it("has no spelling that means two different services", () => {
    expect(SERVICE_INDEX.collisions).toEqual([]);
  });

  it("agrees with the dictionary's display forms", () => {
    for (const term of SERVICE_TERMS.slice(0, 17)) {
      const entry = SPECIALTIES.find((s) => s.en.toLowerCase() === term.en.toLowerCase());
      expect(entry, term.en).toBeDefined();
      if (!entry) continue;
      const ar = term.ar.map(normalizeText);
      const ku = term.ku.map(normalizeText);
      expect(ar, term.en).toContain(normalizeText(entry.ar));
      expect(ku, term.en).toContain(normalizeText(entry.ku));
    }
  });
});
