/** One lexicon (issue #37 item 1, ADR 053): the seed, the translation dictionary and every reader agree on the words. */
import { describe, expect, it } from "vitest";
import { SPECIALTIES as SEED_SPECIALTIES } from "../../db/seed/data/specialties";
import { IRAQI_CITIES } from "../../db/seed/data/cities";
import { phraseKey } from "../text/phrases";
import { indexFor } from "../understand/understand";
import { SPECIALTIES, formsOf } from "./dictionary";
import { AMBIGUOUS_SPELLINGS, FILLER_WORDS, findServiceTerms, PROBLEM_WORDS, SERVICE_INDEX } from "./index";

const places = IRAQI_CITIES.map((c) => ({ slug: c.slug, name: c.nameEn, nameAr: c.nameAr, nameKu: c.nameKu }));
const langs = ["en", "ar", "ku"] as const;

describe("one lexicon (issue #37 item 1)", () => {
  it("every specialty the seed lists names exactly one trade, the same one in English, Arabic and Sorani", () => {
    const wrong: string[] = [];
    for (const [category, list] of Object.entries(SEED_SPECIALTIES)) {
      for (const s of list) {
        const read = langs.map((lang) => findServiceTerms(s[lang]).map((t) => t.en));
        for (const [i, terms] of read.entries()) if (terms.length !== 1) wrong.push(`${category} «${s[langs[i]!]}»: ${terms.join(" + ") || "no trade"}`);
        if (read.every((t) => t.length === 1) && new Set(read.map((t) => t[0])).size !== 1) wrong.push(`${category} ${s.en}: ${read.join(" / ")}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the translation dictionary's specialties read as one trade each, in every spelling (the two dictionaries agree)", () => {
    const wrong: string[] = [];
    for (const entry of SPECIALTIES) {
      const read = new Set<string>();
      for (const lang of langs) {
        for (const form of formsOf(entry, lang)) {
          const hit = SERVICE_INDEX.get(phraseKey(form));
          if (!hit) wrong.push(`${entry.en} «${form}»: not a trade's spelling (${findServiceTerms(form).map((t) => t.en).join(" + ") || "nothing"})`);
          else read.add(hit.value.en);
        }
      }
      if (read.size > 1) wrong.push(`${entry.en}: ${[...read].join(" / ")}`);
    }
    expect(wrong).toEqual([]);
  });

  it("no spelling belongs to two entries unless marked ambiguous: trades, commands, places and filler in the reader's index; problem words", () => {
    const clashes = [...indexFor(places).collisions, ...SERVICE_INDEX.collisions];
    const problemOf = new Map<string, string>();
    for (const [trade, words] of Object.entries(PROBLEM_WORDS)) {
      for (const w of words) {
        const key = phraseKey(w);
        const other = problemOf.get(key);
        if (other && other !== trade) clashes.push(`${key} (problem of ${other} and ${trade})`);
        problemOf.set(key, trade);
        // a problem word that is a trade's own spelling, or filler, is never counted: it is in two entries
        if (SERVICE_INDEX.get(key)) clashes.push(`${key} (problem of ${trade}, spelling of ${SERVICE_INDEX.get(key)!.value.en})`);
        if (FILLER_WORDS.has(key)) clashes.push(`${key} (problem of ${trade}, filler)`);
      }
    }
    expect(clashes.filter((c) => !AMBIGUOUS_SPELLINGS.has(c.split(" (")[0]!))).toEqual([]);
  });
});
