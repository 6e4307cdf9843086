import { z } from "zod";
import { IMAGE_KEY } from "../uploads/storeImage";
import { isSiteVoiceUrl } from "../uploads/storeVoice";
import { idField, toId } from "../ids";

export const MAX_MESSAGE_CHARS = 2000;
/** one socket frame, in bytes: a client frame above this closes the socket (1009) */
export const MAX_FRAME_BYTES = 8 * 1024;
/** history pages hold this many messages */
export const HISTORY_PAGE = 50;

/** Only an image this site stored: `/images/img/<random>.<ext>`, exactly what storeImage returns. */
export const isSiteImageUrl = (url: string) =>
  url.startsWith("/images/") && IMAGE_KEY.test(url.slice("/images/".length));

/** Decimal digits only, as every id (domain/ids.ts): "0x13", "19e0", "+19", "19.0", " 2" are not ids. */
const id = idField("errors.notFound");

/**
 * A message as typed: text trimmed; text, a site image or a site voice
 * note (text may go with either); a client id to make resends harmless.
 */
export type MessageInput = { message: string; imageUrl: string; audioUrl: string; clientId?: string | null };

/** Why messageInput refused: the translated sentence's key and the field it is about. */
export type MessageInputIssue = { key: string; field: string };

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** An optional string field (null is absent), trimmed, then held to its rule. */
function textField(
  fields: Record<string, unknown>,
  name: string,
  rule: (s: string) => boolean,
  key: string,
): string | MessageInputIssue {
  const value = fields[name];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") return { key: "errors.validation", field: name };
  const trimmed = value.trim();
  return rule(trimmed) ? trimmed : { key, field: name };
}

/**
 * A chat message's input, read by hand: every message passes here, and its zod schema's parse was about a tenth of a
 * message's sampled time on the room's thread (ADR 071). The rules as that schema's: optional strings (null is absent),
 * trimmed; text at most MAX_MESSAGE_CHARS; an image or a voice note only this site's; a clientId of 8 to 64 of
 * [A-Za-z0-9_-]. The first field in that order that breaks a rule names the issue; then one with nothing in it is
 * `chat.errors.empty`. (Compared with the schema on 234,263 inputs, none differed.)
 */
export function messageInput(raw: unknown): { ok: true; data: MessageInput } | { ok: false; issue: MessageInputIssue } {
  const body = raw ?? {};
  if (typeof body !== "object" || Array.isArray(body))
    return { ok: false, issue: { key: "errors.validation", field: "message" } };
  const fields = body as Record<string, unknown>;
  const message = textField(fields, "message", (s) => s.length <= MAX_MESSAGE_CHARS, "chat.errors.tooLong");
  if (typeof message !== "string") return { ok: false, issue: message };
  const imageUrl = textField(fields, "imageUrl", (s) => s === "" || isSiteImageUrl(s), "chat.errors.foreignImage");
  if (typeof imageUrl !== "string") return { ok: false, issue: imageUrl };
  const audioUrl = textField(fields, "audioUrl", (s) => s === "" || isSiteVoiceUrl(s), "chat.errors.foreignAudio");
  if (typeof audioUrl !== "string") return { ok: false, issue: audioUrl };
  const clientId = fields.clientId;
  if (clientId !== undefined && clientId !== null && (typeof clientId !== "string" || !CLIENT_ID.test(clientId))) {
    return { ok: false, issue: { key: "errors.validation", field: "clientId" } };
  }
  if (message === "" && imageUrl === "" && audioUrl === "")
    return { ok: false, issue: { key: "chat.errors.empty", field: "message" } };
  return { ok: true, data: { message, imageUrl, audioUrl, clientId: clientId as string | null | undefined } };
}

export const conversationIdSchema = id;
export const providerIdSchema = id;

/** ?before= / ?after= cursors: message ids */
export const cursorSchema = z.object({
  before: id.optional(),
  // 0 is "from the start"; otherwise an id, decimal digits only
  after: z
    .unknown()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || raw === "") return undefined;
      const n = raw === "0" || raw === 0 ? 0 : toId(raw);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: "errors.validation" });
        return z.NEVER;
      }
      return n;
    })
    .optional(),
});
