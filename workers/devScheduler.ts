import { Hono } from "hono";
import { runSweeps } from "../domain/scheduled";
import { isDevelopment } from "./devOnly";
import type { AppBindings } from "./env";
import { serviceContext } from "./services";

/**
 * `POST /dev/scheduler?at=<ISO time>`: runs the Cron Trigger's sweeps now, as if the clock read `at` (default:
 * now). Development and tests only (404 in production), like /dev/bot.
 */
export const devScheduler = new Hono<AppBindings>()
  .use("*", async (c, next) => (isDevelopment(c.env) ? next() : c.json({ message: "Not found" }, 404)))
  .post("/", async (c) => {
    const raw = c.req.query("at");
    const at = raw ? new Date(raw) : new Date();
    if (Number.isNaN(at.getTime())) return c.json({ message: "at must be an ISO time" }, 400);
    const ctx = { ...serviceContext(c.env, { actor: { kind: "system" } }), now: () => at };
    return c.json({ at, ran: await runSweeps(ctx) });
  });
