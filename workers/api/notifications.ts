import { Hono } from "hono";
import { listMyNotifications, markNotificationRead } from "../../domain/notifications/notifications";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

export const notificationsApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await listMyNotifications(serviceContext(c.env, { actor: c.get("actor") }))))
  .patch("/:id/read", async (c) => c.json(await markNotificationRead(serviceContext(c.env, { actor: c.get("actor") }), c.req.param("id"))));
