import { Hono } from "hono";
import { whatsappLink } from "../../domain/whatsapp/whatsappLink";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";

/** POST /api/whatsapp/send { phone, message? } → { whatsappUrl } (the browser opens it). */
export const whatsappApi = new Hono<AppBindings>().post("/send", async (c) => {
  return c.json(whatsappLink(await jsonBody(c), c.get("lang")));
});
