import { describe, expect, it } from "vitest";
import { isolate, isolateLtr, LRI, LRO, PDF, PDI, stripIsolates } from "./bidi";

describe("bidi helpers (ADR 013)", () => {
  it("a phone in Arabic-Indic digits reads in the order it was typed: an override inside the isolate", () => {
    // an isolate alone lets the spaces between Arabic numbers run right to left: «٢٢٣٣ ١١١ ٠٧٨٠» on screen
    const typed = "٠٧٨٠ ١١١ ٢٢٣٣";
    expect(isolateLtr(typed)).toBe(`${LRI}${LRO}${typed}${PDF}${PDI}`);
    expect(isolateLtr("+964 780 111 2233")).toBe(`${LRI}${LRO}+964 780 111 2233${PDF}${PDI}`);
    expect(stripIsolates(`رقمك ${isolateLtr(typed)}`)).toBe(`رقمك ${typed}`);
  });

  it("direction controls a person typed are removed before isolating (no spoofing)", () => {
    expect(isolateLtr("\u202E0780 111\u202C")).toBe(`${LRI}${LRO}0780 111${PDF}${PDI}`);
    expect(isolate("\u2067abc\u2069")).toBe("\u2068abc\u2069");
  });
});
