import type { Context } from "hono";
import { ServiceError } from "../../domain/errors";

/** The JSON body, or a VALIDATION error the caller can read (never a 500 for bad JSON). */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ServiceError("VALIDATION", "errors.badJson");
  }
}
