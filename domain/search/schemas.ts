import { z } from "zod";

const text = (max: number) =>
  z
    .string()
    .max(10_000)
    .transform((s) => s.trim().slice(0, max))
    .optional()
    .catch(undefined);

const coordinate = (limit: number) => z.coerce.number().finite().min(-limit).max(limit).optional().catch(undefined);

/** GET /api/providers and /search parameters. Nothing here ever fails: nonsense falls back to "not given". */
export const searchProvidersSchema = z.object({
  search: text(500),
  /** a category id, or its slug (ads link to /search?category=ac-repair) */
  category: z
    .string()
    .trim()
    .regex(/^([1-9][0-9]{0,8}|[a-z0-9-]{1,60})$/)
    .optional()
    .catch(undefined),
  /** a city slug or its English name (the spec's selector value) */
  city: text(100),
  /** ISO 3166 alpha-2; IQ is the default and means "no filter" */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional()
    .catch(undefined),
  lat: coordinate(90),
  lng: coordinate(180),
  page: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(50).default(20).catch(20),
});
export type SearchProvidersInput = z.infer<typeof searchProvidersSchema>;
