import { Hono } from "hono";
import { getMyApplication, submitApplication } from "../../domain/applications/submitApplication";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

/** The signed-in user's own application. Any userId in the body is ignored: the applicant is the session's user. */
export const applicationsApi = new Hono<AppBindings>()
  .post("/", async (c) => c.json(await submitApplication(ctxOf(c), await jsonBody(c)), 201))
  .get("/mine", async (c) => c.json(await getMyApplication(ctxOf(c))));
