/**
 * What a voice note's bytes are, read from the container without decoding a sample (ADR 045): Ogg/Opus (what WhatsApp
 * and Telegram send, and what the web's recorder stores) or, from a Safari older than 18.4 only, M4A/AAC. Its duration
 * comes from the file itself and its waveform from the size of its Opus packets (louder speech takes more bits), so the
 * Worker never needs a decoder.
 */

export type AudioKind =
  | { ext: "ogg"; contentType: "audio/ogg"; channels: number }
  | { ext: "m4a"; contentType: "audio/mp4"; channels: number };

export interface AudioFacts {
  kind: AudioKind;
  durationMs: number;
  /** PEAK_COUNT values 0–100, the loudest stretch 100 */
  peaks: number[];
}

/** How many bars a waveform has. */
export const PEAK_COUNT = 64;

const ascii = (b: Uint8Array, at: number, s: string) => [...s].every((c, i) => b[at + i] === c.charCodeAt(0));
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)) + b[i + 3]! * 2 ** 24;
const u32be = (b: Uint8Array, i: number) => b[i]! * 2 ** 24 + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u64le = (b: Uint8Array, i: number) => u32le(b, i) + u32le(b, i + 4) * 2 ** 32;
const u64be = (b: Uint8Array, i: number) => u32be(b, i) * 2 ** 32 + u32be(b, i + 4);

/** The kind of audio, from the first bytes only: null for anything else (HTML, WebM, a photo, an empty file). */
export function detectAudio(head: Uint8Array): "ogg" | "m4a" | null {
  if (head.length >= 36 && ascii(head, 0, "OggS") && ascii(head, 28, "OpusHead")) return "ogg";
  if (head.length >= 12 && ascii(head, 4, "ftyp")) return "m4a";
  return null;
}

/** Milliseconds of audio in one Opus packet, from its TOC byte (RFC 6716 §3.1); null when the packet is malformed. */
export function opusPacketMs(p: Uint8Array): number | null {
  return tocMs(p.length, p[0] ?? 0, p[1] ?? 0);
}

/** opusPacketMs from a packet's length and first two bytes (the walker reads no more of a packet than that). */
function tocMs(length: number, toc: number, count: number): number | null {
  if (length < 1) return null;
  const config = toc >> 3;
  const frameMs =
    config < 12 ? [10, 20, 40, 60][config % 4]! : config < 16 ? [10, 20][config % 2]! : [2.5, 5, 10, 20][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : length >= 2 ? count & 0x3f : 0;
  if (frames === 0) return null;
  return frames * frameMs;
}

/** What one walk over an Ogg/Opus file found (see walkOggOpus). */
interface OggWalk {
  channels: number;
  preSkip: number;
  /** the largest granule position a page gives */
  lastGranule: number;
  /** the packets' own durations added up (pre-skip included) */
  packetMs: number;
  /** the most audio one page's packets hold: how far a last granule may run past the packets (a page lost) */
  pageMs: number;
  /** [bytes, ms, bytes, ms…] per audio packet, for the waveform */
  sizes: number[];
  /** the audio packets themselves, only when asked (the old-Safari player decodes them) */
  packets: Uint8Array[];
  /** the walk stopped because the packets already passed `maxMs` (the rest was not read) */
  overCap: boolean;
}

/**
 * Walks an Ogg/Opus file: one logical stream whose first packet is OpusHead and second OpusTags, pages all the way to
 * the end. Each audio packet is read only as far as its TOC (no copy, unless `keepPackets`), and the walk stops at the
 * first page after which the packets add up to more than `maxMs`: a file of a million one-byte packets costs what its
 * first `maxMs` of them cost. A page holds at most 255 packets (its segment table), so the work past the cap is bounded
 * too. null when it is not such a file.
 */
function walkOggOpus(b: Uint8Array, opts: { maxMs?: number; keepPackets?: boolean } = {}): OggWalk | null {
  let at = 0;
  let serial: number | null = null;
  let lastGranule = 0;
  let packet = 0;
  let channels = 0;
  let preSkip = 0;
  let packetMs = 0;
  let pageMs = 0;
  const sizes: number[] = [];
  const packets: Uint8Array[] = [];
  // the packet being read: its segments (only kept for the two headers, or when asked), length, first two bytes
  let pending: Uint8Array[] = [];
  let length = 0;
  let toc = 0;
  let count = 0;
  while (at < b.length) {
    if (at + 27 > b.length || !ascii(b, at, "OggS") || b[at + 4] !== 0) return null;
    const granule = u64le(b, at + 6);
    const pageSerial = u32le(b, at + 14);
    if (serial === null) serial = pageSerial;
    else if (pageSerial !== serial) return null;
    const segments = b[at + 26]!;
    const table = at + 27;
    let body = table + segments;
    if (body > b.length) return null;
    let thisPageMs = 0;
    for (let s = 0; s < segments; s++) {
      const len = b[table + s]!;
      if (body + len > b.length) return null;
      if (packet < 2 || opts.keepPackets) pending.push(b.subarray(body, body + len));
      if (length === 0 && len > 0) toc = b[body]!;
      if (length <= 1 && length + len >= 2) count = b[body + 1 - length]!;
      length += len;
      body += len;
      if (len < 255) {
        if (packet === 0) {
          const whole = join(pending);
          if (whole.length < 19 || !ascii(whole, 0, "OpusHead")) return null;
          channels = whole[9]!;
          preSkip = whole[10]! | (whole[11]! << 8);
        } else if (packet === 1) {
          if (!ascii(join(pending), 0, "OpusTags")) return null;
        } else {
          const ms = tocMs(length, toc, count);
          if (ms === null) return null;
          sizes.push(length, ms);
          packetMs += ms;
          thisPageMs += ms;
          if (opts.keepPackets) packets.push(join(pending));
        }
        pending = [];
        length = 0;
        packet++;
      }
    }
    // -1 (all bits set) means "no packet ends on this page"
    if (granule !== 2 ** 64 - 1 && granule < 2 ** 53) lastGranule = Math.max(lastGranule, granule);
    pageMs = Math.max(pageMs, thisPageMs);
    at = body;
    if (opts.maxMs !== undefined && packet >= 2 && packetMs - preSkip / 48 > opts.maxMs) {
      return { channels, preSkip, lastGranule, packetMs, pageMs, sizes, packets, overCap: true };
    }
  }
  if (packet < 2 || channels < 1) return null;
  return { channels, preSkip, lastGranule, packetMs, pageMs, sizes, packets, overCap: false };
}

/**
 * The packets of an Ogg/Opus file (see walkOggOpus), the channel count and pre-skip from OpusHead, the largest
 * granule position a page gives. null when it is not such a file. (The web's old-Safari player decodes them.)
 */
export function oggOpusPackets(
  b: Uint8Array,
): { channels: number; preSkip: number; lastGranule: number; packets: Uint8Array[] } | null {
  const ogg = walkOggOpus(b, { keepPackets: true });
  return ogg && { channels: ogg.channels, preSkip: ogg.preSkip, lastGranule: ogg.lastGranule, packets: ogg.packets };
}

/**
 * Reads an Ogg/Opus file. Its duration is what its packets add up to, and the last page's granule position must agree:
 * a granule past the packets by more than one page's audio (1 s of packets claiming 100 s) is a lie, and the file is
 * refused (null); one short of them (end trimming, or a lie the other way) counts for nothing. Given `maxMs`, reading
 * stops once the packets pass it, and the facts say so with a duration past `maxMs` (the caller refuses it as too
 * long). The waveform is bits per millisecond in PEAK_COUNT equal stretches.
 */
export function readOgg(b: Uint8Array, maxMs?: number): AudioFacts | null {
  const ogg = walkOggOpus(b, { maxMs });
  if (!ogg) return null;
  const fromPackets = Math.max(0, ogg.packetMs - ogg.preSkip / 48);
  const kind = { ext: "ogg", contentType: "audio/ogg", channels: ogg.channels } as const;
  if (ogg.overCap) return { kind, durationMs: Math.round(fromPackets), peaks: [] };
  const fromGranule = Math.max(0, (ogg.lastGranule - ogg.preSkip) / 48);
  if (fromGranule > fromPackets + ogg.pageMs) return null;
  const durationMs = Math.round(Math.max(fromGranule, fromPackets));
  return { kind, durationMs, peaks: peaksOf(ogg.sizes) };
}

function join(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
}

/** `pairs` is [bytes, ms, bytes, ms…]: bytes per ms over PEAK_COUNT equal stretches of time, scaled to 0–100. */
function peaksOf(pairs: number[]): number[] {
  let total = 0;
  for (let i = 1; i < pairs.length; i += 2) total += pairs[i]!;
  const bytes = new Array<number>(PEAK_COUNT).fill(0);
  const ms = new Array<number>(PEAK_COUNT).fill(0);
  let t = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const bucket = total > 0 ? Math.min(PEAK_COUNT - 1, Math.floor((t / total) * PEAK_COUNT)) : 0;
    bytes[bucket] += pairs[i]!;
    ms[bucket] += pairs[i + 1]!;
    t += pairs[i + 1]!;
  }
  const rate = bytes.map((n, i) => (ms[i]! > 0 ? n / ms[i]! : 0));
  const loudest = Math.max(...rate);
  const quietest = Math.min(...rate.filter((r) => r > 0), loudest);
  // silence still costs a few bytes a frame: the quietest stretch is the floor, the loudest the top
  return rate.map((r) =>
    loudest > quietest ? Math.round(8 + (92 * Math.max(0, r - quietest)) / (loudest - quietest)) : r > 0 ? 50 : 0,
  );
}

/**
 * Reads an M4A (MP4 audio) file, as Safari before 18.4 records: an `ftyp` box first, every track a sound track
 * (`hdlr` soun; a video track makes it not a voice note), and a duration from `mvhd`, or for a fragmented file
 * from `mehd` or the fragments' sample durations. The waveform is flat: AAC frames are all about the same size.
 */
export function readM4a(b: Uint8Array): AudioFacts | null {
  if (detectAudio(b) !== "m4a") return null;
  type Box = { type: string; start: number; end: number };
  const boxes = (from: number, to: number): Box[] | null => {
    const out: Box[] = [];
    let i = from;
    while (i + 8 <= to) {
      let size = u32be(b, i);
      const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
      let header = 8;
      if (size === 1) {
        if (i + 16 > to) return null;
        size = u64be(b, i + 8);
        header = 16;
      } else if (size === 0) size = to - i;
      if (size < header || i + size > to) return null;
      out.push({ type, start: i + header, end: i + size });
      i += size;
    }
    return i === to ? out : null;
  };
  const top = boxes(0, b.length);
  if (!top || top[0]?.type !== "ftyp") return null;
  const moov = top.find((x) => x.type === "moov");
  if (!moov) return null;
  const inMoov = boxes(moov.start, moov.end);
  if (!inMoov) return null;
  const traks = inMoov.filter((x) => x.type === "trak");
  if (!traks.length) return null;
  let timescale = 0;
  let trackScale = 0;
  let channels = 1;
  for (const trak of traks) {
    const mdia = boxes(trak.start, trak.end)?.find((x) => x.type === "mdia");
    const inMdia = mdia ? boxes(mdia.start, mdia.end) : null;
    const hdlr = inMdia?.find((x) => x.type === "hdlr");
    if (!hdlr || hdlr.start + 12 > hdlr.end || !ascii(b, hdlr.start + 8, "soun")) return null;
    const mdhd = inMdia!.find((x) => x.type === "mdhd");
    if (mdhd) trackScale = b[mdhd.start] === 1 ? u32be(b, mdhd.start + 20) : u32be(b, mdhd.start + 12);
    // the sample entry (mp4a) says how many channels: stsd sits in minf/stbl
    const minf = inMdia!.find((x) => x.type === "minf");
    const stbl = minf ? boxes(minf.start, minf.end)?.find((x) => x.type === "stbl") : undefined;
    const stsd = stbl ? boxes(stbl.start, stbl.end)?.find((x) => x.type === "stsd") : undefined;
    if (stsd && stsd.start + 8 + 8 + 18 <= stsd.end)
      channels = (b[stsd.start + 8 + 8 + 16]! << 8) | b[stsd.start + 8 + 8 + 17]!;
  }
  let duration = 0;
  const mvhd = inMoov.find((x) => x.type === "mvhd");
  if (mvhd) {
    const v1 = b[mvhd.start] === 1;
    timescale = v1 ? u32be(b, mvhd.start + 20) : u32be(b, mvhd.start + 12);
    duration = v1 ? u64be(b, mvhd.start + 24) : u32be(b, mvhd.start + 16);
  }
  let durationMs = timescale > 0 ? (duration / timescale) * 1000 : 0;
  if (durationMs === 0) {
    const mvex = inMoov.find((x) => x.type === "mvex");
    const mehd = mvex ? boxes(mvex.start, mvex.end)?.find((x) => x.type === "mehd") : undefined;
    if (mehd && timescale > 0)
      durationMs = ((b[mehd.start] === 1 ? u64be(b, mehd.start + 4) : u32be(b, mehd.start + 4)) / timescale) * 1000;
  }
  if (durationMs === 0 && trackScale > 0) durationMs = (fragmentTicks(b, top, boxes) / trackScale) * 1000;
  if (!(durationMs > 0)) return null;
  return {
    kind: { ext: "m4a", contentType: "audio/mp4", channels: channels || 1 },
    durationMs: Math.round(durationMs),
    peaks: new Array<number>(PEAK_COUNT).fill(50),
  };
}

/** The sum of every fragment's sample durations (trun, with tfhd's default), in the track's timescale. */
function fragmentTicks(
  b: Uint8Array,
  top: { type: string; start: number; end: number }[],
  boxes: (from: number, to: number) => { type: string; start: number; end: number }[] | null,
): number {
  let ticks = 0;
  for (const moof of top.filter((x) => x.type === "moof")) {
    for (const traf of boxes(moof.start, moof.end)?.filter((x) => x.type === "traf") ?? []) {
      const inTraf = boxes(traf.start, traf.end) ?? [];
      const tfhd = inTraf.find((x) => x.type === "tfhd");
      let fallback = 0;
      if (tfhd) {
        const flags = (b[tfhd.start + 1]! << 16) | (b[tfhd.start + 2]! << 8) | b[tfhd.start + 3]!;
        let i = tfhd.start + 8 + (flags & 1 ? 8 : 0) + (flags & 2 ? 4 : 0);
        if (flags & 8) fallback = u32be(b, i);
      }
      for (const trun of inTraf.filter((x) => x.type === "trun")) {
        const flags = (b[trun.start + 1]! << 16) | (b[trun.start + 2]! << 8) | b[trun.start + 3]!;
        const count = u32be(b, trun.start + 4);
        let i = trun.start + 8 + (flags & 1 ? 4 : 0) + (flags & 4 ? 4 : 0);
        const per =
          (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
        for (let s = 0; s < count && i + per <= trun.end; s++, i += per)
          ticks += flags & 0x100 ? u32be(b, i) : fallback;
      }
    }
  }
  return ticks;
}

/**
 * An Ogg/Opus or M4A file's facts, or null when the bytes are neither (whatever their name or declared type).
 * `maxMs`: an Ogg is read no further than this much audio (its duration then says it is longer).
 */
export function readAudio(bytes: Uint8Array, maxMs?: number): AudioFacts | null {
  const kind = detectAudio(bytes.subarray(0, 64));
  if (kind === "ogg") return readOgg(bytes, maxMs);
  if (kind === "m4a") return readM4a(bytes);
  return null;
}
