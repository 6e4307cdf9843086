// The sound Chromium's fake microphone plays in the voice-note test and bench: one generator for both.

/** A mono 16-bit 48 kHz WAV: a voice-like tone whose loudness rises and falls, then a pause, looped by Chromium. */
export function speechWav(seconds) {
  const rate = 48_000;
  const n = rate * seconds;
  const out = Buffer.alloc(44 + n * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + n * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const envelope = Math.max(0, Math.sin(t * Math.PI * 1.5)) ** 2;
    const sample =
      (envelope *
        0.6 *
        (Math.sin(2 * Math.PI * 220 * t) +
          0.5 * Math.sin(2 * Math.PI * 440 * t) +
          0.25 * Math.sin(2 * Math.PI * 880 * t))) /
      1.75;
    out.writeInt16LE(Math.round(sample * 32767), 44 + i * 2);
  }
  return out;
}
