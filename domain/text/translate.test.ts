import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CITIES,
  DICTIONARY,
  DICTIONARY_INDEX,
  EVENT_WORDS,
  findEntry,
  formsOf,
  SPECIALTIES,
} from "../lexicon/dictionary";
import { phraseKey } from "./phrases";
import { translateText, type Lang } from "./translate";
import { languageOfText } from "./lang";

describe("translateText: whole phrases", () => {
  it.each<[string, Lang, string]>([
    ["Electrician", "ar", "كهربائي"],
    ["electrician", "ku", "کارەباچی"],
    ["  PLUMBER ", "ar", "سباك"],
    ["Plumber", "ku", "بۆریچی"],
    ["Doctor", "ar", "طبيب"],
    ["Doctor", "ku", "پزیشک"],
    ["English Teacher", "ar", "مدرس لغة إنكليزية"],
    ["AC repair", "ku", "چاککردنەوەی فێنککەرەوە"],
    ["Lecture", "ku", "محازەرە"],
    ["Heart Specialist", "ar", "أخصائي قلب"],
    ["Cardiologist", "ar", "أخصائي أمراض القلب"],
    ["Baghdad", "ar", "بغداد"],
    ["Baghdad", "ku", "بەغدا"],
    ["Erbil", "ar", "أربيل"],
    ["Erbil", "ku", "هەولێر"],
    ["Sulaymaniyah", "ar", "السليمانية"],
    ["Sulaymaniyah", "ku", "سلێمانی"],
    ["Workshop", "ku", "وۆرکشۆپ"],
    ["Wedding", "ku", "زەماوەند"],
    ["Graduation", "ar", "تخرج"],
  ])("%j → %s: %s", (text, lang, expected) => {
    expect(translateText(text, lang)).toBe(expected);
  });
});

describe("translateText: reverse and cross directions", () => {
  it.each<[string, Lang, string]>([
    ["كهربائي", "en", "Electrician"],
    ["الكهربائي", "en", "Electrician"],
    ["کارەباچی", "en", "Electrician"],
    ["سباك", "ku", "بۆریچی"],
    ["بۆریچی", "ar", "سباك"],
    ["هەولێر", "ar", "أربيل"],
    ["اربيل", "ku", "هەولێر"], // without hamza
    ["البصرة", "en", "Basra"],
    ["بصرة", "en", "Basra"], // without the article
    ["طبيب أسنان", "en", "Dentist"],
    ["دكتور", "en", "Doctor"], // alternate spelling
    ["مُحَمَّد", "en", "مُحَمَّد"], // unknown: unchanged
    ["Hawler", "ar", "أربيل"], // English alternate spelling
  ])("%j → %s: %s", (text, lang, expected) => {
    expect(translateText(text, lang)).toBe(expected);
  });
});

describe("translateText: word by word", () => {
  it.each<[string, Lang, string]>([
    ["English teacher in Baghdad", "ar", "مدرس لغة إنكليزية في بغداد"],
    ["English teacher in Baghdad", "ku", "مامۆستای زمانی ئینگلیزی لە بەغدا"],
    ["مدرس لغة انكليزية في بغداد", "en", "English Teacher in Baghdad"],
    ["سباك في أربيل", "ku", "بۆریچی لە هەولێر"],
    ["Plumber, Erbil!", "ar", "سباك, أربيل!"],
    ["Electricians in Mosul", "ar", "كهربائي في الموصل"], // English plural
    ["پزیشکەکە لە سلێمانی", "en", "Doctor in Sulaymaniyah"], // Sorani definite ending
    ["طبيب القلب", "en", "Heart Doctor"], // article inside a phrase
    ["Dentist near Kirkuk", "ku", "پزیشکی ددان نزیک کەرکووک"],
  ])("%j → %s: %s", (text, lang, expected) => {
    expect(translateText(text, lang)).toBe(expected);
  });
});

describe("translateText: fallback", () => {
  it.each<[string, Lang]>([
    ["Quantum physicist", "ar"],
    ["  nothing known here  ", "ku"],
    ["", "ar"],
    ["   ", "en"],
    ["Baghdad", "en"], // already in the target language
    ["  Heart Specialist ", "en"],
    ["بغداد", "ar"],
    ["سلێمانی", "ku"],
    ["كهربائي في بغداد", "ar"],
    // a word the dictionary does not know keeps the whole phrase as typed: never half translated
    ["Best plumber in Basra", "ar"],
    ["کارەباچی ماڵان", "ar"],
    ["کارەباچی ماڵان", "en"],
  ])("%j in %s is returned unchanged", (text, lang) => {
    expect(translateText(text, lang)).toBe(text);
  });

  it("returns the text for an unknown language code", () => {
    expect(translateText("Baghdad", "fr" as Lang)).toBe("Baghdad");
  });

  it("never throws and is the identity on text with no letters", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 30 }),
        fc.constantFrom<Lang>("en", "ar", "ku"),
        (s, lang) => {
          const out = translateText(s, lang);
          expect(typeof out).toBe("string");
          if (!/[\p{L}]/u.test(s)) expect(out).toBe(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("languageOfText: the language a specialty is typed in, by its letters", () => {
  it.each<[string, Lang]>([
    ["کارەباچی ماڵان", "ku"],
    ["بۆریچی", "ku"],
    ["پزیشک", "ku"],
    ["كهربائي بيوت", "ar"],
    ["چايچي", "ar"],
    ["Electrician", "en"],
  ])("%j is %s", (text, lang) => {
    expect(languageOfText(text)).toBe(lang);
  });
});

describe("dictionary content", () => {
  it("has no spelling that means two different things", () => {
    expect(DICTIONARY_INDEX.collisions).toEqual([]);
  });

  it("covers the spec's lists", () => {
    const en = (xs: typeof DICTIONARY) => xs.map((x) => x.en.toLowerCase());
    expect(en(SPECIALTIES)).toEqual(
      expect.arrayContaining([
        "cardiologist",
        "heart specialist",
        "electrical engineer",
        "english teacher",
        "plumber",
        "ac repair",
        "computer repair",
        "house cleaning",
        "auto repair",
        "dentist",
        "general doctor",
        "lawyer",
        "driver",
        "cook",
        "nanny",
        "translator",
        "photographer",
        "electrician",
        "doctor",
        "teacher",
        "cleaning",
        "security",
        "engineer",
        "eye doctor",
        "heart doctor",
        "mechanic",
      ]),
    );
    expect(en(CITIES)).toEqual(
      expect.arrayContaining([
        "baghdad",
        "basra",
        "erbil",
        "sulaymaniyah",
        "kirkuk",
        "najaf",
        "karbala",
        "mosul",
        "duhok",
        "halabja",
        "ramadi",
        "fallujah",
        "tikrit",
        "samarra",
        "baqubah",
        "kut",
        "amarah",
        "nasiriyah",
        "samawah",
        "diwaniyah",
        "hillah",
        "zakho",
      ]),
    );
    expect(en(EVENT_WORDS)).toEqual([
      "workshop",
      "training",
      "course",
      "class",
      "lesson",
      "lecture",
      "presentation",
      "concert",
      "event",
      "party",
      "festival",
      "wedding",
      "birthday",
      "graduation",
      "anniversary",
    ]);
  });

  it("round-trips every entry through every pair of languages", () => {
    const langs: Lang[] = ["en", "ar", "ku"];
    for (const entry of DICTIONARY) {
      for (const from of langs) {
        for (const to of langs) {
          const input = entry[from];
          // input that is already a valid target-language spelling (same language, or e.g. ku "فاو"
          // = ar "(ال)فاو") is kept as typed; otherwise the target's display form
          const alreadyTarget = DICTIONARY_INDEX.get(phraseKey(input))?.langs.has(to) ?? false;
          expect(translateText(input, to)).toBe(alreadyTarget ? input : entry[to]);
          if (from === to) expect(alreadyTarget).toBe(true);
        }
      }
      for (const lang of langs) for (const form of formsOf(entry, lang)) expect(findEntry(form)).toBe(entry);
    }
  });

  it("writes Arabic and Kurdish in their own letters", () => {
    for (const entry of DICTIONARY) {
      expect(entry.ar).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(entry.ku).toMatch(/^[\u0600-\u06FF ]+$/);
      // Sorani uses ک and ی, never Arabic ك / ي / ة
      expect(entry.ku).not.toMatch(/[\u0643\u064A\u0629]/);
    }
  });
});
