import { and, eq } from "drizzle-orm";
import { voiceNotes } from "../../db/schema";
import { randomToken } from "../accounts/tokens";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { releaseOnError, takeSlot, type Limit } from "../rateLimit";
import { readAudio, type AudioFacts } from "./audio";

import { MAX_VOICE_BYTES, MAX_VOICE_MS } from "./voiceLimits";

export { MAX_VOICE_BYTES, MAX_VOICE_MS, VOICE_WARN_MS } from "./voiceLimits";
/**
 * A note that arrives from WhatsApp or Telegram was recorded in that app, which has its own cap: it is carried
 * whole up to 15 minutes and WhatsApp's 16 MB (nothing a person sent is cut); longer, the bot says so.
 */
export const MAX_CHANNEL_VOICE_MS = 15 * 60_000;
export const MAX_CHANNEL_VOICE_BYTES = 16 * 1024 * 1024;

/**
 * 120 voice notes offered per user per hour, stored or refused
 * (a busy afternoon of talking to tradespeople, not a flood).
 */
const voiceLimit = (userId: number): Limit => ({ key: `voice:${userId}`, max: 120, windowMs: 60 * 60 * 1000 });

/** The address a stored note is played from (auth checked per request): /api/voice/<file>. */
export const VOICE_PATH = "/api/voice/";
/** The file part of a note's address, exactly what storeVoice makes. */
export const VOICE_FILE = /^[A-Za-z0-9_-]{16,64}\.(ogg|m4a)$/;
export const isSiteVoiceUrl = (url: string) =>
  url.startsWith(VOICE_PATH) && VOICE_FILE.test(url.slice(VOICE_PATH.length));
export const voiceKeyOf = (url: string) => `voice/${url.slice(VOICE_PATH.length)}`;

export type VoiceSource = "web" | "channel";

const fail = (key: string): never => {
  throw new ServiceError("VALIDATION", key, { audio: key });
};

/**
 * What the bytes are and whether they may be stored: Ogg/Opus mono (or M4A from an old Safari), within the source's
 * duration and size. The header decides, never the file's name or declared type; an Ogg is read no further than the
 * source's cap.
 */
export function checkVoice(body: ArrayBuffer | null, source: VoiceSource): AudioFacts {
  if (!body || body.byteLength === 0) return fail("validation.audioRequired");
  if (body.byteLength > (source === "web" ? MAX_VOICE_BYTES : MAX_CHANNEL_VOICE_BYTES))
    return fail("validation.audioTooLarge");
  const capMs = (source === "web" ? MAX_VOICE_MS : MAX_CHANNEL_VOICE_MS) + 500;
  const facts = readAudio(new Uint8Array(body), capMs);
  // a voice note is one voice: WhatsApp shows only mono Ogg/Opus as one
  if (!facts || facts.kind.channels !== 1 || facts.durationMs < 200) return fail("validation.audioType");
  if (facts.durationMs > capMs) return fail("validation.audioTooLong");
  return facts;
}

/**
 * Stores a signed-in user's voice note in R2 under a random key, with its row (duration, waveform, sender) in D1;
 * returns the address it is played from. It belongs to nobody else until it is sent into a conversation. Every attempt
 * takes a slot of the hourly limit before the file is read, and a refused file keeps it (refusing costs the server a
 * read, so refusals are not free to repeat); only a failure of ours gives it back.
 */
export async function storeVoice(
  ctx: Pick<ServiceContext, "db" | "now" | "actor" | "ports">,
  body: ArrayBuffer | null,
  source: VoiceSource = "web",
): Promise<{ url: string; durationMs: number; peaks: number[] }> {
  const user = requireUser(ctx.actor);
  const slot = await takeSlot(ctx, voiceLimit(user.userId));
  const facts = checkVoice(body, source);
  const file = `${randomToken(18)}.${facts.kind.ext}`;
  await releaseOnError(slot, async () => {
    await ctx.ports.images.put(`voice/${file}`, body!, facts.kind.contentType);
    await ctx.db.insert(voiceNotes).values({
      key: `voice/${file}`,
      uploaderId: user.userId,
      contentType: facts.kind.contentType,
      durationMs: facts.durationMs,
      peaks: JSON.stringify(facts.peaks),
      bytes: body!.byteLength,
      createdAt: ctx.now(),
    });
  });
  return { url: `${VOICE_PATH}${file}`, durationMs: facts.durationMs, peaks: facts.peaks };
}

/**
 * A sent note joins its conversation (once; a resend is the same): only its own sender's note, and never a note
 * already sent into another conversation. Returns its duration and waveform for the message.
 */
export async function attachVoice(
  ctx: Pick<ServiceContext, "db">,
  url: string,
  senderUserId: number,
  conversationId: number,
): Promise<{ durationMs: number; peaks: number[] }> {
  const d1 = ctx.db.$client as D1Database;
  const row = await d1
    .prepare(
      `UPDATE voice_notes SET conversation_id = ?1 WHERE key = ?2 AND uploader_id = ?3 AND (conversation_id IS NULL
        OR conversation_id = ?1)
       RETURNING duration_ms, peaks`,
    )
    .bind(conversationId, voiceKeyOf(url), senderUserId)
    .first<{ duration_ms: number; peaks: string }>();
  if (!row) throw new ServiceError("VALIDATION", "chat.errors.foreignAudio", { audioUrl: "chat.errors.foreignAudio" });
  return { durationMs: row.duration_ms, peaks: JSON.parse(row.peaks) as number[] };
}

/** A note's row, for the audio route: who may hear it. */
export async function voiceNoteRow(ctx: Pick<ServiceContext, "db">, key: string) {
  const [row] = await ctx.db
    .select({
      key: voiceNotes.key,
      uploaderId: voiceNotes.uploaderId,
      conversationId: voiceNotes.conversationId,
      contentType: voiceNotes.contentType,
      bytes: voiceNotes.bytes,
    })
    .from(voiceNotes)
    .where(and(eq(voiceNotes.key, key)))
    .limit(1);
  return row ?? null;
}
