import type { ServiceContext } from "../context";
import { requireUser } from "../accounts/requireUser";
import { ServiceError } from "../errors";
import { VOICE_FILE, voiceNoteRow } from "../uploads/storeVoice";
import { asParticipant, participantQuery } from "./access";

/**
 * Who may hear a voice note: before it is sent, only the person who recorded it (the preview); once sent, the two
 * participants of its conversation. Nobody else learns whether it exists (404 for an unknown file; 403 for a stranger,
 * as every conversation read answers); signed out: 401.
 */
export async function requireListener(
  ctx: Pick<ServiceContext, "db" | "actor">,
  file: string,
): Promise<{ key: string; contentType: string; bytes: number }> {
  const { userId } = requireUser(ctx.actor);
  if (!VOICE_FILE.test(file)) throw new ServiceError("NOT_FOUND", "errors.notFound");
  const note = await voiceNoteRow(ctx, `voice/${file}`);
  if (!note) throw new ServiceError("NOT_FOUND", "errors.notFound");
  if (note.conversationId === null) {
    if (note.uploaderId !== userId) throw new ServiceError("FORBIDDEN", "chat.errors.notParticipant");
  } else {
    const [row] = await participantQuery(ctx.db, note.conversationId);
    asParticipant(row, userId);
  }
  return { key: note.key, contentType: note.contentType, bytes: note.bytes };
}
