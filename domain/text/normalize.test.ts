import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDigits, normalizeText, tokenize } from "./normalize";
import { withoutContacts } from "./withoutContacts";

describe("normalizeDigits", () => {
  it.each([
    ["٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["۰۱۲۳۴۵۶۷۸۹", "0123456789"],
    ["٠١٢", "012"],
    ["۰۱۲", "012"],
    ["+964 ٧٧٠ abc", "+964 770 abc"],
    ["no digits", "no digits"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeDigits(input)).toBe(expected);
  });
});

describe("normalizeText: spellings that must compare equal", () => {
  it.each([
    ["alef with hamza above/plain/below", ["أحمد", "احمد", "إحمد", "آحمد", "ٱحمد"]],
    ["teh marbuta / heh", ["مدرسة", "مدرسه"]],
    ["alef maksura / yeh", ["مستشفى", "مستشفي", "مستشفی"]],
    ["harakat, shadda, superscript alef", ["مُحَمَّد", "محمد", "مٌحًمِّدْ"]],
    ["Arabic kaf / Sorani keheh", ["كوردستان", "کوردستان"]],
    ["Arabic yeh / Sorani yeh", ["سلێمانی", "سلێماني"]],
    ["Arabic and Kurdish-keyboard spellings of electrician", ["كهربائي", "کهربایی", "كهربائى"]],
    ["yeh with hamza", ["سائق", "سايق", "سایق"]],
    ["waw with hamza", ["مؤمن", "مومن"]],
    ["heh doachashmee", ["ھەولێر", "هەولێر"]],
    ["Arabic-Indic, Persian and ASCII digits", ["٠١٢", "۰۱۲", "012"]],
    ["tatweel", ["كـــهرباء", "كهرباء"]],
    ["ZWNJ and ZWJ", ["می\u200Cخواهم", "میخواهم", "می\u200Dخواهم"]],
    ["uppercase Latin", ["ELECTRICIAN", "Electrician", "electrician"]],
    ["bidi marks", ["\u200Fبغداد\u200E", "\u202Bبغداد\u202C", "\u2067بغداد\u2069", "\u061Cبغداد", "بغداد"]],
    ["whitespace", ["  طبيب \t\n  عام ", "طبيب عام", "طبيب\u00A0عام"]],
    ["presentation forms (PDF copy-paste)", ["ﻛﻬﺮﺑﺎﺋﻲ", "كهربائي"]],
  ])("%s", (_name, spellings) => {
    const forms = spellings.map(normalizeText);
    for (const f of forms) expect(f).toBe(forms[0]);
  });
});

describe("normalizeText: exact output", () => {
  it.each([
    ["أحمد", "احمد"],
    ["مدرسة", "مدرسه"],
    ["مستشفى", "مستشفی"],
    ["مُحَمَّد", "محمد"],
    ["كهربائي", "کهربایی"],
    ["٠١٢", "012"],
    ["۰۱۲", "012"],
    ["كـــهرباء", "کهرباء"],
    ["Hello  WORLD ", "hello world"],
    ["a\u200Bb", "a b"],
    ["\u200F\u200E", ""],
    ["", ""],
    ["کارەباچی", "کارەباچی"], // Sorani ە and ێ are kept
  ])("%j → %j", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it("keeps distinct words distinct", () => {
    expect(normalizeText("كهرباء")).not.toBe(normalizeText("كهربائي"));
    expect(normalizeText("ێ")).not.toBe(normalizeText("ی"));
    expect(normalizeText("ە")).not.toBe(normalizeText("ه"));
  });
});

describe("tokenize", () => {
  it.each([
    ["كهربائي، في بغداد!", ["کهربایی", "فی", "بغداد"]],
    ["AC-repair / Erbil", ["ac", "repair", "erbil"]],
    ["  ", []],
    ["طبيب\u200Cعام", ["طبیبعام"]],
    ["07٧٠ 123", ["0770", "123"]],
    ["مُحَمَّد", ["محمد"]],
  ])("%j → %j", (input, expected) => {
    expect(tokenize(input)).toEqual(expected);
  });
});

describe("normalizeText properties", () => {
  const interesting = fc.constantFrom(
    ...(
      "آأإٱاىيیئؤوةهھەكکێـًٌٍَُِّْٰ٠٩۰۹ABCZaz İΣσß " +
      "\t\n\u00A0\u200B\u200C\u200D\u200E\u200F\u202A\u202E\u2066\u2069\u061C\uFEFF\u00AD" +
      "ﻛﻬﺮﺑﺎﺋﻲﻻ\u0301\u0653\u0654\u0655e"
    ).split(""),
  );
  const arbitraries = [
    ["grapheme", fc.string({ unit: "grapheme", maxLength: 40 })],
    ["binary", fc.string({ unit: "binary", maxLength: 40 })],
    ["Arabic-heavy", fc.string({ unit: interesting, maxLength: 40 })],
  ] as const;

  it.each(arbitraries)("is idempotent and total on %s strings", (_name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        const once = normalizeText(s);
        expect(normalizeText(once)).toBe(once);
        expect(once).toBe(once.trim());
        expect(once).not.toMatch(/\s\s/);
        expect(() => tokenize(s)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe("withoutContacts: a person's words as a stranger may read them", () => {
  it("removes links however written, e-mails and phone numbers, and keeps the rest", () => {
    expect(withoutContacts("URGENT: your listing will be removed today. Confirm at http://evil.example/x now")).toBe(
      "URGENT: your listing will be removed today. Confirm at now",
    );
    expect(withoutContacts("see evil.example/x or www.bad.com, or bit.ly/abc")).toBe("see or or");
    expect(withoutContacts("mail me at a.b@example.com please")).toBe("mail me at please");
    expect(withoutContacts("call 0770 123 4567 or +964-770-1234567")).toBe("call or");
    expect(withoutContacts("اتصل على ٠٧٧٠١٢٣٤٥٦٧ بسرعة")).toBe("اتصل على بسرعة");
    expect(withoutContacts("evil [.] example/x")).toBe("");
  });

  it("leaves an ordinary job alone: numbers of a house, a room, a time", () => {
    expect(withoutContacts("The AC in room 12 blows warm air, house 14 street 62, after 5 pm")).toBe(
      "The AC in room 12 blows warm air, house 14 street 62, after 5 pm",
    );
    expect(withoutContacts("Fix the heater\nIt stops after 10 min.")).toBe("Fix the heater\nIt stops after 10 min.");
    expect(withoutContacts("Budget 1500000 IQD, on 2026-12-01")).toBe("Budget 1500000 IQD, on 2026-12-01");
  });
});
