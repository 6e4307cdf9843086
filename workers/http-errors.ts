import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { isServiceError, type ServiceErrorCode } from "../domain/errors";
import { translatorFor } from "../i18n/translator";
import type { AppBindings } from "./env";

/** One mapping from domain codes to HTTP statuses, for the API and for Remix actions. */
export const STATUS: Record<ServiceErrorCode, 400 | 401 | 403 | 404 | 409 | 429 | 503> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The one "not found" answer: a JSON 404 in the reader's language (never Remix's HTML page). */
export const notFound = (c: Context<AppBindings>) =>
  c.json({ message: translatorFor(c.get("lang"))("errors.notFound") }, 404);

/** ServiceError / ZodError → status and `{ message }` in the caller's language (the spec's error shape). */
export function errorResponse(err: unknown, c: Context<AppBindings>) {
  const t = translatorFor(c.get("lang") ?? "en");
  if (isServiceError(err)) {
    const fields = err.fields
      ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, t(v, err.params)]))
      : undefined;
    return c.json({ message: t(err.messageKey, err.params), code: err.code, fields }, STATUS[err.code]);
  }
  if (err instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.join(".");
      if (!fields[key]) fields[key] = t(issue.message);
    }
    const first = Object.values(fields)[0];
    return c.json({ message: first ?? t("errors.validation"), code: "VALIDATION", fields }, 400);
  }
  if (err instanceof HTTPException) return c.json({ message: err.message || t("errors.internal") }, err.status);
  console.error("unhandled error", err);
  return c.json({ message: t("errors.internal") }, 500);
}
