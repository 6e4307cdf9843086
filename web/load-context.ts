import type { AccountView } from "../domain/accounts/sessions";
import type { Actor, ClientIdentity } from "../domain/context";
import type { Env } from "../workers/env";
import type { Lang } from "../i18n/config";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    lang: Lang;
    /** resolved from the session cookie by the Worker; never from anything the browser sends */
    actor: Actor;
    account: AccountView | null;
    sessionToken: string | null;
    cspNonce: string;
    /** the caller's address (CF-Connecting-IP), for the domain's per-address limits */
    client: ClientIdentity;
  }
}

export {};
