import { Hono } from "hono";
import { whatsappLink } from "../../domain/whatsapp/whatsappLink";
import type { AppBindings } from "../env";
import { translatorFor } from "../../i18n/translator";
import { jsonBody } from "./body";

/** POST /api/whatsapp/send { phone, message? } → { whatsappUrl } (the browser opens it). */
export const whatsappApi = new Hono<AppBindings>().post("/send", async (c) => {
  return c.json(whatsappLink(await jsonBody(c), translatorFor(c.get("lang"))("whatsapp.greeting")));
});
