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
  let file: unknown;
  try {
    file = (await c.req.formData()).get("image");
  } catch {
    throw new ServiceError("VALIDATION", "validation.imageRequired", { image: "validation.imageRequired" });
  }
  const body = file instanceof File ? await file.arrayBuffer() : null;
  return c.json(await storeImage(ctxOf(c), body));
});
