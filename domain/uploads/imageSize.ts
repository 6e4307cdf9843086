/**
 * The width and height an image declares in its header, read from the first bytes without decoding it
 * (issue #18): a 0.9 MB PNG can declare 30000×30000 pixels, which every phone that shows it must decode.
 * PNG (IHDR), GIF (logical screen), JPEG (the first SOFn marker), WebP (VP8, VP8L, VP8X). null when the
 * header cannot be read.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

export function imageSize(b: Uint8Array, ext: "jpg" | "png" | "webp" | "gif"): { width: number; height: number } | null {
  try {
    if (ext === "png") return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    if (ext === "gif") return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    if (ext === "webp") {
      const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
      if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
      if (chunk === "VP8L" && b.length >= 25) {
        const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      return null;
    }
    // JPEG: walk the markers to the first start-of-frame (C0–CF except C4 DHT, C8 JPG, CC DAC)
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
      }
      i += 2 + u16be(b, i + 2);
    }
    return null;
  } catch {
    return null;
  }
}
