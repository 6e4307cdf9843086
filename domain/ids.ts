import { z } from "zod";
import { ServiceError } from "./errors";
import { normalizeDigits } from "./text/normalize";
import { addDays, baghdadDay } from "./baghdadTime";

/**
 * One rule for ids everywhere (route params, form fields, JSON): decimal digits only (Arabic-Indic digits
 * are read as digits), 1 to 12 of them, above zero. "0x2", "2e0", " 2", "2.0", "-1" are not ids.
 */
export const ID_PATTERN = /^[0-9]{1,12}$/;

export function toId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (typeof raw !== "string") return null;
  const digits = normalizeDigits(raw);
  if (!ID_PATTERN.test(digits)) return null;
  const n = Number(digits);
  return n > 0 ? n : null;
}

/** A zod field for an id in a body or form; `key` is the translated message when it is not one. */
export const idField = (key: string) =>
  z.unknown().transform((raw, ctx) => {
    const id = toId(raw);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: key });
      return z.NEVER;
    }
    return id;
  });

/** A route parameter that must be an id: NOT_FOUND (or the given error) otherwise. */
export function idParam(
  raw: string | undefined,
  notFoundKey = "errors.notFound",
  code: "NOT_FOUND" | "VALIDATION" = "NOT_FOUND",
): number {
  const id = toId(raw);
  if (id === null) throw new ServiceError(code, notFoundKey);
  return id;
}

/**
 * A real calendar date written YYYY-MM-DD (Arabic-Indic digits accepted): "2026-13-45" and "2099-02-30"
 * are refused, 2028-02-29 is accepted. Returns the normalised string.
 */
export function toCalendarDate(raw: string): string | null {
  const s = normalizeDigits(raw).trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return s;
}

/** Bookings, quotes and request deadlines may be at most this far ahead (Iraq's calendar). */
export const DATE_HORIZON_DAYS = 365;

/** Today on Iraq's calendar (UTC+3, no daylight saving), YYYY-MM-DD: Baghdad's day (domain/baghdadTime.ts). */
export const iraqToday = baghdadDay;

export { addDays };

/**
 * One parser for every date a person picks (a booking's preferred day, a quote's available day, a request's
 * deadline): a real calendar date (`toCalendarDate`), from today in Iraq up to DATE_HORIZON_DAYS ahead.
 * `key` names the message for a malformed or impossible date; past and too-far dates have their own.
 */
export const dayField = (now: Date, key: string) =>
  z.unknown().transform((raw, ctx) => {
    const date = typeof raw === "string" ? toCalendarDate(raw) : null;
    if (date === null) {
      ctx.addIssue({ code: "custom", message: key });
      return z.NEVER;
    }
    const today = iraqToday(now);
    if (date < today) {
      ctx.addIssue({ code: "custom", message: "validation.pastDate" });
      return z.NEVER;
    }
    if (date > addDays(today, DATE_HORIZON_DAYS)) {
      ctx.addIssue({ code: "custom", message: "validation.dateTooFar" });
      return z.NEVER;
    }
    return date;
  });
