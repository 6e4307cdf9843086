import { and, eq } from "drizzle-orm";
import { draftPhotos } from "../../db/schema";
import { randomToken } from "../accounts/tokens";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { withSlot, type Limit } from "../rateLimit";
import { imageSize, MAX_IMAGE_PIXELS } from "./imageSize";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** 60 stored images per user per hour: plenty for forms and chats, not enough to fill the bucket. */
const uploadLimit = (userId: number): Limit => ({ key: `upload:${userId}`, max: 60, windowMs: 60 * 60 * 1000 });

export type ImageKind = { ext: "jpg" | "png" | "webp" | "gif"; contentType: string };

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * What the bytes are, from their magic numbers, whatever the file was called or claimed to be.
 * Only JPEG, PNG, WebP and GIF; SVG (which can carry script) and everything else is null.
 */
export function detectImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: "jpg", contentType: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: "png", contentType: "image/png" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return { ext: "gif", contentType: "image/gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { ext: "webp", contentType: "image/webp" };
  return null;
}

/**
 * Stores a signed-in user's image under a random key; returns the URL the Worker serves it at. A photo for a chat
 * or a booking draft (`forChat`) is recorded as unsent until a message carries it (`photoSent`): one never sent
 * is swept after a day (retention), and its sender's deletion takes it.
 */
export async function storeImage(
  ctx: Pick<ServiceContext, "db" | "now" | "actor" | "ports">,
  body: ArrayBuffer | null,
  options: { forChat?: boolean } = {},
): Promise<{ imageUrl: string; url: string }> {
  const user = requireUser(ctx.actor);
  if (!body || body.byteLength === 0)
    throw new ServiceError("VALIDATION", "validation.imageRequired", { image: "validation.imageRequired" });
  if (body.byteLength > MAX_IMAGE_BYTES)
    throw new ServiceError("VALIDATION", "validation.imageTooLarge", { image: "validation.imageTooLarge" });
  const kind = detectImage(new Uint8Array(body, 0, Math.min(16, body.byteLength)));
  if (!kind) throw new ServiceError("VALIDATION", "validation.imageType", { image: "validation.imageType" });
  // the declared size, before storing: at most MAX_IMAGE_PIXELS, and a header we can read
  const size = imageSize(new Uint8Array(body), kind.ext);
  if (!size || size.width < 1 || size.height < 1 || size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ServiceError("VALIDATION", "validation.imageDimensions", { image: "validation.imageDimensions" });
  }
  const key = `img/${randomToken(18)}.${kind.ext}`;
  // only a stored image counts against the hourly limit
  await withSlot(ctx, uploadLimit(user.userId), async () => {
    if (options.forChat)
      await ctx.db.insert(draftPhotos).values({ key, uploaderId: user.userId, createdAt: ctx.now() });
    await ctx.ports.images.put(key, body, kind.contentType);
  });
  const url = `/images/${key}`;
  return { imageUrl: url, url };
}

/** Keys the Worker will serve: exactly what storeImage makes. */
export const IMAGE_KEY = /^img\/[A-Za-z0-9_-]{8,64}\.(jpg|png|webp|gif)$/;

/**
 * A message now carries this photo (`/images/<key>`): it is the
 * conversation's, no longer an unsent upload of its sender's.
 */
export async function photoSent(ctx: Pick<ServiceContext, "db">, url: string, senderUserId: number): Promise<void> {
  if (!url.startsWith("/images/")) return;
  await ctx.db
    .delete(draftPhotos)
    .where(and(eq(draftPhotos.key, url.slice("/images/".length)), eq(draftPhotos.uploaderId, senderUserId)));
}
