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
export const isSiteImageUrl = (url: string) => url.startsWith("/images/") && IMAGE_KEY.test(url.slice("/images/".length));

/** Decimal digits only, as every id (domain/ids.ts): "0x13", "19e0", "+19", "19.0", " 2" are not ids. */
const id = idField("errors.notFound");

/** A message as typed: text trimmed; text, a site image or a site voice note (text may go with either); a client id to make resends harmless. */
export const messageInputSchema = z
  .object({
    message: z
      .string()
      .optional()
      .nullable()
      .transform((s) => (s ?? "").trim())
      .refine((s) => s.length <= MAX_MESSAGE_CHARS, "chat.errors.tooLong"),
    imageUrl: z
      .string()
      .optional()
      .nullable()
      .transform((s) => (s ?? "").trim())
      .refine((s) => s === "" || isSiteImageUrl(s), "chat.errors.foreignImage"),
    /** a voice note this site stored (`/api/voice/<random>.ogg|m4a`, from POST /api/upload `audio`) */
    audioUrl: z
      .string()
      .optional()
      .nullable()
      .transform((s) => (s ?? "").trim())
      .refine((s) => s === "" || isSiteVoiceUrl(s), "chat.errors.foreignAudio"),
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "errors.validation")
      .optional()
      .nullable(),
  })
  .refine((m) => m.message !== "" || m.imageUrl !== "" || m.audioUrl !== "", { message: "chat.errors.empty", path: ["message"] });

export const conversationIdSchema = id;
export const providerIdSchema = id;

/** ?before= / ?after= cursors: message ids */
export const cursorSchema = z.object({
  before: id.optional(),
  // 0 is "from the start"; otherwise an id, decimal digits only
  after: z.unknown().transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === "") return undefined;
    const n = raw === "0" || raw === 0 ? 0 : toId(raw);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: "errors.validation" });
      return z.NEVER;
    }
    return n;
  }).optional(),
});
