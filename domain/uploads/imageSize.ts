/**
 * The width and height an image declares in its header, read from the first bytes without decoding it: a 0.9 MB PNG can
 * declare 30000×30000 pixels, which every phone that shows it must decode. PNG (IHDR), GIF (the logical screen and
 * every frame, below), JPEG (the first SOFn marker), WebP (VP8, VP8L, VP8X). null when the header cannot be read.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

export function imageSize(
  b: Uint8Array,
  ext: "jpg" | "png" | "webp" | "gif",
): { width: number; height: number } | null {
  try {
    if (ext === "png") return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    if (ext === "gif") return gifSize(b);
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

/**
 * A GIF's size is its logical screen grown to hold every frame: a 1×1 screen can carry a 20000×20000 frame, and
 * browsers enlarge the canvas to the frame and decode it whole. Walks the blocks (extensions and image descriptors,
 * skipping colour tables and data sub-blocks) to the trailer or the end of the bytes; a block that is neither makes the
 * file unreadable (null), so nothing hides behind it.
 */
function gifSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 10) return null;
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  if (b.length < 13) return { width, height };
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /** the index after a chain of data sub-blocks (each a length byte, then that many bytes; 0 ends it) */
  const skipSubBlocks = (i: number) => {
    while (i < b.length && b[i] !== 0) i += 1 + b[i]!;
    return i + 1;
  };
  let i = 13 + colourTable(b[10]!);
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      // extension: its label, then sub-blocks
      i = skipSubBlocks(i + 2);
    } else if (block === 0x2c) {
      // image descriptor: left, top, width, height, packed; then a local colour table, the LZW code size and data
      if (i + 10 > b.length) break;
      width = Math.max(width, u16le(b, i + 1) + u16le(b, i + 5));
      height = Math.max(height, u16le(b, i + 3) + u16le(b, i + 7));
      i = skipSubBlocks(i + 10 + colourTable(b[i + 9]!) + 1);
    } else {
      return null;
    }
  }
  return { width, height };
}
