/**
 * Voice-note files for tests, made byte by byte: Ogg/Opus pages with their CRC (as every Ogg reader checks), a mono
 * OpusHead, OpusTags and 20 ms CELT packets; a minimal M4A; and a WebM that is a video.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

function oggCrc(b: Uint8Array): number {
  let crc = 0;
  for (const x of b) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ x]!) >>> 0;
  return crc;
}

function page(packets: Uint8Array[], granule: number, seq: number, flags: number): Uint8Array {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const body = packets.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(27 + lacing.length + body);
  const v = new DataView(out.buffer);
  out.set([0x4f, 0x67, 0x67, 0x53, 0, flags]);
  v.setUint32(6, granule % 2 ** 32, true);
  v.setUint32(10, Math.floor(granule / 2 ** 32), true);
  v.setUint32(14, 0x64616c69, true);
  v.setUint32(18, seq, true);
  out[26] = lacing.length;
  out.set(lacing, 27);
  let at = 27 + lacing.length;
  for (const p of packets) {
    out.set(p, at);
    at += p.length;
  }
  v.setUint32(22, oggCrc(out), true);
  return out;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * An Ogg/Opus voice note of `seconds`, mono (or `channels`), 20 ms packets whose sizes rise and fall like speech
 * (`loud(t)` 0–1 picks each packet's size), 50 packets a page.
 */
export function oggOpus(seconds: number, opts: { channels?: number; loud?: (t: number) => number } = {}): Uint8Array {
  const channels = opts.channels ?? 1;
  const loud = opts.loud ?? ((t: number) => (Math.sin(t * 3) + 1) / 2);
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode("OpusHead"));
  head[8] = 1;
  head[9] = channels;
  new DataView(head.buffer).setUint16(10, 312, true);
  new DataView(head.buffer).setUint32(12, 48000, true);
  const tags = concat([
    new TextEncoder().encode("OpusTags"),
    new Uint8Array([5, 0, 0, 0]),
    new TextEncoder().encode("dalil"),
    new Uint8Array(4),
  ]);
  const pages = [page([head], 0, 0, 2), page([tags], 0, 1, 0)];
  const count = Math.round((seconds * 1000) / 20);
  let seq = 2;
  for (let i = 0; i < count; i += 50) {
    const packets: Uint8Array[] = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      const size = 3 + Math.round(loud((j * 20) / 1000) * 60);
      const p = new Uint8Array(size);
      p[0] = 0xf8 | (channels === 2 ? 0x04 : 0);
      for (let k = 1; k < size; k++) p[k] = (j * 31 + k * 7) & 0xff;
      packets.push(p);
    }
    const end = Math.min(count, i + 50);
    pages.push(page(packets, 312 + end * 960, seq++, end === count ? 4 : 0));
  }
  return concat(pages);
}

/** A minimal M4A as Safari before 18.4 records: ftyp, moov (mvhd with a duration, one sound track), mdat. */
export function m4a(seconds: number, handler = "soun"): Uint8Array {
  const box = (type: string, ...content: Uint8Array[]) => {
    const body = concat(content);
    const out = new Uint8Array(8 + body.length);
    new DataView(out.buffer).setUint32(0, out.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(body, 8);
    return out;
  };
  const u32 = (...ns: number[]) => {
    const out = new Uint8Array(ns.length * 4);
    ns.forEach((n, i) => new DataView(out.buffer).setUint32(i * 4, n));
    return out;
  };
  const mvhd = box("mvhd", u32(0, 0, 0, 1000, Math.round(seconds * 1000)), new Uint8Array(80));
  const hdlr = box("hdlr", u32(0, 0), new TextEncoder().encode(handler), new Uint8Array(12), new Uint8Array([0]));
  const mdhd = box("mdhd", u32(0, 0, 0, 44100, Math.round(seconds * 44100)), new Uint8Array(4));
  const trak = box("trak", box("mdia", mdhd, hdlr));
  return concat([
    box("ftyp", new TextEncoder().encode("M4A "), u32(0), new TextEncoder().encode("isomM4A ")),
    box("moov", mvhd, trak),
    box("mdat", new Uint8Array(4000)),
  ]);
}

/** The start of a WebM (EBML header, "webm" doctype) whose one track is video: not a voice note. */
export function webmVideo(): Uint8Array {
  return concat([
    new Uint8Array([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
      0x81, 0x08, 0x42, 0x82, 0x84,
    ]),
    new TextEncoder().encode("webm"),
    new Uint8Array([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
    new TextEncoder().encode("V_VP8 video track".padEnd(200, "\0")),
  ]);
}

/**
 * `oggOpus(seconds)` whose last page's granule position says `claimedSeconds` instead (1 s of packets claiming 100 s).
 * The CRC is written again, so only the granule is wrong.
 */
export function oggLyingGranule(seconds: number, claimedSeconds: number): Uint8Array {
  const bytes = oggOpus(seconds);
  let last = 0;
  for (let at = 0; at < bytes.length;) {
    last = at;
    const segments = bytes[at + 26]!;
    let len = 27 + segments;
    for (let i = 0; i < segments; i++) len += bytes[at + 27 + i]!;
    at += len;
  }
  const granule = 312 + Math.round(claimedSeconds * 48_000);
  const v = new DataView(bytes.buffer, bytes.byteOffset + last);
  v.setUint32(6, granule % 2 ** 32, true);
  v.setUint32(10, Math.floor(granule / 2 ** 32), true);
  v.setUint32(22, 0, true);
  const end = bytes.length;
  v.setUint32(22, oggCrc(bytes.subarray(last, end)), true);
  return bytes;
}

/**
 * The probe's pathological note: after the two headers, `bytes` worth of pages each holding 255 one-byte packets (2.5
 * ms each), about a million packets in 2 MB, then `tail` (whatever the caller puts there).
 */
export function oggManyTinyPackets(bytes: number, tail: Uint8Array = new Uint8Array(0)): Uint8Array {
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode("OpusHead"));
  head[8] = 1;
  head[9] = 1;
  new DataView(head.buffer).setUint32(12, 48000, true);
  const tags = concat([new TextEncoder().encode("OpusTags"), new Uint8Array(8)]);
  const pages = [page([head], 0, 0, 2), page([tags], 0, 1, 0)];
  const tiny = Array.from({ length: 255 }, () => new Uint8Array([0x80]));
  let size = pages[0]!.length + pages[1]!.length;
  let granule = 0;
  for (let seq = 2; size < bytes; seq++) {
    granule += 255 * 120;
    const p = page(tiny, granule, seq, 0);
    pages.push(p);
    size += p.length;
  }
  pages.push(tail);
  return concat(pages);
}
