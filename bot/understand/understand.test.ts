import { describe, expect, it } from "vitest";
import { IRAQI_CITIES } from "../../db/seed/data/cities";
import { readQuery, understand } from "../../domain/understand/understand";
import { UTTERANCES } from "./utterances";
import { saysStop } from "../../domain/understand/saysStop";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));

describe("what a message to the bot means", () => {
  it(
    "the utterance set: at least 150 messages, 50 per language, each read as it must be (accuracy printed, at " +
      "least 95 %)",
    () => {
      const perLang = { en: 0, ar: 0, ku: 0 };
      const right = { en: 0, ar: 0, ku: 0 };
      const wrong: string[] = [];
      for (const [lang, text, expected] of UTTERANCES) {
        perLang[lang]++;
        // (whether the words also describe the job is a hint for the booking, not graded here)
        const { describes: _hint, ...got } = understand(text, places) as Record<string, unknown>;
        if (JSON.stringify(got) === JSON.stringify(expected)) right[lang]++;
        else wrong.push(`${lang} «${text}»: got ${JSON.stringify(got)}, want ${JSON.stringify(expected)}`);
      }
      const total = UTTERANCES.length;
      const correct = right.en + right.ar + right.ku;
      const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
      console.log(
        `bot understanding: ${correct}/${total} = ${pct(correct, total)} (en ${pct(right.en, perLang.en)}, ` +
          `ar ${pct(right.ar, perLang.ar)}, ku ${pct(right.ku, perLang.ku)})` +
          (wrong.length ? `\n  misread:\n  ${wrong.join("\n  ")}` : ""),
      );
      expect(total).toBeGreaterThanOrEqual(150);
      for (const l of ["en", "ar", "ku"] as const) expect(perLang[l]).toBeGreaterThanOrEqual(50);
      expect(correct / total).toBeGreaterThanOrEqual(0.95);
    },
  );

  it("mends one slip in a service or city word of five letters or more, and nothing else", () => {
    expect(understand("electrican", places)).toMatchObject({ intent: "search", service: "electrician" });
    expect(understand("plumber in Kirkukk", places)).toMatchObject({ city: "kirkuk" });
    // two slips only in a word of eight letters or more (ADR 040); a short word is not guessed at
    expect(understand("elctrican", places)).toMatchObject({ intent: "search", service: "electrician" });
    expect(understand("plomer", places).intent).not.toBe("search");
    expect(understand("plmr", places).intent).not.toBe("search");
    // a word one slip from two different services ("painter", "printer") is left alone
    expect(understand("pointer", places).intent).not.toBe("search");
    expect(understand("painter", places)).toMatchObject({ service: "painter" });
  });

  it("never reads a random word or an emoji as a search", () => {
    for (const text of ["👍", "4", "ok", "hmm", "😂😂", "...", "?"])
      expect(understand(text, places).intent, text).not.toBe("search");
  });
});

describe("words the bot missed on the walk", () => {
  it("«ماكو غيره؟» is the next results, not a change of day; Sorani «دەمەوێت ڕۆژەکە بگۆڕم» changes the day", () => {
    expect(understand("ماكو غيره؟", places)).toEqual({ intent: "more" });
    expect(understand("اكو غيره؟", places)).toEqual({ intent: "more" });
    expect(understand("دەمەوێت ڕۆژەکە بگۆڕم", places)).toMatchObject({ intent: "changeBooking" });
    // its sibling with a day still carries the day
    expect(understand("ڕۆژەکە بگۆڕە بۆ سبەینێ", places)).toMatchObject({ intent: "changeBooking", day: { offset: 1 } });
  });
});

describe("the walk: status questions, Arabizi's final h, a trade's work said as a thing or a verb", () => {
  it(
    "asks about one's own booking with a day, “coming or not”, or a trade and a day: the bookings, not a search " +
      "or a “no”",
    () => {
      for (const text of [
        "اكو موعد باجر؟",
        "عندي موعد باجر؟؟",
        "شوكت موعدي 🤔",
        "الكهربائي جاي باجر؟",
        "الحجز مالي تأكد لو بعد",
        "وەستاکە دێت یان نا",
        "سبەی کاتم هەیە؟",
        "when is my appointment",
        "do i have an appointment tomorrow",
        "is the electrician coming today?",
        "whats hapening with my bookng",
      ]) {
        expect(understand(text, places), text).toEqual({ intent: "myBookings" });
      }
      // a request is still a search: «اريد» / "I need" before the trade
      expect(understand("اريد كهربائي باجر", places)).toMatchObject({
        intent: "search",
        service: "electrician",
        day: { offset: 1 },
      });
      expect(understand("I need a driver coming tomorrow", places)).toMatchObject({
        intent: "search",
        service: "driver",
      });
    },
  );

  it(
    "reads Arabizi whose final h is ح («tasleeh», «تصليح») and trades nobody in the test seed lists («sabbagh», " +
      "«najjar»)",
    () => {
      expect(understand("tasleeh mobilat erbil", places)).toMatchObject({
        intent: "search",
        service: "phone repair",
        city: "erbil",
      });
      expect(understand("tasleeh tabreed najaf", places)).toMatchObject({
        intent: "search",
        service: "AC repair",
        city: "najaf",
      });
      expect(understand("sabbagh baghdad", places)).toMatchObject({
        intent: "search",
        service: "painter",
        city: "baghdad",
      });
      expect(understand("najjar hawler", places)).toMatchObject({
        intent: "search",
        service: "carpenter",
        city: "erbil",
      });
      // the Sorani indefinite with its ezafe: «بۆریچییەکی باش» is a good plumber
      expect(understand("بۆریچییەکی باش لە هەولێر دەوێت", places)).toMatchObject({
        intent: "search",
        service: "plumber",
        city: "erbil",
      });
      // an English word one slip from a city is not the city: a villa is not Hillah
      expect(understand("clean our villa in basra", places)).toMatchObject({ intent: "search", city: "basra" });
    },
  );

  it(
    "a light fitting, a fan, cleaning said as a verb and a car's symptom are searches of the message, not “I " +
      "didn't catch that”",
    () => {
      for (const text of [
        "تركيب ثريات بالهول",
        "the fan in my bedroom stopped",
        "پانکەکە کار ناکات",
        "power keeps cutting out in the house",
        "السيارة تحمى بالطريق",
        "clean the office before eid",
        "الثريا طاحت تحتاج تركيب من جديد 😅",
      ]) {
        expect(understand(text, places), text).toMatchObject({ intent: "search", describes: true });
      }
    },
  );
});

describe(
  "the walk's leftovers: places people name, a city's " + "slips, “did the plumber confirm”, a longer request",
  () => {
    it(
      "a neighbourhood the directory does not list is its city's place word, in the three scripts; a district is " +
        "itself",
      () => {
        const read = (text: string) => readQuery(text, places);
        for (const [text, city] of [
          ["need a plumber in ankawa asap", "erbil"],
          ["بۆریچی لە عەنکاوە", "erbil"],
          ["سباك بعنكاوة", "erbil"],
          ["كهربائي بالعشار", "basra"],
          ["electrician on jazair street", "basra"],
          ["كهربائي بشارع الجزائر", "basra"],
          ["كهربائي بالحارثية", "baghdad"],
          ["plumber in harthiya", "baghdad"],
          ["ابي كهربجي بالكرادة", "karrada"],
          ["كهربائي بالمنصور", "mansour"],
          ["electrician zayouna", "zayouna"],
        ] as const) {
          expect(read(text), text).toMatchObject({ city });
          expect(understand(text, places), text).toMatchObject({ intent: "search", city });
        }
      },
    );

    it(
      "a city's slip or its name without the article is the city, when the word is no other word («بصره», " +
        "“Basrra”, «بەسرا»)",
      () => {
        for (const text of [
          "painter in Basrra",
          "electrician in basrra",
          "كهربائي بصره",
          "كهربائي بالبصره",
          "کارەباچی لە بەسرا",
          "سباك بالناصريا",
        ]) {
          expect(readQuery(text, places).city, text).toBe(text.includes("ناصري") ? "nasiriyah" : "basra");
        }
        // a word a listing holds is kept as typed by the search (`keep`), and a lexicon word is never mended
        expect(readQuery("electrician in basrra", places, { keep: new Set(["basrra"]) }).city).toBeUndefined();
      },
    );

    it(
      "“did the plumber confirm”, «الكهربائي أكد الحجز؟», «بۆریچییەکە پشتڕاستی کردەوە؟» ask after a booking; a " +
        "request with the same verb is a search",
      () => {
        for (const text of [
          "did the plumber confirm",
          "has the electrician confirmed?",
          "did the plumber accept my booking",
          "الكهربائي أكد الحجز؟",
          "السباك وافق؟",
          "بۆریچییەکە پشتڕاستی کردەوە؟",
          "کارەباچییەکە پەسەندی کرد؟",
        ]) {
          expect(understand(text, places), text).toEqual({ intent: "myBookings" });
        }
        expect(understand("electrician to confirm the wiring", places)).toMatchObject({
          intent: "search",
          service: "electrician",
        });
      },
    );

    it(
      "a request for work of up to ten words with a problem word is a search (“install a chandelier in the living " +
        "room”); a long chat is not",
      () => {
        for (const text of [
          "install a chandelier in the living room",
          "تركيب ثريا بغرفة الخطار مال البيت",
          "هەڵواسینی چڵچرا لە ژووری میوان",
        ]) {
          expect(understand(text, places), text).toMatchObject({ intent: "search", describes: true });
        }
        expect(understand("its so hot today what is the weather like in the north", places).intent).toBe("unknown");
      },
    );
  },
);

describe("every way of saying stop stops (ADR 075)", () => {
  it(
    "whole words with punctuation or invisible marks, stop " + "phrases and stop with a please, in the three languages",
    () => {
      const forms = [
        "STOP",
        "Stop.",
        "STOP\u200F",
        "\u200Fتوقف\u200F",
        "Stop please",
        "stop messages",
        "الغاء الاشتراك",
        "إلغاء الاشتراك!",
        "بوەستە",
        "توقف",
        "ستوب",
        "ڕاگرتن",
        "ڕاگرتن\u200C.",
        "\uFEFFstop",
        "stop\u061C",
        "وەستان؟",
        "STOP!!",
        "please stop",
      ];
      for (const form of forms) expect([form, saysStop(form)]).toEqual([form, true]);
    },
  );

  it("a trade that stopped working, or a word that only contains stop, is not a stop", () => {
    for (const text of [
      "my AC stopped working",
      "المكيف توقف",
      "bus stop near Karrada",
      "stopwatch",
      "الغاء الحجز",
      "please don't stop",
      "لا توقف",
    ])
      expect([text, saysStop(text)]).toEqual([text, false]);
  });
});

describe("one opt-out word per language in every text, and it stops (ADR 075)", () => {
  const catalogs = import.meta.glob<Record<string, unknown>>("../../i18n/locales/*/*.json", {
    eager: true,
    import: "default",
  });
  const strings = (v: unknown): string[] =>
    typeof v === "string" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(strings) : [];
  // "Reply STOP …", «أرسل توقف …», «ڕاگرتن بنێرە …»: the word a text tells a number to send
  const SAY: Record<string, RegExp> = {
    en: /\bReply (\S+?) (?:for no more|there to end)\b/g,
    ar: /أرسل (\S+?) (?:لإيقاف|هناك)/g,
    ku: /(\S+?) بنێرە بۆ ڕاگرتن/g,
  };
  it.each(["en", "ar", "ku"])("%s", (lang) => {
    const words = new Set<string>();
    for (const [path, catalog] of Object.entries(catalogs)) {
      if (!path.includes(`/${lang}/`)) continue;
      for (const s of strings(catalog)) for (const m of s.matchAll(SAY[lang]!)) words.add(m[1]!);
    }
    expect([...words]).toEqual([{ en: "STOP", ar: "توقف", ku: "ڕاگرتن" }[lang]]);
    for (const w of words) expect(saysStop(w)).toBe(true);
  });
});
