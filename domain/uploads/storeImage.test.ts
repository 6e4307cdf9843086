import { describe, expect, it } from "vitest";
import { detectImage, IMAGE_KEY } from "./storeImage";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectImage decides by magic bytes only", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xdb]), "jpg", "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]), "png", "image/png"],
    ["GIF87a", bytes("GIF87a"), "gif", "image/gif"],
    ["GIF89a", bytes("GIF89a"), "gif", "image/gif"],
    ["WebP", bytes("RIFF", [1, 2, 3, 4], "WEBP"), "webp", "image/webp"],
  ])("%s", (_name, b, ext, contentType) => {
    expect(detectImage(b)).toEqual({ ext, contentType });
  });

  it.each([
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["SVG with an XML prolog", bytes('<?xml version="1.0"?><svg/>')],
    ["HTML", bytes("<!doctype html><script>")],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [0, 0, 0, 0], "WAVE")],
    ["a truncated PNG signature", bytes([0x89], "PNG")],
    ["nothing", new Uint8Array(0)],
  ])("refuses %s", (_name, b) => {
    expect(detectImage(b)).toBeNull();
  });

  it("serves only keys the upload makes", () => {
    expect(IMAGE_KEY.test("img/AbC_def-1234567890.png")).toBe(true);
    expect(IMAGE_KEY.test("img/../../etc/passwd")).toBe(false);
    expect(IMAGE_KEY.test("img/abcdefgh.svg")).toBe(false);
    expect(IMAGE_KEY.test("other/abcdefgh.png")).toBe(false);
  });
});
