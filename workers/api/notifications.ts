import { Hono } from "hono";
import { listMyNotifications, markAllNotificationsRead, markNotificationRead, type NotificationView } from "../../domain/notifications/notifications";
import { translatorFor } from "../../web/i18n/translator";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";

// some notifications store translation keys (rendered here, in the reader's current language);
// others were written out in the recipient's language when they were sent
const KEY = /^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/;

function readable(n: NotificationView, t: ReturnType<typeof translatorFor>): NotificationView {
  const text = (v: string) => (KEY.test(v) ? t(v, { defaultValue: v }) : v);
  return { ...n, title: text(n.title), message: text(n.message) };
}

export const notificationsApi = new Hono<AppBindings>()
  .get("/", async (c) => {
    const { items, unread } = await listMyNotifications(ctxOf(c));
    const t = translatorFor(c.get("lang"));
    return c.json({ items: items.map((n) => readable(n, t)), unread });
  })
  .post("/read-all", async (c) => c.json(await markAllNotificationsRead(ctxOf(c))))
  .patch("/:id/read", async (c) => {
    const n = await markNotificationRead(ctxOf(c), c.req.param("id"));
    return c.json(readable(n, translatorFor(c.get("lang"))));
  });
