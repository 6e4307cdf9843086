import { Hono } from "hono";
import {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../domain/notifications/notifications";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";

// each notification is rendered in the reader's language of this request (ADR 025)
export const notificationsApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await listMyNotifications(ctxOf(c))))
  .post("/read-all", async (c) => c.json(await markAllNotificationsRead(ctxOf(c))))
  .patch("/:id/read", async (c) => c.json(await markNotificationRead(ctxOf(c), c.req.param("id"))));
