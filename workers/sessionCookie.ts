import { SESSION_TTL_MS } from "../domain/accounts/sessions";
import { cookieValue } from "./cookies";

/** `__Host-` pins the cookie to this exact origin over https; plain http (local dev) can't use the prefix. */
export const sessionCookieName = (url: string) =>
  new URL(url).protocol === "https:" ? "__Host-dalil_session" : "dalil_session";

function attributes(url: string, maxAge: number) {
  const secure = new URL(url).protocol === "https:" ? "; Secure" : "";
  return `; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Set-Cookie for a new session (HttpOnly, SameSite=Lax, Secure on https). */
export const sessionCookie = (url: string, token: string) =>
  `${sessionCookieName(url)}=${token}${attributes(url, Math.floor(SESSION_TTL_MS / 1000))}`;

export const clearedSessionCookie = (url: string) => `${sessionCookieName(url)}=${attributes(url, 0)}`;

export function sessionTokenFrom(request: Request): string | null {
  return cookieValue(request.headers.get("Cookie"), sessionCookieName(request.url)) || null;
}
