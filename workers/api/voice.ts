import { Hono } from "hono";
import { requireListener } from "../../domain/chat/voiceAccess";
import type { AppBindings } from "../env";
import { audioResponse } from "../audioResponse";
import { ctxOf } from "./context";

/**
 * GET|HEAD /api/voice/<file>: a voice note, to its conversation's participants only (its sender alone before it
 * is sent), whole or by byte range (206). Private: browsers may keep it, shared caches may not.
 */
export const voiceApi = new Hono<AppBindings>().get("/:file", async (c) => {
  const note = await requireListener(ctxOf(c), c.req.param("file"));
  return audioResponse(c.env.IMAGES, c.req.raw, note, "private, max-age=86400");
});
