import { Hono } from "hono";
import { listCategories } from "../../domain/categories/listCategories";
import { getProvider } from "../../domain/providers/getProvider";
import { listProviders } from "../../domain/providers/listProviders";
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
  });
