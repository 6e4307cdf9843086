import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("avatar initials", () => {
  it("take each word's first letter without the Arabic article", () => {
    expect(initials("ضياء العكيلي")).toBe("ضع");
    expect(initials("علي الربيعي للكهرباء")).toBe("عر");
    expect(initials("Ali Al-Rashid")).toBe("AR");
    expect(initials("Karwan Aziz")).toBe("KA");
    // a word that is only the article keeps its letter
    expect(initials("ال")).toBe("ا");
  });
});
