import { describe, expect, it } from "vitest";
import { namesForReader } from "./displayName";

describe("the name in the reader's script first, the other beneath it", () => {
  const latinFirst = { name: "Kareem Electric", nameOther: "كريم للكهرباء" };
  const arabicFirst = { name: "كريم للكهرباء", nameOther: "Kareem Electric" };

  it("an Arabic or Kurdish reader sees the Arabic-script name first", () => {
    for (const lang of ["ar", "ku"]) {
      expect(namesForReader(latinFirst, lang)).toEqual({ primary: "كريم للكهرباء", secondary: "Kareem Electric" });
      expect(namesForReader(arabicFirst, lang)).toEqual({ primary: "كريم للكهرباء", secondary: "Kareem Electric" });
    }
  });

  it("an English reader sees the Latin name first", () => {
    expect(namesForReader(arabicFirst, "en")).toEqual({ primary: "Kareem Electric", secondary: "كريم للكهرباء" });
    expect(namesForReader(latinFirst, "en")).toEqual({ primary: "Kareem Electric", secondary: "كريم للكهرباء" });
  });

  it("with one name, that name, whatever its script", () => {
    expect(namesForReader({ name: "کارگەی ئاسۆ", nameOther: null }, "en")).toEqual({
      primary: "کارگەی ئاسۆ",
      secondary: null,
    });
    expect(namesForReader({ name: "Aso Workshop", nameOther: "  " }, "ku")).toEqual({
      primary: "Aso Workshop",
      secondary: null,
    });
  });
});
