import { Hono } from "hono";
import { runSweeps } from "../../domain/scheduled";
import { expireStaleBookings } from "../../domain/bookings/expireStaleBookings";
import { sendScheduled, type SentReport } from "../../domain/scheduler/send";
import { isDevelopment } from "../devOnly";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

/**
 * `POST /dev/scheduler?at=<ISO time>`: runs the Cron Trigger's sweeps now, as if the clock read `at` (default:
 * now). Development and tests only (404 in production), like /dev/bot. The scheduler's claimed rows are sent here
 * and then (not through the queue), so the answer lists what was sent: to whom, in which language, through which
 * doors (`sent`), and the chats' messages reach the channel stand-ins, where the bot console shows them.
 */
export const devScheduler = new Hono<AppBindings>()
  .use("*", async (c, next) => (isDevelopment(c.env) ? next() : c.json({ message: "Not found" }, 404)))
  .post("/", async (c) => {
    const raw = c.req.query("at");
    const at = raw ? new Date(raw) : new Date();
    if (Number.isNaN(at.getTime())) return c.json({ message: "at must be an ISO time" }, 400);
    const base = serviceContext(c.env, { actor: { kind: "system" } });
    const sent: SentReport[] = [];
    const ctx = {
      ...base,
      now: () => at,
      ports: {
        ...base.ports,
        outbox: {
          ...base.ports.outbox,
          async dispatchScheduled(ids: number[]) {
            for (const id of ids) {
              const report = await sendScheduled(ctx, id);
              if (report) sent.push(report);
            }
            return sent;
          },
        },
      },
    };
    return c.json({ at, ran: await runSweeps(ctx), sent });
  })
  // `POST /dev/scheduler/expire?at=<ISO time>&booking=<id>`: the unanswered-request sweep alone, as if the clock read
  // `at`, for the bookings named (the bot console and the browser journeys, without ending anyone else's requests)
  .post("/expire", async (c) => {
    const at = new Date(c.req.query("at") ?? "");
    const ids =
      c.req
        .queries("booking")
        ?.map(Number)
        .filter((n) => Number.isInteger(n) && n > 0) ?? [];
    if (Number.isNaN(at.getTime()) || ids.length === 0)
      return c.json({ message: "at must be an ISO time and booking a booking id" }, 400);
    const ctx = { ...serviceContext(c.env, { actor: { kind: "system" } }), now: () => at };
    return c.json({ at, expired: await expireStaleBookings(ctx, { bookingIds: ids }) });
  });
