import { Hono } from "hono";
import { submitContactMessage } from "../../domain/contact/contactMessages";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

export const contactApi = new Hono<AppBindings>().post("/", async (c) =>
  c.json(await submitContactMessage(ctxOf(c), await jsonBody(c)), 201),
);
