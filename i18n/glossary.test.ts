import { describe, expect, it } from "vitest";
import glossary from "./glossary-ku.json";

/** Every Kurdish catalog file: the web, the bots (bot.json), the manifest (pwa.json) and the notifications. */
const catalogs = import.meta.glob<Record<string, unknown>>("./locales/ku/*.json", { eager: true, import: "default" });

function strings(node: unknown, path: string, out: { path: string; text: string }[]) {
  if (typeof node === "string") out.push({ path, text: node });
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/**
 * A word "starts" where no Arabic-script letter (or zero-width
 * non-joiner) comes before it: حجز in حجزەکانم, not in a longer word.
 */
const startsWord = (word: string) => new RegExp(`(?<![\\u0600-\\u06FF\\u200C])${word}`, "u");

describe("the Sorani glossary (i18n/glossary-ku.json)", () => {
  const all = Object.entries(catalogs).flatMap(([file, tree]) => strings(tree, file.replace("./locales/ku/", ""), []));

  it("reads every Kurdish catalog", () => {
    expect(Object.keys(catalogs).length).toBeGreaterThanOrEqual(15);
    expect(all.length).toBeGreaterThan(500);
  });

  for (const term of glossary.terms) {
    it(`"${term.term}" is written ${term.use.split(" ")[0]}, never ${term.avoid.join(" / ")}`, () => {
      const allowed = (path: string) =>
        ("allowIn" in term ? (term.allowIn as string[]) : []).some((p) => path === p || path.startsWith(`${p}.`));
      const offending = all.filter(
        ({ path, text }) => !allowed(path) && term.avoid.some((w) => startsWord(w).test(text)),
      );
      expect(offending.map((o) => `${o.path}: ${o.text.slice(0, 80)}`)).toEqual([]);
    });
  }

  it("the chosen words are the ones the catalogs use", () => {
    const text = all.map((s) => s.text).join("\n");
    for (const word of [
      "کاتگرتن",
      "هەر کاتێک",
      "واتسئەپ",
      "تێلێگرام",
      "هەژمار",
      "کڕیار",
      "وشەی نهێنی",
      "هەڵسەنگاندن",
      "پەڕەکەم",
    ])
      expect(text).toContain(word);
  });
});
