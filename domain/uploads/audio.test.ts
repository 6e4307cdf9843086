import { describe, expect, it } from "vitest";
import { m4a, oggLyingGranule, oggManyTinyPackets, oggOpus, webmVideo } from "../../tests/audio";
import { opusPacketMs, readAudio, readOgg } from "./audio";

describe("reading a voice note from its container (ADR 045)", () => {
  it("an Ogg/Opus note's length, channels and 64 bars", () => {
    const facts = readAudio(oggOpus(7.5))!;
    expect(facts.kind).toEqual({ ext: "ogg", contentType: "audio/ogg", channels: 1 });
    expect(facts.durationMs).toBe(7500);
    expect(facts.peaks).toHaveLength(64);
    expect(facts.peaks.every((p) => p >= 0 && p <= 100)).toBe(true);
  });

  it("a file can't claim to be shorter than the audio it carries: a lying last granule counts for nothing", () => {
    const bytes = oggOpus(150);
    // rewrite every page's granule position to 1 s (the CRC is not what this reader trusts)
    for (let at = 0; at < bytes.length;) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + at);
      if (view.getUint32(6, true) > 0) view.setUint32(6, 48_000, true);
      const segments = bytes[at + 26]!;
      let len = 27 + segments;
      for (let i = 0; i < segments; i++) len += bytes[at + 27 + i]!;
      at += len;
    }
    expect(readOgg(bytes)!.durationMs).toBeGreaterThan(149_000);
  });

  it("refuses what is not one Ogg/Opus stream: cut short, a WebM, HTML, an empty file", () => {
    const whole = oggOpus(3);
    expect(readAudio(whole.slice(0, whole.length - 7))).toBeNull();
    expect(readAudio(webmVideo())).toBeNull();
    expect(readAudio(new TextEncoder().encode("<html><body>OggS OpusHead</body></html>"))).toBeNull();
    expect(readAudio(new Uint8Array(0))).toBeNull();
  });

  it("reads each Opus packet's length from its TOC byte (RFC 6716): SILK, hybrid, CELT, one to many frames", () => {
    expect(opusPacketMs(new Uint8Array([0xf8]))).toBe(20); // CELT 20 ms, one frame
    expect(opusPacketMs(new Uint8Array([0x08]))).toBe(20); // SILK 20 ms
    expect(opusPacketMs(new Uint8Array([0x71]))).toBe(20); // hybrid, two frames of 10 ms
    expect(opusPacketMs(new Uint8Array([0x79]))).toBe(40); // hybrid, two frames of 20 ms
    expect(opusPacketMs(new Uint8Array([0x1b, 0x03]))).toBe(180); // SILK 60 ms × 3 frames
    expect(opusPacketMs(new Uint8Array([0xfb, 0x00]))).toBeNull(); // zero frames is no packet
  });

  it("an M4A from an old Safari: its duration from mvhd; a video track is not a voice note", () => {
    expect(readAudio(m4a(12.25))).toMatchObject({ kind: { ext: "m4a", contentType: "audio/mp4" }, durationMs: 12250 });
    expect(readAudio(m4a(3, "vide"))).toBeNull();
  });
});

describe("an Ogg's duration agrees with its packets, and a hostile one is read no further than the cap", () => {
  it("1 s of packets whose last granule says 100 s is refused; a granule within one page of the packets is not", () => {
    expect(readOgg(oggLyingGranule(1, 100))).toBeNull();
    expect(readAudio(oggLyingGranule(1, 100), 120_500)).toBeNull();
    // 50 packets a page (1 s): a last page lost in transit still reads as the audio it carries
    expect(readOgg(oggLyingGranule(3, 3.8))!.durationMs).toBe(3800);
    expect(readOgg(oggOpus(3))!.durationMs).toBe(3000);
  });

  it(
    "a million one-byte packets: the walk stops once they pass the cap and says too long, never reading what " +
      "follows",
    () => {
      // what follows the cap is not Ogg at all: a reader that went on would call the file broken (null)
      const bytes = oggManyTinyPackets(2 * 1024 * 1024, new TextEncoder().encode("not an ogg page"));
      const facts = readAudio(bytes, 120_500);
      expect(facts).not.toBeNull();
      expect(facts!.durationMs).toBeGreaterThan(120_500);
      expect(facts!.durationMs).toBeLessThan(120_500 + 255 * 2.5 + 1);
    },
  );
});
