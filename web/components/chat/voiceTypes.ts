// What the microphone button and the recorder it loads share, as types alone: neither imports the other for them.

/** The finger on the microphone: where and when it went down, and whether it is still down. */
export interface Gesture {
  x: number;
  y: number;
  at: number;
  down: boolean;
}
export type MicLook = "idle" | "held" | "busy";

/** A stored voice note, as POST /api/upload answered: sent into the conversation like a photo. */
export type StoredVoice = { url: string; durationMs: number; peaks: number[] };
