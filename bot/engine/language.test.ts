import { describe, expect, it } from "vitest";
import { guessedFromLatin, languageFrom, writtenIn } from "./language";

describe("the language a message is written in (ADR 025)", () => {
  it("Baghdadi Arabic typed with چ, گ and پ stays Arabic; it is never taken for Sorani", () => {
    for (const text of [
      "باچر مساءً",
      "باچر الصبح",
      "اريد واحد يصلح پنچر",
      "گلي شكد السعر",
      "چا شلونكم",
      "باچر عصر 🙏",
    ]) {
      expect(writtenIn(text, "ar"), text).toBe("ar");
      expect(languageFrom(undefined, text), text).toBe("ar");
    }
    // an English chat that writes Arabic with چ is answered in Arabic
    expect(writtenIn("باچر مساءً", "en")).toBe("ar");
  });

  it("Sorani is Sorani, with its own letters or with چ/گ beside its ی and ک", () => {
    for (const text of ["سبەینێ ئێوارە", "کارەباچیم دەوێت", "سڵاو", "کچ", "گرنگی"]) {
      expect(writtenIn(text, "ar"), text).toBe("ku");
      expect(languageFrom(undefined, text), text).toBe("ku");
    }
    // Arabic script with no telling letter keeps a Sorani chat Sorani; Latin letters change nothing
    expect(writtenIn("باچر", "ku")).toBe("ku");
    expect(writtenIn("kurdi", "ku")).toBe("ku");
    expect(writtenIn("شلونك", "ku")).toBe("ar");
  });

  it("Sorani typed on an Arabic keyboard, ە as ه with its ZWNJ, is Sorani («وه‌ستاكه‌ نه‌هات»)", () => {
    expect(writtenIn("وه\u200cستاكه\u200c نه\u200cهات", "ar")).toBe("ku");
    expect(languageFrom(undefined, "ئه\u200cمه\u200c چۆن كار ده\u200cكات")).toBe("ku");
  });

  it("a greeting or thanks only Sorani says is Sorani with no letter of its own («سلاو»)", () => {
    for (const text of ["سلاو", "سلاو 👋", "سوپاس!", "سپاس"]) {
      expect(languageFrom(undefined, text), text).toBe("ku");
      expect(writtenIn(text, "ar"), text).toBe("ku");
    }
    for (const text of ["سلام", "هلاو", "مرحبا", "شكرا", "سلاو دكتور اسنان"]) {
      expect(languageFrom(undefined, text), text).toBe("ar");
    }
  });

  it("a guessed language follows Latin letters the reader can tell: Arabizi, Latin Sorani, English (ADR 097)", () => {
    const places = [
      { slug: "baghdad", name: "Baghdad", nameAr: "بغداد", nameKu: "بەغدا" },
      { slug: "erbil", name: "Erbil", nameAr: "أربيل", nameKu: "هەولێر" },
      { slug: "sulaymaniyah", name: "Sulaymaniyah", nameAr: "السليمانية", nameKu: "سلێمانی" },
    ];
    const cases: [string, "en" | "ar" | "ku"][] = [
      ["ariid sabbak b zayouna", "ar"],
      ["abi kahrabchi bl karrada", "ar"],
      ["aku 7addad yiji hessa?", "ar"],
      ["tabib asnan bl mansour 🦷", "ar"],
      ["kareba hawler", "ku"],
      ["wastay kareba la slemani", "ku"],
      ["borichi hawler", "ku"],
      ["need plumber baghdad", "en"],
      ["my fridge is not cooling please help", "en"],
    ];
    for (const [text, lang] of cases) expect(guessedFromLatin(text, "en", places), text).toBe(lang);
    // a place, small talk or nothing known says nothing: the guess stands
    for (const text of ["salam", "ok", "hi", "baghdad", "zzz"])
      expect(guessedFromLatin(text, "ar", places), text).toBe("ar");
    // "split" is said alike in English, Arabizi and Latin Sorani (the split AC): it says nothing either (ADR 101)
    for (const guess of ["ar", "en"] as const) expect(guessedFromLatin("split", guess, places)).toBe(guess);
  });
});
