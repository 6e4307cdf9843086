/**
 * One lexicon (ADR 053): the seed, the translation dictionary and every reader agree on the words.
 */
import { describe, expect, it } from "vitest";
import { SPECIALTIES as SEED_SPECIALTIES } from "../../db/seed/data/specialties";
import { IRAQI_CITIES } from "../../db/seed/data/cities";
import { phraseKey } from "../text/phrases";
import { indexFor } from "../understand/understand";
import { SPECIALTIES, formsOf } from "./dictionary";
import { AMBIGUOUS_SPELLINGS, FILLER_WORDS, findServiceTerms, PROBLEM_WORDS, SERVICE_INDEX } from "./index";
import { Lexicon, LEXICON } from "./phraseIndex";
import { DICTIONARY_INDEX } from "./dictionary";
import { COMMAND_PHRASES } from "./commands";
import { DAY_PHRASES } from "./dayWords";
import { whenInText } from "../text/dayPhrases";
import { SYMPTOMS } from "./symptoms";
import { MISSING_TRADES } from "./missingTrades";
import { NARROWING, qualify } from "./qualifiers";
import { problemTrades, SERVICE_BY_EN, SERVICE_TERMS, sayingLang } from "./index";
import en from "../../i18n/locales/en/search.json";
import ar from "../../i18n/locales/ar/search.json";
import ku from "../../i18n/locales/ku/search.json";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));
const langs = ["en", "ar", "ku"] as const;

describe("one lexicon", () => {
  it("every specialty the seed lists names exactly one trade, the same one in English, Arabic and Sorani", () => {
    const wrong: string[] = [];
    for (const [category, list] of Object.entries(SEED_SPECIALTIES)) {
      for (const s of list) {
        const read = langs.map((lang) => findServiceTerms(s[lang]).map((t) => t.en));
        for (const [i, terms] of read.entries())
          if (terms.length !== 1) wrong.push(`${category} «${s[langs[i]!]}»: ${terms.join(" + ") || "no trade"}`);
        if (read.every((t) => t.length === 1) && new Set(read.map((t) => t[0])).size !== 1)
          wrong.push(`${category} ${s.en}: ${read.join(" / ")}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it(
    "the translation dictionary's specialties read as one trade each, in every spelling (the two dictionaries " +
      "agree)",
    () => {
      const wrong: string[] = [];
      for (const entry of SPECIALTIES) {
        const read = new Set<string>();
        for (const lang of langs) {
          for (const form of formsOf(entry, lang)) {
            const hit = SERVICE_INDEX.get(phraseKey(form));
            if (!hit)
              wrong.push(
                `${entry.en} «${form}»: not a trade's spelling (${
                  findServiceTerms(form)
                    .map((t) => t.en)
                    .join(" + ") || "nothing"
                })`,
              );
            else read.add(hit.value.en);
          }
        }
        if (read.size > 1) wrong.push(`${entry.en}: ${[...read].join(" / ")}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it(
    "no spelling belongs to two entries unless marked ambiguous: trades, commands, places and filler in the " +
      "reader's index; problem words",
    () => {
      const clashes = [...indexFor(places).collisions, ...SERVICE_INDEX.collisions];
      const problemOf = new Map<string, string>();
      for (const [trade, words] of [...Object.entries(PROBLEM_WORDS), ...Object.entries(SYMPTOMS)]) {
        for (const w of words) {
          const key = phraseKey(w);
          const other = problemOf.get(key);
          if (other && other !== trade) clashes.push(`${key} (problem of ${other} and ${trade})`);
          problemOf.set(key, trade);
          // a problem word that is a trade's own spelling, or filler, is never counted: it is in two entries
          if (SERVICE_INDEX.get(key))
            clashes.push(`${key} (problem of ${trade}, spelling of ${SERVICE_INDEX.get(key)!.value.en})`);
          if (FILLER_WORDS.has(key)) clashes.push(`${key} (problem of ${trade}, filler)`);
        }
      }
      expect(clashes.filter((c) => !AMBIGUOUS_SPELLINGS.has(c.split(" (")[0]!))).toEqual([]);
    },
  );

  it(
    "one phrase index: trades, problems, the dictionary, commands, day words and filler are shelves of one index " +
      "the search, the bot, the flows and translation read (ADR 057)",
    () => {
      // every shelf is in it, and each reader's view answers from it
      const shelves = new Set<string>();
      for (const [, list] of LEXICON.entries()) for (const e of list) shelves.add(e.shelf);
      expect([...shelves].sort()).toEqual(["command", "day", "dictionary", "filler", "problem", "trade"]);
      expect(COMMAND_PHRASES.length).toBeGreaterThan(300);
      expect(DAY_PHRASES.length).toBeGreaterThan(50);
      expect(SERVICE_INDEX.get(phraseKey("سباك"))?.value.en).toBe("plumber");
      expect(DICTIONARY_INDEX.get(phraseKey("Erbil"))?.value.ar).toBe("أربيل");
      expect(whenInText("باچر العصر")).toMatchObject({ day: { offset: 1 }, slot: "afternoon" });
      const bot = indexFor(places);
      expect(bot.get(phraseKey("حجوزاتي"))?.value).toEqual({ command: "myBookings" });
      expect(bot.get(phraseKey("سباك"))?.value).toEqual({ service: "plumber" });
      expect(bot.get(phraseKey("تکایە"))?.value).toEqual({ filler: true });
    },
  );

  it(
    "a spelling in two entries fails unless marked ambiguous: a command word and a trade word, a day word and a " +
      "command, two meanings on one shelf",
    () => {
      expect(LEXICON.clashes().filter((c) => !AMBIGUOUS_SPELLINGS.has(c.split(" (")[0]!))).toEqual([]);
      // the check itself: a command that is also a trade's word, and one spelling with two meanings, are caught
      const planted = new Lexicon();
      const plumber = findServiceTerms("plumber")[0]!;
      const electrician = findServiceTerms("electrician")[0]!;
      planted.register("trade", [
        ["plumber", { term: plumber, says: false }, "en"],
        ["fixer", { term: plumber, says: false }, "en"],
        ["fixer", { term: electrician, says: false }, "en"],
      ]);
      planted.register("command", [
        ["plumber", { command: "help" }, "en"],
        ["menu", { command: "menu" }, "en"],
      ]);
      expect(planted.clashes().sort()).toEqual(["fixer (two trade entries)", "plumber (command and trade)"]);
    },
  );
});

describe("the problem shelf, qualifiers and missing trades (ADR 082)", () => {
  it(
    "every trade carries 15 or more phrasings of what people " + "say when they need it, in English, Arabic and Sorani",
    () => {
      const short: string[] = [];
      for (const term of SERVICE_TERMS) {
        const said = SYMPTOMS[term.en] ?? [];
        const per = langs.map((lang) => said.filter((p) => sayingLang(p) === lang).length);
        if (said.length < 15 || per.some((n) => n < 3))
          short.push(`${term.en}: ${said.length} (en/ar/ku ${per.join("/")})`);
      }
      expect(short).toEqual([]);
      expect(Object.keys(SYMPTOMS).filter((en) => !SERVICE_BY_EN.has(en))).toEqual([]);
    },
  );

  it(
    "each phrasing leads to its own trade, read alone: as the trade's problem, or through the trade's own word " +
      "in it",
    () => {
      const wrong: string[] = [];
      for (const [trade, said] of Object.entries(SYMPTOMS)) {
        for (const p of said) {
          // as the search box reads it: a trade's word in it (a kind its qualifier names), else the problem's trade
          const named = findServiceTerms(p)[0];
          const lead = named ? qualify(named.en, p).service : problemTrades(p)[0]?.en;
          if (lead !== trade) wrong.push(`${trade} «${p}»: ${lead ?? "nothing"}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it(
    "a trade nobody in the seed lists is a missing trade, with listed nearest trades and a sentence in each " +
      "language",
    () => {
      const listed = new Set<string>();
      for (const list of Object.values(SEED_SPECIALTIES))
        for (const s of list) for (const t of findServiceTerms(s.en)) listed.add(t.en);
      const unlisted = SERVICE_TERMS.map((t) => t.en).filter((en) => !listed.has(en) && !MISSING_TRADES[en]);
      expect(unlisted).toEqual([]);
      for (const [trade, m] of Object.entries(MISSING_TRADES)) {
        expect(SERVICE_BY_EN.has(trade), trade).toBe(true);
        expect(listed.has(trade), `${trade} is listed: not missing`).toBe(false);
        for (const n of m.nearest) expect(listed.has(n), `${trade}'s nearest ${n}`).toBe(true);
        for (const catalog of [en, ar, ku])
          expect(
            (catalog.search.missing as Record<string, string>)[m.key],
            `${trade}: search.missing.${m.key}`,
          ).toBeTruthy();
      }
    },
  );

  it("a narrowing qualifier names a kind of its family's trade", () => {
    for (const [family, kinds] of Object.entries(NARROWING))
      for (const [kind] of kinds) expect(SERVICE_BY_EN.get(kind)?.kindOf, kind).toBe(family);
  });
});
