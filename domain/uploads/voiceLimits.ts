/**
 * A voice note's limits, in a module of their own so the web's recorder
 * reads the same numbers as the server without bundling the server's code.
 */

/** A note recorded on the web: two minutes at most (the recorder warns at 100 s and stops at 120 s). */
export const MAX_VOICE_MS = 120_000;
/** The recorder warns this long into a note. */
export const VOICE_WARN_MS = 100_000;
/** 120 s of Opus at the recorder's 32 kbit/s is ~480 KB; Safari's AAC runs larger. */
export const MAX_VOICE_BYTES = 2 * 1024 * 1024;
/** Shorter than this is a slip of the finger, not a note: the recorder drops it and says to hold longer. */
export const MIN_VOICE_MS = 700;
