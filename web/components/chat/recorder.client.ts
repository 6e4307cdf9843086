/**
 * The voice recorder (issue #29), loaded on the first microphone tap, never with the chat page: the microphone in
 * mono, MediaRecorder at 32 kbit/s, and a WebM/Opus recording repackaged as Ogg/Opus (mediabunny copies the
 * Opus packets into Ogg pages; nothing is re-encoded), so the server stores one format. Firefox records Ogg
 * itself; a Safari older than 18.4 records M4A/AAC, which is kept as it is.
 */
import { BlobSource, BufferTarget, EncodedAudioPacketSource, EncodedPacketSink, Input, OggOutputFormat, Output, WEBM } from "mediabunny";

export type RecorderError = "micDenied" | "unsupported";

export interface Recorded {
  /** what to upload, as the server stores it (Ogg/Opus or M4A) */
  file: File;
  durationMs: number;
}

export interface Recording {
  startedAt: number;
  /** ends the recording and makes the file to upload */
  stop(): Promise<Recorded>;
  /** ends it and throws it away */
  cancel(): void;
}

const CHOICES = [
  { mime: "audio/ogg;codecs=opus", kind: "ogg" },
  { mime: "audio/webm;codecs=opus", kind: "webm" },
  { mime: "audio/mp4", kind: "m4a" },
] as const;

/** Asks for the microphone and starts recording; rejects with a RecorderError the panel translates. */
export async function startRecording(): Promise<Recording> {
  if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) throw new Error("unsupported" satisfies RecorderError);
  const choice = CHOICES.find((c) => MediaRecorder.isTypeSupported(c.mime));
  if (!choice) throw new Error("unsupported" satisfies RecorderError);
  let mic: MediaStream;
  try {
    mic = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  } catch {
    throw new Error("micDenied" satisfies RecorderError);
  }
  // one voice: a microphone that comes stereo is mixed down to mono on the way to the recorder
  let context: AudioContext | null = null;
  let stream = mic;
  if ((mic.getAudioTracks()[0]?.getSettings().channelCount ?? 1) !== 1) {
    context = new AudioContext();
    const mono = context.createMediaStreamDestination();
    mono.channelCount = 1;
    mono.channelCountMode = "explicit";
    context.createMediaStreamSource(mic).connect(mono);
    stream = mono.stream;
  }
  const recorder = new MediaRecorder(stream, { mimeType: choice.mime, audioBitsPerSecond: 32_000 });
  const chunks: Blob[] = [];
  recorder.addEventListener("dataavailable", (e) => e.data.size && chunks.push(e.data));
  const release = () => {
    mic.getTracks().forEach((t) => t.stop());
    void context?.close().catch(() => undefined);
  };
  const stopped = new Promise<void>((resolve) => recorder.addEventListener("stop", () => resolve(), { once: true }));
  recorder.start(1000);
  const startedAt = performance.now();
  return {
    startedAt,
    async stop() {
      const durationMs = performance.now() - startedAt;
      if (recorder.state !== "inactive") recorder.stop();
      await stopped;
      release();
      const blob = new Blob(chunks, { type: choice.mime });
      if (choice.kind === "webm") return { file: new File([await webmToOgg(blob)], "voice.ogg", { type: "audio/ogg" }), durationMs };
      if (choice.kind === "ogg") return { file: new File([blob], "voice.ogg", { type: "audio/ogg" }), durationMs };
      return { file: new File([blob], "voice.m4a", { type: "audio/mp4" }), durationMs };
    },
    cancel() {
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
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
