/**
 * Every body Dalil reads has a size bound, checked while reading and before parsing or signing: a declared
 * Content-Length above the bound is refused without reading, and a chunked body is read only up to one byte past it. A
 * 95 MB "webhook" costs at most the bound.
 */

/** A JSON API body (a chat message is ≤ 8 KB of UTF-8; a listing with its description a few KB). */
export const MAX_JSON_BYTES = 32 * 1024;
/** A Twilio webhook form: a message's fields, a few KB. */
export const MAX_TWILIO_FORM_BYTES = 16 * 1024;
/** A Telegram update: well under Telegram's own limits for text and captions. */
export const MAX_TELEGRAM_UPDATE_BYTES = 256 * 1024;

/** The whole body if it is at most `limit` bytes, or null as soon as it goes past (the rest is never read). */
export async function readAtMost(
  request: Pick<Request, "headers" | "body">,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    return null;
  }
  const body = request.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
