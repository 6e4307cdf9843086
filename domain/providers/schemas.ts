import { z } from "zod";

/** A provider id from a route or query: a positive whole number, nothing else. */
export const providerIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/)
  .transform(Number)
  .refine((n) => n > 0);

export const listProvidersSchema = z.object({
  /** a category id, or its slug (ads link to /search?category=ac-repair) */
  category: z
    .string()
    .trim()
    .regex(/^([1-9][0-9]{0,8}|[a-z0-9-]{1,60})$/)
    .optional()
    .catch(undefined),
  city: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(50).default(20).catch(20),
});
export type ListProvidersInput = z.infer<typeof listProvidersSchema>;
