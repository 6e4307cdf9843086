import { Hono } from "hono";
import { inArray } from "drizzle-orm";
import { createDb } from "../../db/client";
import { outbox } from "../../db/schema";
import { isDevelopment } from "../devOnly";
import type { AppBindings } from "../env";
import { userObject } from "../objectNames";
import { chatRoomId } from "../services";

/**
 * Faults made on purpose, for `npm run bench:faults`: development only (404 in production), like /dev/scheduler.
 * workerd offers no way to restart one object or to deliver a queue message twice from outside the Worker.
 */
export const devFaults = new Hono<AppBindings>()
  .use("*", async (c, next) => (isDevelopment(c.env) ? next() : c.json({ message: "Not found" }, 404)))
  // `POST /dev/faults/restart?conversation=<id>` or `?user=<id>`:
  // that room (or person's object) restarts, as a deploy restarts it
  .post("/restart", async (c) => {
    const conversation = Number(c.req.query("conversation"));
    const user = Number(c.req.query("user"));
    const stub =
      conversation > 0
        ? c.env.CHAT_ROOM.get(chatRoomId(c.env, conversation))
        : user > 0
          ? userObject(c.env, user)
          : null;
    if (!stub) return c.json({ message: "conversation or user is an id" }, 400);
    // the abort ends the call too: its error is the restart
    await stub.restart().catch(() => undefined);
    return c.json({
      restarted: conversation > 0 ? { conversation } : { user },
    });
  })
  // `POST /dev/faults/redeliver`: every outbox row still waiting
  // is queued once more, as Queues' at-least-once delivery may
  .post("/redeliver", async (c) => {
    const rows = await createDb(c.env.DB)
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.status, ["pending", "failed"]))
      .limit(100);
    if (rows.length) await c.env.OUTBOX.sendBatch(rows.map((r) => ({ body: { outboxId: r.id } })));
    return c.json({ redelivered: rows.map((r) => r.id) });
  });
