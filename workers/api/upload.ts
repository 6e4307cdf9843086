import { Hono } from "hono";
import { requireUser } from "../../domain/accounts/requireUser";
import { ServiceError } from "../../domain/errors";
import { MAX_IMAGE_BYTES, storeImage } from "../../domain/uploads/storeImage";
import { storeVoice } from "../../domain/uploads/storeVoice";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";
import { readAtMost } from "../bodyLimit";

/** Room for the multipart boundaries and part headers around a 5 MB image. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /api/upload, multipart field `image` (answers `{ imageUrl, url }`) or `audio` (a voice note: answers `{ url,
 * durationMs, peaks }`; field `for=chat` marks a photo for a conversation): signed-in users only; the bytes decide the
 * type, never the name (domain/uploads).
 */
export const uploadApi = new Hono<AppBindings>().post("/", async (c) => {
  requireUser(c.get("actor"));
  // a declared size above the limit is refused unread; a chunked body is read only up to one byte past it,
  // so a 90 MB upload costs at most ~5 MB of memory before it is refused
  const bytes = await readAtMost(c.req.raw, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD);
  let form: FormData | null = null;
  try {
    if (bytes)
      form = await new Response(bytes, { headers: { "Content-Type": c.req.header("Content-Type") ?? "" } }).formData();
  } catch {
    form = null;
  }
  // a voice note: the `audio` field, or `?kind=audio` (so a body
  // too large to read still gets the voice note's sentence)
  const audio = form?.get("audio");
  if (audio instanceof File || c.req.query("kind") === "audio") {
    if (bytes === null)
      throw new ServiceError("VALIDATION", "validation.audioTooLarge", { audio: "validation.audioTooLarge" });
    const { url, durationMs, peaks } = await storeVoice(
      ctxOf(c),
      audio instanceof File ? await audio.arrayBuffer() : null,
    );
    return c.json({ url, durationMs, peaks });
  }
  if (bytes === null)
    throw new ServiceError("VALIDATION", "validation.imageTooLarge", { image: "validation.imageTooLarge" });
  if (!form) throw new ServiceError("VALIDATION", "validation.imageRequired", { image: "validation.imageRequired" });
  const file = form.get("image");
  const body = file instanceof File ? await file.arrayBuffer() : null;
  // `for=chat`: a photo for a conversation, an unsent upload until a message carries it (swept after a day)
  return c.json(await storeImage(ctxOf(c), body, { forChat: form.get("for") === "chat" }));
});
