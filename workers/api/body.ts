import type { Context } from "hono";
import { ServiceError } from "../../domain/errors";
import { MAX_JSON_BYTES, readAtMost } from "../bodyLimit";

/**
 * The JSON body, or a VALIDATION error the caller can read (never a 500 for bad JSON). At most `maxBytes`
 * (MAX_JSON_BYTES unless a development route says more) are read; a bigger body is refused before it is parsed.
 */
export async function jsonBody(c: Context, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const bytes = await readAtMost(c.req.raw, maxBytes);
  if (bytes === null) throw new ServiceError("VALIDATION", "errors.bodyTooLarge");
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ServiceError("VALIDATION", "errors.badJson");
  }
}
