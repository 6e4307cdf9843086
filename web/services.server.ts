import type { AppLoadContext } from "@remix-run/cloudflare";
import { serviceContext } from "../workers/services";

/** The domain context for a loader or action: the actor comes from the Worker's session middleware. */
export function servicesFor(context: AppLoadContext) {
  return serviceContext(context.cloudflare.env, { actor: context.actor, locale: context.lang, client: context.client });
}
