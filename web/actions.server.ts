import { data } from "@remix-run/cloudflare";
import { isServiceError, type ServiceErrorCode } from "../domain/errors";
import { STATUS } from "../workers/http-errors";

export interface ActionError {
  code: ServiceErrorCode | "INTERNAL";
  /** translation keys: the page shows them in the current language */
  messageKey: string;
  fields: Record<string, string>;
  params?: Record<string, string | number>;
}

/** A domain failure as action data (the form shows it next to the fields); anything else is rethrown. */
export function actionError(err: unknown) {
  if (!isServiceError(err)) throw err;
  const error: ActionError = { code: err.code, messageKey: err.messageKey, fields: err.fields ?? {}, params: err.params };
  return data({ ok: false as const, error }, { status: STATUS[err.code] });
}

/** The submitted form as a plain object (the same shape the JSON API takes). */
export async function formObject(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") out[k] = v;
  return out;
}

/** Only same-site relative paths: never an open redirect. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
