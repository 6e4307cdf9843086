import { Hono } from "hono";
import { requireUser } from "../../domain/accounts/requireUser";
import { ServiceError } from "../../domain/errors";
import { MAX_IMAGE_BYTES, storeImage } from "../../domain/uploads/storeImage";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";

/** Room for the multipart boundaries and part headers around a 5 MB image. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** POST /api/upload, multipart field `image`: signed-in users only; the bytes decide the type (domain/uploads). */
export const uploadApi = new Hono<AppBindings>().post("/", async (c) => {
  requireUser(c.get("actor"));
  const declared = Number(c.req.header("Content-Length") ?? "0");
  // refuse before reading a body that can only be too big
  if (declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) {
    throw new ServiceError("VALIDATION", "validation.imageTooLarge", { image: "validation.imageTooLarge" });
  }
  // a chunked body has no Content-Length: read it ourselves and stop one byte past the limit, so a
  // 90 MB upload costs at most ~5 MB of memory before it is refused
  const bytes = await readAtMost(c.req.raw.body, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD);
  if (bytes === null) throw new ServiceError("VALIDATION", "validation.imageTooLarge", { image: "validation.imageTooLarge" });
  let file: unknown;
  try {
    const form = await new Response(bytes, { headers: { "Content-Type": c.req.header("Content-Type") ?? "" } }).formData();
    file = form.get("image");
  } catch {
    throw new ServiceError("VALIDATION", "validation.imageRequired", { image: "validation.imageRequired" });
  }
  const body = file instanceof File ? await file.arrayBuffer() : null;
  return c.json(await storeImage(ctxOf(c), body));
});

/** The whole body if it is at most `limit` bytes, or null as soon as it goes past (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
