import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { revokeOtherSessions, revokeSession } from "../../domain/accounts/sessions";
import { clearedSessionCookie } from "../../workers/sessionCookie";
import { formObject } from "../actions.server";
import { removedChatsCookie } from "../removedChats.server";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

/** POST only: signs out this device (or every device) and goes home. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  const ctx = servicesFor(context);
  const headers = new Headers({ "Set-Cookie": clearedSessionCookie(request.url) });
  if (context.account && form.everywhere === "1") {
    // the sign-in page that follows says which linked chats ended with the sessions
    const removed = removedChatsCookie(request.url, await revokeOtherSessions(ctx, context.account.id, null));
    if (removed) {
      headers.append("Set-Cookie", removed);
      return redirect("/login?signedOut=everywhere", { headers });
    }
  } else if (context.sessionToken) await revokeSession(ctx, context.sessionToken);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
