import { describe, expect, it } from "vitest";
import { normalizeText, tokenize } from "../normalize";
import { normalizeArabic } from "./arabicNormalizer";
import { stemArabic } from "./arabicStemmer";
import { foldWord, joinWords, lightStem } from "./chain";
import { LUCENE_CASES, runLuceneCase } from "./luceneCases";
import { scriptOf } from "./script";
import { normalizeSorani } from "./soraniNormalizer";
import { stemSorani } from "./soraniStemmer";

describe(
  "Lucene's own cases (apache/lucene's TestArabicNormalizationFilter, TestArabicStemFilter, " +
    "TestSoraniNormalizationFilter, TestSoraniStemFilter)",
  () => {
    it.each(LUCENE_CASES.map((k) => [`${k.filter} ${k.name}`, k] as const))(
      "%s: our filter gives Lucene's answer, our chain its answer in our alphabet or the difference listed",
      (_, k) => {
        const r = runLuceneCase(k);
        expect(r.filter, "the filter alone").toBe(k.expected);
        expect(r.chain, `the chain${k.why ? ` (${k.why})` : ""}`).toBe(k.chain ?? r.chain);
        expect(r.chainPasses).toBe(true);
        // a listed difference is a real one, with its reason
        if (k.chain !== undefined) expect([r.asLucene, Boolean(k.why)]).toEqual([false, true]);
      },
    );

    it("counts: every case passes its filter; the chain differs only where listed", () => {
      const runs = LUCENE_CASES.map(runLuceneCase);
      console.log(
        `Lucene's cases: ${runs.filter((r) => r.filterPasses).length} of ${runs.length} pass through our ` +
          `filters; ${runs.filter((r) => r.asLucene).length} through the whole chain as ` +
          `Lucene, ${LUCENE_CASES.filter((k) => k.chain !== undefined).length} differ on purpose`,
      );
      expect(runs.every((r) => r.filterPasses && r.chainPasses)).toBe(true);
      expect(runs.length).toBeGreaterThanOrEqual(80);
    });
  },
);

describe("script: which language a word is, by its letters", () => {
  it(
    "a letter Arabic never writes (or ه before a ZWNJ) makes a word Sorani; the rest of the script is Arabic, " +
      "Iraqi چ گ پ included",
    () => {
      for (const w of ["کارەباچی", "هەولێر", "بۆریچی", "ڕێگا", "گوڵ", "کاره\u200Cباچی"])
        expect(scriptOf(w), w).toBe("ku");
      for (const w of ["كهربائي", "سباك", "چاي", "گاز", "پنچر", "للنجارين"]) expect(scriptOf(w), w).toBe("ar");
      for (const w of ["electrician", "123", ""]) expect(scriptOf(w), w).toBe("other");
    },
  );
});

describe("the normalisers", () => {
  it("Arabic: alef forms, teh marbuta, alef maksura, tashkeel and tatweel", () => {
    expect(normalizeArabic("أُسْتَاذَة إِنْگلِيزِيّ آخر مستشفى")).toBe("استاذه انگليزي اخر مستشفي");
    expect(normalizeArabic("كهربـــائي")).toBe("كهربائي");
  });

  it("Sorani: ه + ZWNJ, a final ه and ة are ە; ي ى → ی, ك → ک, ھ → ه; an initial ر is ڕ; joiners and marks go", () => {
    expect(normalizeSorani("كاره\u200Cباچي")).toBe("کارەباچی");
    expect(normalizeSorani("سەلاجه")).toBe("سەلاجە");
    expect(normalizeSorani("رێگا")).toBe("ڕێگا");
    expect(normalizeSorani("ھەولێر\u200D")).toBe("هەولێر");
  });

  it("the chain folds each word by its own language: a Sorani word's final ه is ە, an Arabic word's stays ه", () => {
    expect(normalizeText("سەلاجه فاطمة مدرسه")).toBe("سەلاجە فاطمه مدرسه");
    expect(normalizeText("كاره\u200Cباچي له\u200C هه\u200Cولێر")).toBe("کارەباچی لە هەولێر");
    expect(normalizeText("كارەباچی")).toBe("کارەباچی");
    // Arabic-Indic and Extended Arabic-Indic digits
    expect(normalizeText("٠٧٧٠ ۱۲۳")).toBe("0770 123");
    for (const s of ["كاره\u200Cباچي", "سەلاجه", "رێگا", "فاطمة", "ههه"])
      expect(normalizeText(normalizeText(s)), s).toBe(normalizeText(s));
  });

  it("joinWords: a ZWNJ or ZWJ inside a word does not split it for the readers; one beside an emoji stays", () => {
    expect(joinWords("کاره\u200Cباچی باش")).toBe("کارەباچی باش");
    expect(joinWords("می\u200Cخوام")).toBe("میخوام");
    expect(joinWords("👨\u200D👩")).toBe("👨\u200D👩");
  });
});

describe("the stemmers", () => {
  it("Arabic light stem: one prefix, then its suffixes, keeping two letters", () => {
    expect(stemArabic("بالكهربائي")).toBe("كهربائ");
    expect(stemArabic("للنجارين")).toBe("نجار");
    expect(stemArabic("والسباك")).toBe("سباك");
    expect(stemArabic("ال")).toBe("ال");
  });

  it("Sorani light stem, with our additions: the definite's glide, the plural's ezafe, «م»/«ت» after an ending", () => {
    // every way of typing "the electrician(s)" stems as «کارەباچی» does
    for (const w of [
      "کارەباچی",
      "کارەباچیەکە",
      "کارەباچییەکە",
      "کارەباچیەکان",
      "کارەباچییەکان",
      "کارەباچییەکانی",
      "کارەباچیەکەمان",
      "کارەباچیم",
    ]) {
      expect(stemSorani(w), w).toBe("کارەباچ");
    }
    expect(stemSorani("سەلاجەکەم")).toBe("سەلاج");
    expect(stemSorani("مامۆستاکان")).toBe("مامۆستا");
    expect(stemSorani("مامۆستاکانی")).toBe("مامۆستا");
    expect(stemSorani("دەرگایەکە")).toBe("دەرگا");
  });

  it(
    "each language's stemmer only reads its own words: an Arabic word keeps its Sorani-looking ending and a " +
      "Sorani word its Arabic-looking one",
    () => {
      // «ان» and «ی» end words in both: Arabic «بيبان» is a door's plural,
      // stemmed as Arabic; a Sorani «ە» word is never read by the Arabic rules
      expect(lightStem(foldWord("المهندسين"))).toBe("مهندس");
      expect(lightStem(foldWord("کارەباچیەکە"))).toBe("کارەباچ");
      // Arabic's «و» prefix is not taken off a Sorani word («وەستا», a master craftsman) nor its «ها» suffix
      expect(lightStem(foldWord("وەستا"))).toBeNull();
      // Sorani's «کە» ending is not taken off an Arabic word («مملكة»)
      expect(lightStem(foldWord("مملكة"))).toBe("مملک");
      // a stem too short to mean one word is not used: «حسين» stays a name
      expect(lightStem(foldWord("حسين"))).toBeNull();
      expect(lightStem("electricians")).toBeNull();
    },
  );

  it("the index and a query meet on the stem: a plural, a suffix or a prefix typed finds the word", () => {
    const stems = (s: string) => tokenize(s).map((w) => lightStem(w) ?? w);
    expect(stems("ژوورەکانمان")).toEqual(stems("ژوور"));
    expect(stems("المكتبات")).toEqual(stems("مكتبة"));
  });
});
