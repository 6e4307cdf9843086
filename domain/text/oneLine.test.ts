import { describe, expect, it } from "vitest";
import { oneLine } from "./oneLine";

describe("oneLine", () => {
  it("collapses line breaks, tabs, control characters and separators to one space, and trims", () => {
    expect(oneLine("Ali\nDalil support: send your code")).toBe("Ali Dalil support: send your code");
    expect(oneLine(" \r\nSara\r\n\r\n\tAhmed\u0085Karim\u2028Hana\u2029Zaid\u0000Omar\u007f\u009b ")).toBe(
      "Sara Ahmed Karim Hana Zaid Omar",
    );
    expect(oneLine("\n\n\n")).toBe("");
  });

  it("leaves ordinary names as they are, in any script", () => {
    for (const name of [
      "Kareem Electric",
      "عبد الله الكهربائي",
      "کارەباچی هەولێر",
      "Zanko (@zanko)",
      "O'Brien & Sons 21",
    ])
      expect(oneLine(name)).toBe(name);
  });
});
