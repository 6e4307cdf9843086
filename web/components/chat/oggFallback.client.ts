import { oggOpusPackets } from "../../../domain/uploads/audio";

/**
 * For a Safari older than 18.4, which can't play Ogg/Opus: the note is fetched, its Opus packets read from the Ogg
 * pages by the server's own reader, decoded to PCM by a WebAssembly Opus decoder (opus-decoder, loaded only here, only
 * then) and handed to the player as a WAV in memory (a blob: address, which the audio element plays and seeks like any
 * file).
 */
export async function playableUrl(url: string): Promise<string> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`voice ${res.status}`);
  const ogg = oggOpusPackets(new Uint8Array(await res.arrayBuffer()));
  if (!ogg) throw new Error("not an Ogg/Opus note");
  const { OpusDecoder } = await import("opus-decoder");
  const decoder = new OpusDecoder({ channels: ogg.channels, preSkip: ogg.preSkip });
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decodeFrames(ogg.packets);
    return URL.createObjectURL(
      new Blob([wav(channelData[0]!.subarray(0, samplesDecoded), sampleRate)], { type: "audio/wav" }),
    );
  } finally {
    decoder.free();
  }
}

/** Mono 16-bit PCM in a RIFF/WAVE header. */
function wav(samples: Float32Array, rate: number): ArrayBuffer {
  const out = new ArrayBuffer(44 + samples.length * 2);
  const v = new DataView(out);
  const text = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  v.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  text(36, "data");
  v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++)
    v.setInt16(44 + i * 2, Math.max(-1, Math.min(1, samples[i]!)) * 0x7fff, true);
  return out;
}
