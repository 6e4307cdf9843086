import { Hono } from "hono";
import { listCategories } from "../../domain/categories/listCategories";
import { getProvider } from "../../domain/providers/getProvider";
import { listProviders } from "../../domain/providers/listProviders";
import { createProvider } from "../../domain/providers/createProvider";
import { deleteProvider } from "../../domain/providers/deleteProvider";
import { updateProvider } from "../../domain/providers/updateProvider";
import { jsonBody } from "./body";
import { ctxOf } from "./context";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

export const categoriesApi = new Hono<AppBindings>().get("/", async (c) => {
  return c.json(await listCategories(serviceContext(c.env)));
});

export const providersApi = new Hono<AppBindings>()
  .get("/", async (c) => {
    const query = c.req.query();
    const page = await listProviders(serviceContext(c.env), query);
    // the bare list keeps the spec's shape (an array); any parameter asks for the paged shape
    return Object.keys(query).length === 0 ? c.json(page.items) : c.json(page);
  })
  .get("/:id", async (c) => {
    return c.json(await getProvider(serviceContext(c.env), c.req.param("id")));
  })
  // writes are admin-only: the verbs check the actor (401 anonymous, 403 everyone else)
  .post("/", async (c) => c.json(await createProvider(ctxOf(c), await jsonBody(c)), 201))
  .put("/:id", async (c) => c.json(await updateProvider(ctxOf(c), c.req.param("id"), await jsonBody(c))))
  .delete("/:id", async (c) => {
    await deleteProvider(ctxOf(c), c.req.param("id"));
    return c.json({ ok: true });
  });
