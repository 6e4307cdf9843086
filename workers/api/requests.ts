import { Hono } from "hono";
import { acceptProposal } from "../../domain/requests/acceptProposal";
import { createProposal } from "../../domain/requests/createProposal";
import { createServiceRequest } from "../../domain/requests/createServiceRequest";
import { getServiceRequest, listMyRequests } from "../../domain/requests/readRequests";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

/** Service requests and quotes (ADR 012): thin adapters over domain/requests. */
export const requestsApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await listMyRequests(ctxOf(c))))
  .post("/", async (c) => c.json(await createServiceRequest(ctxOf(c), await jsonBody(c)), 201))
  .get("/:id", async (c) => c.json(await getServiceRequest(ctxOf(c), c.req.param("id"))))
  .post("/:id/quotes", async (c) => c.json(await createProposal(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201))
  .post("/:id/quotes/:quoteId/accept", async (c) =>
    c.json(await acceptProposal(ctxOf(c), c.req.param("id"), c.req.param("quoteId")), 201),
  );
