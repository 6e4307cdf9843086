/**
 * The voice recorder's file maker, loaded on the first microphone tap, never with the chat page. The sound itself is
 * captured from the press by capture.ts (MediaRecorder, mono, 32 kbit/s); here a WebM/Opus recording is repackaged as
 * Ogg/Opus (mediabunny copies the Opus packets into Ogg pages; nothing is re-encoded), so the server stores one format.
 * Firefox records Ogg itself; a Safari older than 18.4 records M4A/AAC, which is kept as it is.
 */
import {
  BlobSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  OggOutputFormat,
  Output,
  WEBM,
} from "mediabunny";
import type { Capture, RecorderError } from "./capture";

export interface Recorded {
  /** what to upload, as the server stores it (Ogg/Opus or M4A) */
  file: File;
  durationMs: number;
}

/** Ends a capture and makes the file to upload. */
export async function finishCapture(capture: Capture): Promise<Recorded> {
  const { blob, durationMs } = await capture.stop();
  if (capture.kind === "webm")
    return { file: new File([await webmToOgg(blob)], "voice.ogg", { type: "audio/ogg" }), durationMs };
  if (capture.kind === "ogg") return { file: new File([blob], "voice.ogg", { type: "audio/ogg" }), durationMs };
  return { file: new File([blob], "voice.m4a", { type: "audio/mp4" }), durationMs };
}

/** The Opus packets of a WebM recording, unchanged, in an Ogg file (OpusHead from the WebM's codec private data). */
export async function webmToOgg(webm: Blob): Promise<ArrayBuffer> {
  const input = new Input({ formats: [WEBM], source: new BlobSource(webm) });
  const track = await input.getPrimaryAudioTrack();
  if (!track || track.codec !== "opus") throw new Error("unsupported" satisfies RecorderError);
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig) throw new Error("unsupported" satisfies RecorderError);
  const output = new Output({ format: new OggOutputFormat(), target: new BufferTarget() });
  const source = new EncodedAudioPacketSource("opus");
  output.addAudioTrack(source);
  await output.start();
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    await source.add(packet, first ? { decoderConfig } : undefined);
    first = false;
  }
  source.close();
  await output.finalize();
  input.dispose?.();
  return output.target.buffer!;
}
