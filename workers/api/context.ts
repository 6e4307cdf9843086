import type { Context } from "hono";
import type { AppBindings } from "../env";
import { clientOf, serviceContext } from "../services";

/** The domain context for an API request: the actor comes from the session middleware only. */
export const ctxOf = (c: Context<AppBindings>) =>
  serviceContext(c.env, { actor: c.get("actor"), locale: c.get("lang"), client: clientOf(c.req.raw) });
