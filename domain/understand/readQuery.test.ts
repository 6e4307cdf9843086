import { describe, expect, it } from "vitest";
import { IRAQI_CITIES } from "../../db/seed/data/cities";
import { readQuery, understand } from "./understand";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));
const read = (q: string) => readQuery(q, places);

describe("the search box's reading of a query (ADR 040)", () => {
  it("reads the trade and the place the bot reads, through dialect, Sorani, Latin Kurdish, prefixes and slips", () => {
    for (const [q, service, city] of [
      ["electrican basra", "electrician", "basra"],
      ["plumer", "plumber", undefined],
      ["سباك ببغداد", "plumber", "baghdad"],
      ["كهربائي بالبصرة", "electrician", "basra"],
      ["بۆریچی لە هەولێر", "plumber", "erbil"],
      ["kareba hawler", "electrician", "erbil"],
      ["ثلاجة", "refrigerator repair", undefined],
      ["سەلاجە لە سلێمانی", "refrigerator repair", "sulaymaniyah"],
      ["مبردة", "air cooler repair", undefined],
      ["کولەر", "air cooler repair", undefined],
      ["سخان", "water heater repair", undefined],
      ["ئاوگەرمکەر", "water heater repair", undefined],
      ["بنچر", "tire repair", undefined],
      // the generator's technician, a kind of electrician (ADR 087): his listings first, the electricians after
      ["generator", "generator technician", undefined],
      ["مولدة", "generator technician", undefined],
      ["مۆلیدە", "generator technician", undefined],
      ["refridgerator", "refrigerator repair", undefined],
    ] as const) {
      const r = read(q);
      expect(r.service, q).toBe(service);
      expect(r.city, q).toBe(city);
      expect(r.words, q).toBe("");
    }
  });

  it(
    "the bot names the broader service where the search " + "keeps the finest trade («مبردة»: AC repair to the bot)",
    () => {
      expect(understand("مبردة", places)).toMatchObject({ intent: "search", service: "AC repair" });
      expect(read("مبردة").service).toBe("air cooler repair");
    },
  );

  it(
    "leaves what may be a name as typed: a place alone, a word mended toward a place that took nothing, a day or " +
      "a command word alone",
    () => {
      expect(read("Qasim")).toMatchObject({ words: "Qasim" });
      expect(read("Qasim").city).toBeUndefined();
      expect(read("Qasim electrician")).toMatchObject({ service: "electrician", words: "Qasim" });
      expect(read("جمعة")).toEqual({ words: "جمعة" });
      expect(read("سلام")).toEqual({ words: "سلام" });
      expect(read("repair")).toEqual({ words: "repair" });
      // beside a trade or a place, the day and the "how" words are taken; a request's verb only before what is asked
      expect(read("I need an electrician tomorrow please")).toMatchObject({
        service: "electrician",
        day: { offset: 1 },
        words: "",
      });
      expect(read("ابي سباك")).toMatchObject({ service: "plumber", words: "" });
      expect(read("مدرسة أبي تمام")).toMatchObject({ service: "teacher", words: "أبي تمام" });
    },
  );

  it("reads a trade's word after an address word as part of the address", () => {
    expect(read("قرب مدرسة الحكمة")).toEqual({ words: "قرب مدرسة الحكمة" });
    expect(read("سباك قرب مدرسة الحكمة")).toMatchObject({ service: "plumber", words: "مدرسة الحكمة" });
    expect(read("دكتور اسنان بشارع الاطباء")).toMatchObject({ service: "dentist", words: "بشارع الاطباء" });
    expect(read("شارع الاطباء").service).toBeUndefined();
    // without one, «مدرسة» is still a (woman) teacher
    expect(read("مدرسة انكليزي").service).toBe("english teacher");
  });

  it(
    "reads Arabic written in Latin letters by rule: digits for letters Latin lacks, a phrase word by word, the " +
      "city beside it",
    () => {
      for (const [q, service, city] of [
        ["najjar hawler", "carpenter", "erbil"],
        ["kahraba2i", "electrician", undefined],
        ["mo7amiya najaf", "lawyer", "najaf"],
        ["mekaniki basra", "mechanic", "basra"],
        ["mu3allim", "teacher", undefined],
        // «دكتور أسنان» word by word: the dentist, not the English word "doctor" beside an unknown one
        ["doctor asnan", "dentist", undefined],
        ["tabib atfal", "pediatrician", undefined],
      ] as const) {
        const r = read(q);
        expect(r.service, q).toBe(service);
        expect(r.city, q).toBe(city);
      }
      expect(understand("kahraba2i erbil", places)).toMatchObject({
        intent: "search",
        service: "electrician",
        city: "erbil",
      });
      // English words stay English: "doctor" alone is the doctor, "motor" is not «مطار» (an airport ride)
      expect(read("doctor").service).toBe("doctor");
      expect(read("motor repair")).toMatchObject({ words: "motor repair" });
      // a word a listing holds (the search's `keep`) is never read as Arabic: "Najjar Brothers" is a name
      expect(readQuery("najjar brothers", places, { keep: new Set(["najjar"]) })).toEqual({ words: "najjar brothers" });
    },
  );

  it(
    "reads an Iraqi request in Latin letters whole: its request words cost nothing, and «wa7ed» (someone) is not " +
      "«حداد»",
    () => {
      for (const [q, service, city] of [
        ["abi kahrabchi", "electrician", undefined],
        ["abi sabbak bl mansour", "plumber", "mansour"],
        ["7addad", "blacksmith", undefined],
        ["abi wa7ed ysala7 el mukayyef", "AC repair", undefined],
        ["a7taj najjar fi erbil", "carpenter", "erbil"],
        ["mumkin sabbak", "plumber", undefined],
      ] as const) {
        expect(read(q), q).toMatchObject({ service, words: "" });
        expect(read(q).city, q).toBe(city);
      }
      // a key two meanings share is the one whose و and ي the word
      // writes: «mukayyef» «مكيف», not «موقوف»; «diwaniya» the city
      expect(read("wa7ed").service).toBeUndefined();
      expect(read("diwaniya").city).toBe("diwaniyah");
    },
  );

  it("a final hamza dialect leaves out is still the word («الكهربا» is «الكهرباء»)", () => {
    expect(read("الكهربا مقطوعة").service).toBe("electrician");
    expect(read("كهربا بغداد")).toMatchObject({ service: "electrician", city: "baghdad" });
  });

  it(
    "a qualifier or a subject names the narrower kind, a slip in it too; the broader trade's reader names the " +
      "family (ADR 087)",
    () => {
      for (const [q, service] of [
        ["مهندس مدني لبيت بالمنصور", "civil engineer"],
        ["structural engineer", "civil engineer"],
        ["engineer civil", "civil engineer"],
        ["مهندسة معمارية", "architect"],
        ["ئەندازیاری تەلارسازی", "architect"],
        ["مامۆستای ماتماتیک", "math tutor"],
        ["مامۆستا بۆ بیرکاری", "math tutor"],
        ["مدرس فيزيا", "physics tutor"],
        ["سايق للمطار", "taxi driver"],
        ["driver to the airport", "taxi driver"],
        ["شۆفێر بۆ فڕۆکەخانە", "taxi driver"],
        ["دكتورة اطفل", "pediatrician"],
        ["lawyer divorse", "family lawyer"],
        ["موبايلي يحتاج تصليح", "phone repair"],
        ["لابتوب", "computer repair"],
        ["كهربائي سيارات", "auto electrician"],
        ["مۆبەریدەکە", "air cooler repair"],
        ["مۆبەریدەکەمان", "air cooler repair"],
        ["ماطور مي", "plumber"],
      ] as const)
        expect(read(q).service, q).toBe(service);
      // the bot names the generator's own trade too (ADR 093), not the electrician
      for (const q of ["المولدة عاطلة اليوم", "احتاج احد يشوف المولدة", "مۆلیدەکە تێکچووە", "generator man needed"])
        expect(understand(q, places), q).toMatchObject({ intent: "search", service: "generator technician" });
    },
  );

  it(
    "a dialect symptom points to its trade («سنوني», «ينضح», «الجوزة تطب»), and Latin words of the sentence are " +
      "not places two slips away",
    () => {
      const problems = (q: string) => understand(q, places);
      expect(problems("اسناني وسنوني كلها توجع")).toMatchObject({ intent: "search", describes: true });
      expect(read("الحايط ينضح").service).toBeUndefined();
      expect(read("kharbana").city).toBeUndefined();
      expect(read("el thallaja kharbana hatha")).toMatchObject({ service: "refrigerator repair", words: "" });
      expect(read("hadha el mukayyef 3amla sawt").city).toBeUndefined();
    },
  );

  it("mends two slips only in a word of eight letters or more", () => {
    expect(read("elctrican").service).toBe("electrician");
    expect(read("plomer").service).toBeUndefined();
  });
});
