import type { MiddlewareHandler } from "hono";
import { langFromCookieHeader, langOfRequest, languageCookie } from "../../i18n/config";
import type { AppBindings } from "../env";

/** Picks the request's language (?lng=, cookie, English) and remembers a ?lng= choice in the cookie. */
export const language: MiddlewareHandler<AppBindings> = async (c, next) => {
  const { lang, fromQuery } = langOfRequest(c.req.raw);
  c.set("lang", lang);
  c.set("langStated", fromQuery || langFromCookieHeader(c.req.header("Cookie") ?? null) !== null);
  await next();
  if (fromQuery) c.res.headers.append("Set-Cookie", languageCookie(lang));
};
