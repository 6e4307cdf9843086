import { describe, expect, it } from "vitest";
import { m4a, oggOpus, webmVideo } from "../../tests/audio";
import { opusPacketMs, readAudio, readOgg } from "./audio";

describe("reading a voice note from its container (issue #29, ADR 045)", () => {
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
    for (let at = 0; at < bytes.length; ) {
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
