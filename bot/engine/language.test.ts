import { describe, expect, it } from "vitest";
import { languageFrom, writtenIn } from "./language";

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
});
