/**
 * The microphone from the moment of the press: the composer's microphone button calls this on pointer-down, before the
 * recording UI and the recorder's code have arrived, so a note keeps its first words (it lost 1.6 s on a first tap
 * while they loaded). Only the browser's own MediaRecorder is used here: a few lines on the chat page. Making the file
 * to upload (WebM repackaged as Ogg by mediabunny) is recorder.client.ts's job, at the release.
 */
export type RecorderError = "micDenied" | "unsupported";

export interface Capture {
  /** when the recorder started taking sound (performance.now()) */
  startedAt: number;
  kind: "ogg" | "webm" | "m4a";
  mime: string;
  /** ends the recording: what it heard, and how long */
  stop(): Promise<{ blob: Blob; durationMs: number }>;
  /** ends it and throws it away */
  cancel(): void;
}

const CHOICES = [
  { mime: "audio/ogg;codecs=opus", kind: "ogg" },
  { mime: "audio/webm;codecs=opus", kind: "webm" },
  { mime: "audio/mp4", kind: "m4a" },
] as const;

/** Asks for the microphone and starts recording at once; rejects with a RecorderError the panel translates. */
export async function startCapture(): Promise<Capture> {
  if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia)
    throw new Error("unsupported" satisfies RecorderError);
  const choice = CHOICES.find((c) => MediaRecorder.isTypeSupported(c.mime));
  if (!choice) throw new Error("unsupported" satisfies RecorderError);
  let mic: MediaStream;
  try {
    mic = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
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
    kind: choice.kind,
    mime: choice.mime,
    async stop() {
      const durationMs = performance.now() - startedAt;
      if (recorder.state !== "inactive") recorder.stop();
      await stopped;
      release();
      return { blob: new Blob(chunks, { type: choice.mime }), durationMs };
    },
    cancel() {
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}
