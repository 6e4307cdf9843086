import type { z } from "zod";
import { ServiceError } from "./errors";

/** Parses input with a schema whose messages are translation keys; failure is a VALIDATION ServiceError. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??=
      issue.message.startsWith("validation.") || issue.message.startsWith("errors.")
        ? issue.message
        : "errors.validation";
  }
  throw new ServiceError("VALIDATION", Object.values(fields)[0] ?? "errors.validation", fields);
}
