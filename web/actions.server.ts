import { data } from "@remix-run/cloudflare";
import { sendVerificationCode, verifyPhone } from "../domain/accounts/verification";
import type { ServiceContext } from "../domain/context";
import { isServiceError, type ServiceErrorCode } from "../domain/errors";
import { STATUS } from "../workers/http-errors";

export interface ActionError {
  code: ServiceErrorCode | "INTERNAL";
  /** translation keys: the page shows them in the current language */
  messageKey: string;
  fields: Record<string, string>;
  params?: Record<string, string | number>;
}

/**
 * A domain failure as action data (the form shows it next to the fields); anything else is rethrown. Given
 * `values` (what was submitted), the page can show the form again as it was sent.
 */
export function actionError(err: unknown, values?: Record<string, string>) {
  if (!isServiceError(err)) throw err;
  const error: ActionError = {
    code: err.code,
    messageKey: err.messageKey,
    fields: err.fields ?? {},
    params: err.params,
  };
  return data({ ok: false as const, error, ...(values ? { values } : {}) }, { status: STATUS[err.code] });
}

/**
 * The submitted form as a plain object (the same shape the JSON API takes). It never throws: a body that
 * is not a form (JSON, text, a truncated multipart) reads as an empty form, which every verb then refuses
 * with its own translated VALIDATION error (a 400 on the page, never a 500).
 */
export async function formObject(request: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return out;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return out;
  }
  for (const [k, v] of form) if (typeof v === "string") out[k] = v;
  return out;
}

const SAME_ORIGIN_BASE = "https://dalil.invalid";

/**
 * Where to go after signing in: a path on this site and nowhere else, however the value is encoded.
 * Browsers drop tabs and newlines inside URLs and read `\` as `/`, so any control character, space or
 * backslash refuses the value outright; what is left is resolved as a URL and must stay on our origin.
 * The answer is the resolved, percent-encoded path (printable ASCII only), or `fallback`.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff]/.test(to))
    return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_ORIGIN_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN_BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // the resolved path must itself read back as a path on this site (e.g. "/.//x" resolves to "//x")
  if (!path.startsWith("/") || path.startsWith("//") || !/^[\x21-\x7e]+$/.test(path)) return fallback;
  return path;
}

/**
 * Runs a form's verb for a user who may not have proven their phone yet (booking, reviewing, applying).
 * A `verificationCode` in the form is checked first; when the verb answers "phone not verified", a code
 * is sent and the page gets `needsCode` plus the submitted values, so it can ask for the code in place
 * and keep what was typed. Other domain failures come back as usual action data, with the values too.
 */
export async function withVerifiedPhone<T>(ctx: ServiceContext, form: Record<string, string>, work: () => Promise<T>) {
  try {
    if (form.verificationCode) await verifyPhone(ctx, { verificationCode: form.verificationCode });
    return await work();
  } catch (caught) {
    if (!isServiceError(caught)) throw caught;
    let err = caught;
    const codeStep = err.messageKey === "errors.phoneNotVerified" || err.fields?.verificationCode !== undefined;
    if (err.messageKey === "errors.phoneNotVerified") {
      // a code is sent at the moment it is needed; when codes are rate limited the last one still works; a code that
      // could not be sent is said at once (ADR 084)
      try {
        await sendVerificationCode(ctx);
      } catch (sendErr) {
        if (!isServiceError(sendErr)) throw sendErr;
        if (sendErr.messageKey === "errors.codeNotSent") err = sendErr;
      }
    }
    const { verificationCode: _typed, ...values } = form;
    const error: ActionError = {
      code: err.code,
      messageKey: err.messageKey,
      fields: err.fields ?? {},
      params: err.params,
    };
    return data({ ok: false as const, error, needsCode: codeStep, values }, { status: STATUS[err.code] });
  }
}
