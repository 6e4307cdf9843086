import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formObject, safeRedirect } from "./actions.server";

const SITE = "https://dalil.example";

/** Where a browser would actually go when it follows `Location: value` from a page on SITE. */
const destination = (value: string) => new URL(value, `${SITE}/login`);

/** Pieces attackers string together: schemes, slashes of every kind, encodings, controls, unicode. */
const piece = fc.constantFrom(
  "/",
  "//",
  "\\",
  "/\\",
  "\\/",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%09",
  "%0a",
  "%00",
  "%2e",
  ".",
  "..",
  "@",
  ":",
  "?",
  "#",
  "\t",
  "\n",
  "\r",
  "\0",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\u200b",
  "\uff0f",
  "\u2215",
  "\u2044",
  "http:",
  "https:",
  "javascript:",
  "data:",
  "evil.com",
  "example.org",
  "localhost",
  "127.0.0.1",
  "[::1]",
  " ",
  "ا",
  "ک",
  "bookings",
  "search?q=1",
  "provider/2",
);
const attack = fc
  .array(fc.oneof(piece, fc.string({ maxLength: 4 }), fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 8 })
  .map((a) => a.join(""));

describe("safeRedirect: only a path on this site", () => {
  it("keeps ordinary paths, with their query and fragment", () => {
    expect(safeRedirect("/bookings")).toBe("/bookings");
    expect(safeRedirect("/book/12?x=1#top")).toBe("/book/12?x=1#top");
    expect(safeRedirect("/search?search=%D9%83")).toBe("/search?search=%D9%83");
    expect(safeRedirect("/بحث")).toBe("/%D8%A8%D8%AD%D8%AB");
  });

  it("refuses what sends a browser elsewhere or breaks the Location header", () => {
    for (const bad of [
      "//evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "/\r\n/evil.com",
      "/\u0000/evil.com",
      "/\u001f/evil.com",
      "https://evil.com",
      "javascript:alert(1)",
      "evil.com",
      " /bookings",
      "/.//evil.com",
      "/%0a",
      undefined,
      null,
      "",
      42,
    ]) {
      const out = safeRedirect(bad);
      expect(destination(out).origin, JSON.stringify(bad)).toBe(SITE);
      if (typeof bad === "string" && /[\t\n\r\0\\\u001f]|^\/\.\/\/|^[^/]|^\/\//.test(bad))
        expect(out, JSON.stringify(bad)).toBe("/");
    }
  });

  it("whatever the input, the answer is a printable same-origin path a browser keeps on this site", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          attack,
          attack.map((s) => `/${s}`),
          fc.string({ unit: "grapheme", maxLength: 30 }).map((s) => `/${s}`),
        ),
        (input) => {
          const out = safeRedirect(input);
          expect(out.startsWith("/")).toBe(true);
          expect(out.startsWith("//")).toBe(false);
          expect(out).toMatch(/^[\x21-\x7e]+$/); // nothing a header or a browser would mangle
          expect(destination(out).origin).toBe(SITE);
          // and a new Response accepts it as a Location header (a newline used to give a 500)
          expect(() => new Response(null, { status: 302, headers: { Location: out } })).not.toThrow();
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("formObject never throws", () => {
  const post = (body: BodyInit, type?: string) =>
    new Request("http://localhost/login", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("reads a real form", async () => {
    expect(await formObject(post("phone=0770&password=x", "application/x-www-form-urlencoded"))).toEqual({
      phone: "0770",
      password: "x",
    });
  });

  it("reads JSON, text, a missing type and a truncated multipart body as an empty form", async () => {
    expect(await formObject(post('{"phone":"0770"}', "application/json"))).toEqual({});
    expect(await formObject(post("hello", "text/plain"))).toEqual({});
    expect(await formObject(post("phone=0770"))).toEqual({});
    const truncated = '--XYZ\r\nContent-Disposition: form-data; name="phone"\r\n\r\n0770';
    expect(await formObject(post(truncated, "multipart/form-data; boundary=XYZ"))).toEqual({});
    expect(await formObject(post("whatever", "multipart/form-data"))).toEqual({});
  });
});
