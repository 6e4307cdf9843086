import { Hono } from "hono";
import { listCategories } from "../../domain/categories/listCategories";
import { getProvider } from "../../domain/providers/getProvider";
import { countProviderEvent, isContactKind } from "../../domain/analytics/countProviderEvent";
import { ServiceError } from "../../domain/errors";
import { listProviders } from "../../domain/providers/listProviders";
import { searchProviders } from "../../domain/search/searchProviders";
import { jsonBody } from "./body";
import type { AppBindings } from "../env";
import { serviceContext } from "../services";

export const categoriesApi = new Hono<AppBindings>().get("/", async (c) => {
  return c.json(await listCategories(serviceContext(c.env)));
});

export const providersApi = new Hono<AppBindings>()
  .get("/", async (c) => {
    const query = c.req.query();
    // the bare list keeps the spec's shape (an array); any parameter asks for the search's paged shape
    if (Object.keys(query).length === 0) return c.json((await listProviders(serviceContext(c.env))).items);
    return c.json(await searchProviders(serviceContext(c.env), query));
  })
  // contact clicks arrive by navigator.sendBeacon (text/plain) or fetch keepalive (JSON): { kind }
  .post("/:id/contact-click", async (c) => {
    const body = (await jsonBody(c)) as { kind?: unknown } | null;
    if (!isContactKind(body?.kind)) throw new ServiceError("VALIDATION", "errors.invalidContactKind");
    await countProviderEvent(serviceContext(c.env), c.req.param("id"), body.kind);
    return c.body(null, 204);
  })
  .get("/:id", async (c) => {
    return c.json(await getProvider(serviceContext(c.env), c.req.param("id")));
  });
