import type { Context, MiddlewareHandler } from "hono";
import { createDb } from "../../db/client";
import { setAccountLanguage } from "../../domain/accounts/profile";
import { accountForToken, type AccountView } from "../../domain/accounts/sessions";
import type { Actor } from "../../domain/context";
import type { AppBindings, Env } from "../env";
import { portsFor } from "../services";
import { clearedSessionCookie, sessionCookie, sessionTokenFrom } from "../sessionCookie";

export function adminPhones(env: Env): Set<string> {
  return new Set((env.ADMIN_PHONES ?? "").split(/[\s,]+/).filter(Boolean));
}

/**
 * ADMIN_PHONES makes admins without a database change (the first admin of a fresh deployment), but only the
 * account that has PROVEN the number: anyone may register a number unverified (ADR 009's claim rule), and an
 * unverified claimant of the admin's number must stay a customer (ADR 022).
 */
export function withAdminPhones(account: AccountView | null, env: Env): AccountView | null {
  return (
    account && {
      ...account,
      isAdmin: account.isAdmin || (account.isPhoneVerified && adminPhones(env).has(account.phone)),
    }
  );
}

export function actorFor(account: AccountView | null, session?: string | null): Actor {
  if (!account) return { kind: "anonymous" };
  return {
    kind: "user",
    userId: account.id,
    userType: account.userType,
    isAdmin: account.isAdmin,
    ...(session ? { session } : {}),
  };
}

/** Resolves the session cookie to an account once per request; everything downstream trusts only this. */
export const session: MiddlewareHandler<AppBindings> = async (c, next) => {
  const token = sessionTokenFrom(c.req.raw);
  const found = token
    ? await accountForToken({ db: createDb(c.env.DB), now: () => new Date(), ports: portsFor(c.env) }, token)
    : null;
  const account = withAdminPhones(found, c.env);
  c.set("sessionToken", account ? token : null);
  c.set("account", account);
  c.set("actor", actorFor(account, token));
  if (account) await followLanguage(c, account);
  await next();
};

/**
 * One language per person (ADR 025). A signed-in request that states a language (the toggle's cookie, ?lng=)
 * makes it the account's, so the bell, WhatsApp, Telegram and codes follow what the person reads now; one
 * that states none (a new device, an API client) is answered in the account's language.
 */
async function followLanguage(c: Context<AppBindings>, account: AccountView) {
  const lang = c.get("lang");
  if (!c.get("langStated")) {
    c.set("lang", account.language);
    return;
  }
  if (lang === account.language) return;
  await setAccountLanguage({ db: createDb(c.env.DB), actor: actorFor(account) }, lang);
  c.set("account", { ...account, language: lang });
}

export const setSessionCookie = (c: Context, token: string) =>
  c.header("Set-Cookie", sessionCookie(c.req.url, token), { append: true });
export const clearSessionCookie = (c: Context) =>
  c.header("Set-Cookie", clearedSessionCookie(c.req.url), { append: true });
