/** Search ranks what people mean, over the listings' own words, with one answer on every door (ADR 048). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeChannelApis, postWhatsApp, waForm } from "../bot";
import { call } from "../http";

interface Item {
  id: number;
  name: string;
  nameOther: string | null;
  specialty: string;
  description: string | null;
}
interface Page {
  items: Item[];
  total: number;
  understood?: {
    service: string | null;
    words: string;
    ignored: string | null;
    notUnderstood: string | null;
    matched?: string | null;
  };
}

async function search(params: Record<string, string>): Promise<Page> {
  const res = await call(`/api/providers?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

let apis: ReturnType<typeof fakeChannelApis>;
beforeEach(() => {
  apis = fakeChannelApis();
});
afterEach(() => apis.restore());

/** The listings a WhatsApp reply lists, by name as the reader reads it: "1. Name · specialty · city · ⭐" → "Name". */
async function botListed(phone: string, text: string): Promise<string[]> {
  apis.clear();
  expect((await postWhatsApp(waForm(phone, { Body: text }))).status).toBe(200);
  const reply = apis.texts("whatsapp").join("\n");
  return reply
    .split("\n")
    .filter((l) => /^[\d\u0660-\u0669]+\. .* · /.test(l))
    .map((l) =>
      l
        .replace(/^[\d\u0660-\u0669]+\. /, "")
        .split(" · ")[0]!
        .replace(/[\u2066-\u2069]|\s✅/g, "")
        .trim(),
    );
}

describe("the holdout: searches nobody tuned for (figures printed, not asserted)", () => {
  it("precision of the top five, recall on page 1 and dead ends, through the search box and the bot", async () => {
    const { judgeSearch, judgedLine } = await import("../search/judge");
    const { HOLDOUT_QUERIES } = await import("../search/holdoutQueries");
    const { searchAsTheBot } = await import("../searchDoors");
    const box = await judgeSearch(async (text) => (await search({ search: text })).items, HOLDOUT_QUERIES);
    const bot = await judgeSearch((text) => searchAsTheBot(text, search), HOLDOUT_QUERIES);
    console.log(`${judgedLine("search box", box, "holdout")}\n  ${box.misses.join("\n  ")}`);
    console.log(`${judgedLine("bot", bot, "holdout")}\n  ${bot.misses.join("\n  ")}`);
    expect(box.queries).toBeGreaterThanOrEqual(60);
    // the second holdout, written before this session saw any result (2026-11-27): its figure beside the first's
    const { FRESH_HOLDOUT_QUERIES, FRESH_HOLDOUT_WRITTEN } = await import("../search/freshHoldoutQueries");
    const freshBox = await judgeSearch(async (text) => (await search({ search: text })).items, FRESH_HOLDOUT_QUERIES);
    const freshBot = await judgeSearch((text) => searchAsTheBot(text, search), FRESH_HOLDOUT_QUERIES);
    const fresh = `fresh holdout of ${FRESH_HOLDOUT_WRITTEN}`;
    console.log(`${judgedLine("search box", freshBox, fresh)}\n  ${freshBox.misses.join("\n  ")}`);
    console.log(`${judgedLine("bot", freshBot, fresh)}\n  ${freshBot.misses.join("\n  ")}`);
    // the third, written before any of it was run (2026-11-27, after
    // ADR 061 changed the reading from the second's kinds of miss)
    const { THIRD_HOLDOUT_QUERIES, THIRD_HOLDOUT_WRITTEN } = await import("../search/thirdHoldoutQueries");
    const thirdBox = await judgeSearch(async (text) => (await search({ search: text })).items, THIRD_HOLDOUT_QUERIES);
    const thirdBot = await judgeSearch((text) => searchAsTheBot(text, search), THIRD_HOLDOUT_QUERIES);
    const third = `third holdout of ${THIRD_HOLDOUT_WRITTEN}`;
    console.log(`${judgedLine("search box", thirdBox, third)}\n  ${thirdBox.misses.join("\n  ")}`);
    console.log(`${judgedLine("bot", thirdBot, third)}\n  ${thirdBot.misses.join("\n  ")}`);
    const fig = (f: typeof box) => `${f.meanPrecision.toFixed(3)} / ${f.recall.toFixed(3)} / ${f.deadEnds}`;
    console.log(
      `holdouts side by side (search box, precision@5 / recall / dead ends): first (74, partly tuned ` +
        `on) ${fig(box)}; fresh (${freshBox.queries}, its kinds of miss studied, not its ` +
        `words) ${fig(freshBox)}; third (${thirdBox.queries}, untuned) ${fig(thirdBox)}`,
    );
    expect(freshBox.queries).toBe(20);
    expect(thirdBox.queries).toBe(20);
  }, 90_000);
});

/** A listing the admin adds, with its own words. */
async function addListing(fields: {
  name: string;
  specialty: string;
  category: string;
  city: string;
  description: string;
  location?: string;
}): Promise<number> {
  const { env } = await import("cloudflare:workers");
  const { signIn } = await import("../sessions");
  const category = await env.DB.prepare("SELECT id FROM categories WHERE slug = ?")
    .bind(fields.category)
    .first<{ id: number }>();
  const res = await call("/api/providers", {
    method: "POST",
    cookie: await signIn("admin"),
    json: {
      name: fields.name,
      specialty: fields.specialty,
      categoryId: category!.id,
      city: fields.city,
      location: fields.location ?? "Main street",
      phone: `0770 ${Math.floor(100 + Math.random() * 899)} ${Math.floor(1000 + Math.random() * 8999)}`,
      description: fields.description,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe("ranked retrieval over the listings' own words (ADR 048)", () => {
  it(
    "a qualifier beside filler and a word nobody has " + "keeps the trade and narrows to the listing that has it",
    async () => {
      const id = await addListing({
        name: "Karrada Sparks",
        specialty: "Electrician",
        category: "electricians",
        city: "Baghdad",
        description: "Breaker panels and house wiring.",
      });
      const page = await search({ search: "good cheap electrician for breaker panels please" });
      expect(page.items[0]?.id).toBe(id);
      for (const p of page.items.slice(0, 5))
        expect([
          "Electrician",
          "Home electrician",
          "Electrical engineer",
          "Generator technician",
          "Solar panel installer",
        ]).toContain(p.specialty);
      // the page says what it matched, in the person's own words
      expect(page.understood?.matched).toBe("breaker panels");
    },
  );

  it("a problem said in plain words finds the listing that says it (no trade named, no dead end)", async () => {
    const id = await addListing({
      name: "Dora Pipes",
      specialty: "Plumber",
      category: "plumbers",
      city: "Baghdad",
      description: "Leak repair, bathroom fittings and water pumps.",
    });
    const page = await search({ search: "the pipe under my sink is leaking" });
    expect(page.items[0]?.id).toBe(id);
    // Iraqi Arabic, as the walk wrote it: plumbers, whose listings say «تسريبات»
    const ar = await search({ search: "الماي ينكط من السقف" });
    expect(ar.items.length).toBeGreaterThan(0);
    for (const p of ar.items.slice(0, 5))
      expect(["Plumber", "Water heater repair", "Water tank installation"]).toContain(p.specialty);
    expect(ar.understood?.service).toBe("plumber");
  });

  it(
    "water dripping from the ceiling is a plumber's job first: plumbers before water-tank installers, in Arabic, " +
      "English and Sorani (the lead's walk)",
    async () => {
      for (const text of [
        "الماي ينكط من السقف بالكرادة 😩",
        "الماي ينكط من السقف",
        "water dripping from the ceiling",
        "water dripping from the ceiling in karrada",
        "ئاو لە بنمیچەکەوە دەتکێت",
      ]) {
        const page = await search({ search: text });
        const specialties = page.items.map((p) => p.specialty);
        expect(specialties[0], text).toBe("Plumber");
        const firstTank = specialties.indexOf("Water tank installation");
        const lastPlumber = specialties.lastIndexOf("Plumber");
        if (firstTank >= 0) expect(firstTank, `${text}: ${specialties.join(", ")}`).toBeGreaterThan(lastPlumber);
      }
    },
  );

  it(
    "a correctly spelled word a listing holds is not " + "mended into another trade: “wedding” is not “welding”",
    async () => {
      const page = await search({ search: "wedding photos basra" });
      expect(page.understood?.service).not.toBe("blacksmith");
      expect(page.items[0]?.specialty).toBe("Wedding photographer");
    },
  );

  it(
    "typos mended with care: a word the lexicon holds is never mended, and a slip near two trades takes the one " +
      "the other words fit",
    async () => {
      // «حرارة» (a fever) is one letter from «حراسة» (guarding): a doctor's word, never the guard's trade
      const fever = await search({ search: "ابني عنده حرارة" });
      expect(fever.understood?.service).not.toBe("security");
      expect(fever.items.length).toBeGreaterThan(0);
      for (const p of fever.items.slice(0, 5))
        expect(["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"]).toContain(
          p.specialty,
        );
      // «تدريب» (training) is one letter from «تسريب» (a leak): not the plumber's
      expect((await search({ search: "تدريب موظفين" })).understood?.service).not.toBe("plumber");
      // "pinter" is one slip from "painter" and from "printer": the query's other words decide
      const printer = await addListing({
        name: "Bab Al-Sharqi Print",
        specialty: "Printer repair",
        category: "computer-repair",
        city: "Baghdad",
        description: "Ink cartridges, toner refills and paper jams.",
      });
      const painter = await addListing({
        name: "Adhamiya Colours",
        specialty: "Painter",
        category: "engineers",
        city: "Baghdad",
        description: "Walls, ceilings and plastering.",
      });
      const ink = await search({ search: "pinter ink cartridges" });
      // (the printer is a trade of its own, a kind of the computer repairer's: ADR 093)
      expect(ink.understood?.service).toBe("printer repair");
      expect(ink.items[0]?.id).toBe(printer);
      const walls = await search({ search: "pinter walls plastering" });
      expect(walls.understood?.service).toBe("painter");
      expect(walls.items[0]?.id).toBe(painter);
    },
  );

  it(
    "a trade's word in an address says where, not what: «قرب مدرسة الحكمة» is near a school, not a teacher (item " +
      "4's gap)",
    async () => {
      const id = await addListing({
        name: "Hikma Pipes",
        specialty: "Plumber",
        category: "plumbers",
        city: "Baghdad",
        location: "الكرادة، قرب مدرسة الحكمة",
        description: "Leak repair and water pumps.",
      });
      // the address as a person types it finds the listing there first, not the teachers «مدرسة» could mean
      const near = await search({ search: "قرب مدرسة الحكمة" });
      expect(near.understood?.service).not.toBe("teacher");
      expect(near.items[0]?.id).toBe(id);
      // beside the trade, the address narrows the plumbers to the one there and reads no second trade
      const plumber = await search({ search: "سباك قرب مدرسة الحكمة" });
      expect(plumber.understood?.service).toBe("plumber");
      expect(plumber.items[0]?.id).toBe(id);
      // the doctors' street is a street, not the trade «الاطباء» names: the clinic on it is on the first page
      // (doctors whose category says «أطباء» rank beside it: that word is theirs too)
      const clinic = await addListing({
        name: "Sinan Dental",
        specialty: "Dentist",
        category: "dentists",
        city: "Baghdad",
        location: "المنصور، شارع الأطباء",
        description: "عيادة أسنان: حشوات وتنظيف.",
      });
      const street = await search({ search: "عيادة بشارع الاطباء" });
      expect(street.understood?.service ?? null).toBeNull();
      expect(street.items.map((p) => p.id)).toContain(clinic);
      // a woman teacher asked for as such is still a teacher
      expect((await search({ search: "مدرسة انكليزي" })).understood?.service).toBe("english teacher");
    },
  );

  it(
    "a listing's own address gives it no trade: the plumber near a school is not a teacher's mention (ADR 059's " +
      "open end; migration 0030 reindexes)",
    async () => {
      const { env } = await import("cloudflare:workers");
      const inAddress = await addListing({
        name: "Saad Pipes",
        specialty: "Plumber",
        category: "plumbers",
        city: "Baghdad",
        location: "الجادرية، قرب مدرسة النخبة",
        description: "Leak repair and water pumps.",
      });
      const inDescription = await addListing({
        name: "Rafid Pipes",
        specialty: "Plumber",
        category: "plumbers",
        city: "Baghdad",
        location: "Zayouna",
        description: "تصليح تسريبات، مقابل مدرسة المتميزين.",
      });
      // among the plumbers, a teacher search finds nobody: before, both were listed as mentioning a teacher
      const teachers = await search({ search: "مدرس", category: "plumbers" });
      expect(teachers.items.map((p) => p.id)).not.toContain(inAddress);
      expect(teachers.items.map((p) => p.id)).not.toContain(inDescription);
      for (const id of [inAddress, inDescription]) {
        const row = await env.DB.prepare("SELECT search_text FROM service_providers WHERE id = ?")
          .bind(id)
          .first<{ search_text: string }>();
        expect(row!.search_text).not.toContain("zzsteacher");
        expect(row!.search_text).toContain("zzpplumber");
      }
      // the address is still searched as words: «قرب مدرسة النخبة» finds the plumber there
      expect((await search({ search: "سباك قرب مدرسة النخبة" })).items[0]?.id).toBe(inAddress);
      // a trade a description names outside an address is still its mention
      const mention = await addListing({
        name: "Bilal Fixes",
        specialty: "Handyman",
        category: "plumbers",
        city: "Baghdad",
        description: "Also a plumber for small leaks.",
      });
      const m = await env.DB.prepare("SELECT search_text FROM service_providers WHERE id = ?")
        .bind(mention)
        .first<{ search_text: string }>();
      expect(m!.search_text).toContain("zzsplumber");
    },
  );

  it(
    "a fridge is the refrigeration technician's: AC repairers before AC installers and air-cooler repairers " +
      "where nobody lists fridges",
    async () => {
      for (const text of ["fridge not cold", "البراد ما يبرد", "سەلاجەکەم سارد ناکاتەوە"]) {
        const page = await search({ search: text });
        expect(page.understood?.service, text).toBe("refrigerator repair");
        expect(page.items.length, text).toBeGreaterThan(0);
        for (const p of page.items.slice(0, 5))
          expect(["Refrigerator repair", "AC repair"], `${text}: ${p.specialty}`).toContain(p.specialty);
      }
      // an AC search still lists the installers among the AC repairers, and an installation search them first
      expect((await search({ search: "مكيفات" })).items.map((p) => p.specialty)).toContain("AC installation");
      expect((await search({ search: "تركيب مكيفات" })).items[0]?.specialty).toBe("AC installation");
    },
  );

  it(
    "Arabic in Latin letters, a final hamza left out, and symptoms said instead of a doctor find the trade on " +
      "both doors (the fresh holdout's kinds of miss)",
    async () => {
      const ELECTRIC = [
        "Electrician",
        "Home electrician",
        "Electrical engineer",
        "Generator technician",
        "Solar panel installer",
        "Auto electrician",
      ];
      const DOCTOR = ["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"];
      const cases: [string, string, string | null, string[]][] = [
        // Arabizi: 2 for ء, 7 for ح, 3 for ع; a phrase read word by word («طبيب أسنان»), the city beside it
        ["kahraba2i erbil", "electrician", "erbil", ELECTRIC],
        ["mo7amiya najaf", "lawyer", "najaf", ["Lawyer", "Family lawyer", "Criminal lawyer", "Real estate lawyer"]],
        ["tabib asnan najaf", "dentist", "najaf", ["Dentist", "Orthodontist", "Cosmetic dentist"]],
        [
          "mu3allim hawler",
          "teacher",
          "erbil",
          ["English teacher", "Math tutor", "Physics tutor", "Arabic teacher", "Teacher"],
        ],
        // «الكهربا» is «الكهرباء» without its final hamza
        ["الكهربا مقطوعة", "electrician", null, ELECTRIC],
        // a child's cough in Sorani, a son's fever in dialect Arabic
        // and in English: the children's doctor, then doctors
        ["کچەکەم کۆکەی هەیە", "pediatrician", null, DOCTOR],
        ["ابني مسخن", "pediatrician", null, DOCTOR],
        ["my son has a fever", "pediatrician", null, DOCTOR],
      ];
      const { searchAsTheBot } = await import("../searchDoors");
      for (const [text, service, city, right] of cases) {
        const page = await search({ search: text });
        expect(page.understood?.service, text).toBe(service);
        if (city) expect((page.understood as { city?: string | null }).city, text).toBe(city);
        expect(page.items.length, text).toBeGreaterThan(0);
        for (const p of page.items.slice(0, 5)) expect(right, `${text}: ${p.specialty}`).toContain(p.specialty);
        // the bot lists the same first five
        const bot = await searchAsTheBot(text, search);
        expect(
          bot.map((p) => p.id),
          text,
        ).toEqual(page.items.slice(0, 5).map((p) => p.id));
      }
      // a Latin word a listing holds is its word, not Arabic: "Najjar Brothers" is a name, not «نجار» (a carpenter)
      const id = await addListing({
        name: "Najjar Brothers Kitchen",
        specialty: "Cook",
        category: "cooks",
        city: "Baghdad",
        description: "Home cooking for feasts.",
      });
      const named = await search({ search: "najjar brothers" });
      expect(named.understood?.service ?? null).toBeNull();
      expect(named.items[0]?.id).toBe(id);
    },
  );

  it(
    "the third holdout's kinds of miss, in other words, find the trade on both doors: a light fitting, a fan or " +
      "a heater, cleaning said as a verb, a car's symptom, Arabizi's final h",
    async () => {
      const ELECTRIC = [
        "Electrician",
        "Home electrician",
        "Electrical engineer",
        "Generator technician",
        "Solar panel installer",
        "Auto electrician",
      ];
      const CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
      const CARS = ["Auto repair", "Car mechanic", "Auto electrician", "Tire repair"];
      const cases: [string, string[]][] = [
        ["تركيب ثريات بالهول", ELECTRIC],
        ["hang light fittings in the hall", ELECTRIC],
        ["the fan in my bedroom stopped", ELECTRIC],
        ["پانکەکە کار ناکات", ELECTRIC],
        ["clean our villa in basra", CLEANING],
        ["منو ينظف البيت بأربيل", CLEANING],
        ["my car battery is flat najaf", CARS],
        ["بطارية السيارة خلصانة بغداد", CARS],
        ["tasleeh mobilat erbil", ["Computer repair", "Phone repair", "Network technician", "Printer repair"]],
        // the walk of the bot: the Sorani indefinite with its ezafe, an emoji after a six-word sentence
        ["بۆریچییەکی باش لە هەولێر دەوێت", ["Plumber", "Water heater repair", "Water tank installation"]],
        ["الثريا طاحت تحتاج تركيب من جديد 😅", ELECTRIC],
      ];
      const { searchAsTheBot } = await import("../searchDoors");
      for (const [text, right] of cases) {
        const page = await search({ search: text });
        expect(page.items.length, text).toBeGreaterThan(0);
        for (const p of page.items.slice(0, 5)) expect(right, `${text}: ${p.specialty}`).toContain(p.specialty);
        const bot = await searchAsTheBot(text, search);
        expect(
          bot.map((p) => p.id),
          text,
        ).toEqual(page.items.slice(0, 5).map((p) => p.id));
      }
    },
  );

  it(
    "a word is one word however it is typed: Sorani on an Arabic keyboard and with its suffixes, Arabic with its " +
      "prefixes and suffixes, on both doors (ADR 081)",
    async () => {
      const { searchAsTheBot } = await import("../searchDoors");
      const plain = await search({ search: "کارەباچی" });
      expect(plain.items.length).toBeGreaterThan(0);
      // ه + zero-width non-joiner for ە, an Arabic kaf and yeh, the definite and the plural suffix, "our electrician"
      for (const text of [
        "کاره\u200Cباچی",
        "كارەباچی",
        "كاره\u200Cباچي",
        "کارەباچیەکە",
        "کارەباچییەکان",
        "کارەباچیەکەمان",
      ]) {
        const page = await search({ search: text });
        expect(page.understood?.service, text).toBe("electrician");
        expect(
          page.items.map((p) => p.id),
          text,
        ).toEqual(plain.items.map((p) => p.id));
        const bot = await searchAsTheBot(text, search);
        expect(
          bot.map((p) => p.id),
          text,
        ).toEqual(plain.items.slice(0, 5).map((p) => p.id));
      }
      // an Arabic trade behind a preposition and the article, or in the plural: its trade's listings, on both doors
      const cases: [string, string, string[]][] = [
        [
          "بالكهربائي",
          "electrician",
          [
            "Electrician",
            "Home electrician",
            "Electrical engineer",
            "Generator technician",
            "Solar panel installer",
            "Auto electrician",
          ],
        ],
        ["والسباك", "plumber", ["Plumber", "Water heater repair", "Water tank installation"]],
        [
          "للكهربائيين",
          "electrician",
          [
            "Electrician",
            "Home electrician",
            "Electrical engineer",
            "Generator technician",
            "Solar panel installer",
            "Auto electrician",
          ],
        ],
        ["بالسباكين", "plumber", ["Plumber", "Water heater repair", "Water tank installation"]],
      ];
      for (const [text, service, right] of cases) {
        const page = await search({ search: text });
        expect(page.understood?.service, text).toBe(service);
        expect(page.items.length, text).toBeGreaterThan(0);
        for (const p of page.items.slice(0, 5)) expect(right, `${text}: ${p.specialty}`).toContain(p.specialty);
        const bot = await searchAsTheBot(text, search);
        expect(
          bot.map((p) => p.id),
          text,
        ).toEqual(page.items.slice(0, 5).map((p) => p.id));
      }
      // a listing's own words through the same chain: its plural found by the singular, in Sorani and in Arabic
      const id = await addListing({
        name: "Zanko Books",
        specialty: "Bookseller",
        category: "cooks",
        city: "Erbil",
        description: "پاککردنەوەی ژوورەکان و المكتبات المدرسية",
      });
      for (const text of ["ژوور", "مكتبة"])
        expect(
          (await search({ search: text })).items.map((p) => p.id),
          text,
        ).toContain(id);
    },
  );

  it(
    "the power going off in a house lists an electrician first, on both doors; a generator technician may follow " +
      "(the bot walk)",
    async () => {
      const { searchAsTheBot } = await import("../searchDoors");
      for (const text of [
        "الكهربا تطفي وتشتغل بالبيت بالكرادة",
        "الكهرباء تنقطع بالبيت كل شوية",
        "الضوه يرمش بالصالون",
        "power keeps cutting out in the house",
        "the breaker keeps tripping",
        "کارەبای ماڵەکەم هەر دەبڕێت",
      ]) {
        const page = await search({ search: text });
        expect(
          ["Electrician", "Home electrician"],
          `${text}: ${page.items.map((p) => p.specialty).join(", ")}`,
        ).toContain(page.items[0]?.specialty);
        const bot = await searchAsTheBot(text, search);
        expect(
          bot.map((p) => p.id),
          text,
        ).toEqual(page.items.slice(0, 5).map((p) => p.id));
      }
    },
  );

  it(
    "a listing's own specialty, typed word for word, finds it first on both doors in en, ar and ku, though its " +
      "words are an electrician's problem words",
    async () => {
      const { env } = await import("cloudflare:workers");
      const { addJudgedListings } = await import("../search/judgedListings");
      const { searchAsTheBot } = await import("../searchDoors");
      const [restorer] = await addJudgedListings(env.DB);
      for (const text of [
        "chandelier restorer",
        "Chandelier restorer in Baghdad",
        "ترميم ثريات",
        "ترميم الثريات ببغداد",
        "نۆژەنکردنەوەی چڵچرا",
      ]) {
        const page = await search({ search: text });
        expect(page.items[0]?.id, `${text}: ${page.items.map((p) => p.specialty).join(", ")}`).toBe(restorer);
        // the page does not say "electricians" over a restorer
        expect(page.understood?.service, text).toBeNull();
        expect((await searchAsTheBot(text, search))[0]?.id, `bot: ${text}`).toBe(restorer);
      }
      // one word of a specialty is not the specialty: a chandelier alone is still the electrician's to hang
      const hang = await search({ search: "chandelier" });
      expect(["Electrician", "Home electrician"], hang.items.map((p) => p.specialty).join(", ")).toContain(
        hang.items[0]?.specialty,
      );
      // and a sentence that shares a word with a specialty ("house": House cleaning) is not that specialty
      const power = await search({ search: "power keeps cutting out in the house" });
      expect(power.items.map((p) => p.specialty)).not.toContain("House cleaning");
    },
  );

  it(
    "a district is its city: «ابي كهربجي بالكرادة» lists Baghdad's electricians, nearest Karrada first, and " +
      "never says “nothing in Karrada” on either door",
    async () => {
      const { env } = await import("cloudflare:workers");
      const baghdad = (
        await env.DB.prepare(
          "SELECT id FROM cities WHERE slug IN ('baghdad', 'sadr-city', 'kadhimiya', 'adhamiya', 'mansour', " +
            "'karrada', 'zayouna', 'dora', 'jadriya', 'yarmouk')",
        ).all<{ id: number }>()
      ).results.map((r) => r.id);
      // a listing in Baghdad proper (none of the seed's may be in Karrada itself)
      const here = await addListing({
        name: "Arasat Wiring",
        specialty: "Electrician",
        category: "electricians",
        city: "Baghdad",
        description: "Wiring and breaker panels.",
      });
      for (const text of ["ابي كهربجي بالكرادة", "electrician in Karrada", "کارەباچی لە کەرادە"]) {
        const page = (await search({ search: text })) as Page & {
          items: (Item & { cityId: number | null })[];
          understood?: { nearestTo?: string | null; city?: string | null };
        };
        expect(page.understood?.nearestTo ?? null, text).toBeNull();
        expect(page.items.length, text).toBeGreaterThan(0);
        for (const p of page.items) expect(baghdad, `${text}: ${p.name}`).toContain(p.cityId);
        expect(
          page.items.map((p) => p.id),
          text,
        ).toContain(here);
      }
      // the bot says nothing of Karrada being empty: it lists Baghdad's
      apis.clear();
      expect((await postWhatsApp(waForm("+9647501119077", { Body: "ابي كهربجي بالكرادة" }))).status).toBe(200);
      const reply = apis.texts("whatsapp").join("\n");
      expect(reply).not.toContain("لا يوجد شيء في");
      expect(reply).toMatch(/^[\d\u0660-\u0669]+\. /m);
    },
  );

  it(
    "a place the directory does not list is read as its city (Ankawa, al-Ashar, al-Harthiya), and a city's slip " +
      "is the city when no listing holds the word",
    async () => {
      const cityOf = async (text: string) =>
        (await search({ search: text })).understood as { city?: string | null; service?: string | null } | undefined;
      for (const [text, city] of [
        ["need a plumber in ankawa asap", "erbil"],
        ["بۆریچی لە عەنکاوە", "erbil"],
        ["كهربائي بالعشار", "basra"],
        ["سباك بالحارثية", "baghdad"],
        ["electrician in Basrra", "basra"],
        ["کارەباچی لە بەسرا", "basra"],
      ] as const) {
        expect((await cityOf(text))?.city, text).toBe(city);
      }
      // a listing whose own words hold the typed word keeps it as typed: it is that listing's word, not a slip
      const basrra = await addListing({
        name: "Basrra Lights",
        specialty: "Electrician",
        category: "electricians",
        city: "Baghdad",
        description: "House wiring.",
      });
      const page = await search({ search: "electrician in Basrra" });
      expect(page.understood?.service).toBe("electrician");
      expect(page.items[0]?.id).toBe(basrra);
    },
  );

  it("a listing's Latin-script and Arabic-script names find it first alike", async () => {
    for (const [latin, arabic] of [
      ["Laith Al-Kinani", "ليث الكناني"],
      ["Mustafa Al-Hashimi", "مصطفى الهاشمي"],
    ] as const) {
      const [a, b] = await Promise.all([search({ search: latin }), search({ search: arabic })]);
      expect(a.items[0]?.name, latin).toBe(latin);
      expect(b.items[0]?.id, arabic).toBe(a.items[0]?.id);
    }
  });
});

describe("one answer per query: the bot lists the first five the web lists", () => {
  it(
    "in English, Arabic and Sorani, with words beyond " + "the trade, a problem said in plain words and a name",
    async () => {
      await addListing({
        name: "Jadriya Current",
        specialty: "Electrician",
        category: "electricians",
        city: "Baghdad",
        description: "Breaker panels, wiring and ampere lines.",
      });
      const cases: [string, string][] = [
        ["en", "electrician for breaker panels in Baghdad"],
        ["ar", "سباك تسريبات بكربلاء"],
        ["ku", "کارەباچی بۆ تابلۆی کارەبا"],
        // a problem said in plain words, no trade named: a search on both doors (ADR 053), not "I didn't catch that"
        ["en", "my kitchen tap is dripping"],
        ["ar", "الحنفية تنقط بالمطبخ"],
        ["ku", "شتنی فەرش"],
        // a listing's name with its article left out, which no other reading takes
        ["en", "Mustafa Hashimi"],
      ];
      for (const [i, [lang, text]] of cases.entries()) {
        const web = (await search({ search: text })).items.slice(0, 5);
        const bot = await botListed(`+96475011190${20 + i}`, text);
        expect(web.length, text).toBeGreaterThan(0);
        // the same listings in the same order, each named in the reader's script (its name or its other-script name)
        expect(bot.length, `${lang}: ${text}`).toBe(web.length);
        bot.forEach((name, n) =>
          expect([web[n]!.name, web[n]!.nameOther], `${lang}: ${text} #${n + 1}`).toContain(name),
        );
      }
    },
  );
});
