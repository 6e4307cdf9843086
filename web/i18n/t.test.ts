import i18next, { type TFunction as I18nextT } from "i18next";
import { numberFormatter } from "../../i18n/numberFormatter";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Lang } from "../../i18n/config";
import { browserCatalog, catalogOf } from "./pageCatalog";
import { createI18n } from "./react";
import { createT, lookup } from "../../i18n/t";
import { catalogs, translatorFor } from "../../i18n/translator";

/**
 * Our translator replaced i18next (ADR 015). i18next stays a dev dependency for this file only: every key
 * of every language must render the same text through both, on the server (falling back to English) and in
 * the browser (the page's catalog only), with every plural count and interpolation the app can produce.
 */

type Tree = { [k: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === "string" ? [[key, v] as [string, string]] : leaves(v, key);
  });
}

/** Every key the app can ask for: each leaf, and each plural base (the key without its suffix). */
function keysOf(lang: Lang): { key: string; text: string }[] {
  const out = new Map<string, string>();
  for (const [key, text] of leaves(catalogs[lang] as Tree)) {
    out.set(key, text);
    if (PLURAL.test(key)) out.set(key.replace(PLURAL, ""), text);
  }
  return [...out].map(([key, text]) => ({ key, text }));
}

/** Values for every placeholder of every language's version of a key (so a fallback text gets its values too). */
const placeholders = new Map<string, Set<string>>();
for (const lang of LANGUAGES) {
  for (const [k, text] of leaves(catalogs[lang] as Tree)) {
    for (const key of [k, k.replace(PLURAL, "")]) {
      const names = placeholders.get(key) ?? new Set<string>();
      for (const m of text.matchAll(/\{\{(.+?)\}\}/g)) names.add(m[1].trim());
      placeholders.set(key, names);
    }
  }
}
const valuesFor = (key: string): Record<string, string> =>
  Object.fromEntries([...(placeholders.get(key) ?? [])].map((n) => [n, `<${n}>`]));

/** Each difference between the two, as text (an empty list when they agree). */
function differences(
  ours: (k: string, o?: Record<string, unknown>) => string,
  theirs: (k: string, o?: Record<string, unknown>) => string,
  cases: [string, Record<string, unknown> | undefined][],
) {
  const out: string[] = [];
  for (const [key, options] of cases) {
    const a = ours(key, options);
    const b = theirs(key, options);
    if (a !== b) out.push(`${key} ${JSON.stringify(options)}: ours ${JSON.stringify(a)}, i18next ${JSON.stringify(b)}`);
  }
  return out;
}

function i18nextServer(): (lang: Lang) => I18nextT {
  const instance = i18next.createInstance();
  void instance.use(numberFormatter).init({
    initAsync: false,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: catalogs[l] }])),
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return (lang) => instance.getFixedT(lang);
}

function i18nextPage(lang: Lang, catalog: Record<string, unknown>): I18nextT {
  const instance = i18next.createInstance();
  void instance.use(numberFormatter).init({
    initAsync: false,
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: catalog } },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return instance.t;
}

const COUNTS = [0, 1, 2, 3, 4, 10, 11, 12, 99, 100, 101, 102, 103, 111, 1000, 1.5];

describe("our translator says what i18next said", () => {
  const theirs = i18nextServer();

  for (const lang of LANGUAGES) {
    it(`server (${lang}): every key, plain, interpolated and with every plural count`, () => {
      const cases: [string, Record<string, unknown> | undefined][] = [];
      for (const { key } of keysOf(lang)) {
        const values = valuesFor(key);
        cases.push([key, undefined], [key, values]);
        for (const count of COUNTS) cases.push([key, { ...values, count }]);
      }
      expect(cases.length).toBeGreaterThan(1000);
      const t = theirs(lang);
      expect(differences(translatorFor(lang), (k, o) => String(t(k, o as never)), cases)).toEqual([]);
    }, 60_000);

    it(
      `page (${lang}): the strings a render asked for, with every plural form, read as the whole catalog reads ` +
        `them`,
      () => {
        const keys = keysOf(lang).map(({ key }) => key);
        // every third key, as if a page had asked for those (plural bases pull their forms in)
        const asked = keys.filter((k, i) => i % 3 === 0 && !k.startsWith("messages."));
        const part = catalogOf(catalogs[lang], asked);
        const cases: [string, Record<string, unknown> | undefined][] = [];
        for (const key of asked) {
          const values = valuesFor(key);
          cases.push([key, values]);
          for (const count of [0, 1, 2, 3, 11, 100]) cases.push([key, { ...values, count }]);
        }
        const t = i18nextPage(lang, browserCatalog(catalogs[lang]));
        // (a case that finds no text at all, such as a plural base asked without a number, reads blank in a
        // browser until the whole catalog is here: not a string the page carries, so not compared)
        const found = cases.filter(([k, o]) => String(t(k, o as never)) !== k);
        expect(found.length).toBeGreaterThan(asked.length);
        expect(differences(createI18n(lang, part).t, (k, o) => String(t(k, o as never)), found)).toEqual([]);
        // and nothing else: a key the page did not ask for is not in it
        const others = keys.filter(
          (k, i) => i % 3 !== 0 && !PLURAL.test(k) && !asked.some((a) => k.startsWith(`${a}_`)),
        );
        expect(others.length).toBeGreaterThan(100);
        expect(others.filter((k) => lookup(part, k) !== undefined)).toEqual([]);
      },
      60_000,
    );
  }

  it("missing keys, defaultValue and missing values behave alike", () => {
    for (const lang of LANGUAGES) {
      const ours = translatorFor(lang);
      const t = theirs(lang);
      for (const [key, options] of [
        ["no.such.key", undefined],
        ["no.such.key", { defaultValue: "Fallback {{x}}", x: 7 }],
        ["errors.notFound", { defaultValue: "unused" }],
        ["common.appName", { unused: "x" }],
      ] as const) {
        expect(ours(key, options), `${lang} ${key}`).toBe(t(key, options));
      }
    }
  });
});

describe("our translator, case by case", () => {
  const ar = createT([
    {
      locale: "ar",
      catalog: {
        n: {
          x_zero: "صفر",
          x_one: "واحد",
          x_two: "اثنان",
          x_few: "{{count}} قليل",
          x_many: "{{count}} كثير",
          x_other: "{{count}} آخر",
        },
      },
    },
  ]);

  it("Arabic takes six plural forms", () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => ar("n.x", { count }))).toEqual([
      "صفر",
      "واحد",
      "اثنان",
      "٣ قليل",
      "١١ كثير",
      "١٠٠ آخر",
    ]);
  });

  it("Sorani and English have one and other, and _zero wins at zero when a catalog has it", () => {
    const ku = createT([{ locale: "ckb", catalog: { d_one: "{{count}} ڕۆژ", d_other: "{{count}} ڕۆژ (کۆ)" } }]);
    expect([ku("d", { count: 1 }), ku("d", { count: 2 }), ku("d", { count: 0 })]).toEqual([
      "١ ڕۆژ",
      "٢ ڕۆژ (کۆ)",
      "٠ ڕۆژ (کۆ)",
    ]);
    const en = createT([{ locale: "en", catalog: { d_zero: "none", d_one: "one", d_other: "{{count}}" } }]);
    expect([en("d", { count: 0 }), en("d", { count: 1 }), en("d", { count: 5 })]).toEqual(["none", "one", "5"]);
  });

  it("interpolates, keeps a placeholder nobody filled, and empties one passed as undefined", () => {
    const t = createT([{ locale: "en", catalog: { hi: "Hi {{name}}, {{ rest }}!" } }]);
    expect(t("hi", { name: "Sara", rest: 3 })).toBe("Hi Sara, 3!");
    expect(t("hi", { name: "Sara" })).toBe("Hi Sara, {{ rest }}!");
    expect(t("hi", { name: "Sara", rest: undefined })).toBe("Hi Sara, !");
  });

  it("falls back to English key by key on the server, and to the key itself when nobody has it", () => {
    const t = createT([
      { locale: "ar", catalog: { a: "عربي" } },
      { locale: "en", catalog: { a: "English", b: "Only English" } },
    ]);
    expect([t("a"), t("b"), t("c"), t("c", { defaultValue: "D" })]).toEqual(["عربي", "Only English", "c", "D"]);
  });

  it(
    "a string the page did not carry reads blank until the whole catalog comes, then the same t has it (a client " +
      "visit to the admin console)",
    () => {
      const i18n = createI18n("ar", catalogOf(catalogs.ar, ["app.name", "nav.home"]));
      const [key, text] = leaves(catalogs.ar.admin as Tree, "admin")[0];
      expect(i18n.t("app.name")).toBe("دليل");
      expect(i18n.t(key)).toBe("");
      expect(i18n.hasCatalog("ar")).toBe(false);
      i18n.addCatalog("ar", browserCatalog(catalogs.ar));
      expect(i18n.t(key)).toBe(text);
      expect(i18n.hasCatalog("ar")).toBe(true);
    },
  );

  it(
    "the server's t records every key a render asked for; " + "the page carries those strings and no server-only ones",
    () => {
      const i18n = createI18n("ku", browserCatalog(catalogs.ku), { whole: true, record: true });
      i18n.t("nav.home");
      i18n.t("no.such.key");
      expect([...(i18n.asked ?? [])]).toEqual(["nav.home", "no.such.key"]);
      expect(catalogOf(catalogs.ku, [...(i18n.asked ?? []), "messages.verificationCode"])).toEqual({
        nav: { home: (catalogs.ku.nav as Tree).home },
      });
    },
  );
});
