import { describe, expect, it } from "vitest";
import { catalogs } from "./translator";

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

// Arabic has six plural forms, English and Sorani two: plural keys are compared by their base
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "_<plural>");

describe("translation catalogs", () => {
  const flat = { en: flatten(catalogs.en as Tree), ar: flatten(catalogs.ar as Tree), ku: flatten(catalogs.ku as Tree) };

  for (const lang of ["en", "ar", "ku"] as const) {
    it(`every key exists in ${lang} and none is empty`, () => {
      const wanted = new Set([...flat.en.keys(), ...flat.ar.keys(), ...flat.ku.keys()].map(base));
      const have = new Set([...flat[lang].keys()].map(base));
      const missing = [...wanted].filter((k) => !have.has(k));
      expect(missing, `missing in ${lang}`).toEqual([]);
      const empty = [...flat[lang]].filter(([, v]) => v.trim() === "").map(([k]) => k);
      expect(empty, `empty in ${lang}`).toEqual([]);
    });
  }

  it("plural keys have an _other form in every language", () => {
    for (const lang of ["en", "ar", "ku"] as const) {
      const bases = new Set([...flat[lang].keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
      for (const b of bases) expect(flat[lang].has(`${b}_other`), `${lang}: ${b}_other`).toBe(true);
    }
  });

  it("Arabic and Kurdish texts are actually translated (Arabic script), not English copies", () => {
    // texts with no words of their own: interpolations only, or the phone format hint
    const wordsOf = (v: string) => v.replace(/\{\{\w+\}\}/g, "").replace(/\bX+\b/g, "");
    const untranslated = (lang: "ar" | "ku") =>
      [...flat[lang]]
        .filter(
          ([k, v]) =>
            /[A-Za-z]{3,}/.test(wordsOf(v)) &&
            !/[\u0600-\u06FF]/.test(v) &&
            !k.startsWith("language.") &&
            flat.en.get(k) === v,
        )
        .map(([k]) => k);
    expect(untranslated("ar")).toEqual([]);
    expect(untranslated("ku")).toEqual([]);
  });

  it("interpolation variables match across languages", () => {
    const vars = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .filter((v) => v !== "count")
        .sort()
        .join(",");
    for (const [key, en] of flat.en) {
      if (PLURAL.test(key)) continue;
      for (const lang of ["ar", "ku"] as const) {
        const other = flat[lang].get(key);
        if (other !== undefined) expect(vars(other), `${lang}:${key}`).toBe(vars(en));
      }
    }
  });
});

describe("catalog files", () => {
  it("each language has the same feature files", () => {
    const files = import.meta.glob("./locales/*/*.json");
    const byLang: Record<string, string[]> = {};
    for (const path of Object.keys(files)) {
      const [, , lang, file] = path.split("/");
      (byLang[lang] ??= []).push(file);
    }
    expect(Object.keys(byLang).sort()).toEqual(["ar", "en", "ku"]);
    expect(byLang.ar.sort()).toEqual(byLang.en.sort());
    expect(byLang.ku.sort()).toEqual(byLang.en.sort());
  });
});
