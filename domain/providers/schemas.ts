import { z } from "zod";

/** A provider id from a route or query: a positive whole number, nothing else. */
export const providerIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/)
  .transform(Number)
  .refine((n) => n > 0);
