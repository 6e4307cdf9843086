import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { AD_POSITIONS, sponsoredAds } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { IMAGE_URL, checkbox } from "../providers/writeSchemas";
import { parseInput } from "../validation";
import { toId } from "../ids";
import { forgetPublicData } from "../publicData";

const optional = (max: number) =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? "").trim())
    .pipe(z.string().max(max, { error: "validation.tooLong" }))
    .transform((s) => s || null);

const required = (key: string, max: number) =>
  z
    .string({ error: key })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: key }).max(max, { error: "validation.tooLong" }));

/** A link an ad may point at: a path on our own site, or an https URL. Never javascript:, data: or http:. */
export const adLink = z
  .string({ error: "validation.adLink" })
  .transform((s) => s.trim())
  .refine((s) => (s.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\")) || isHttps(s), {
    error: "validation.adLink",
  });

function isHttps(s: string) {
  try {
    return new URL(s).protocol === "https:";
  } catch {
    return false;
  }
}

/** "2026-12-01" or "2026-12-01T09:00" from a form, or epoch ms; blank means unbounded. */
const when = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    const d = new Date(typeof v === "number" ? v : v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "validation.adDate" });
      return z.NEVER;
    }
    return d;
  });

export const adSchema = z
  .object({
    position: z.enum(AD_POSITIONS, { error: "validation.adPosition" }),
    title: required("validation.adTitle", 120),
    titleAr: optional(120),
    titleKu: optional(120),
    description: optional(300),
    descriptionAr: optional(300),
    descriptionKu: optional(300),
    ctaText: optional(40),
    ctaTextAr: optional(40),
    ctaTextKu: optional(40),
    linkUrl: adLink,
    sponsor: required("validation.adSponsor", 120),
    imageUrl: optional(200).pipe(z.union([z.null(), z.string().regex(IMAGE_URL, { error: "validation.imageUrl" })])),
    startsAt: when,
    endsAt: when,
    isActive: checkbox,
  })
  .refine((a) => !a.startsAt || !a.endsAt || a.endsAt > a.startsAt, { path: ["endsAt"], error: "validation.adDates" });

export type AdRow = typeof sponsoredAds.$inferSelect;

export async function listAllAdsForAdmin(ctx: Pick<ServiceContext, "db" | "actor">): Promise<AdRow[]> {
  requireAdmin(ctx.actor);
  return ctx.db
    .select()
    .from(sponsoredAds)
    .orderBy(asc(sponsoredAds.position), asc(sponsoredAds.sortOrder), asc(sponsoredAds.id));
}

export async function saveAd(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawId: string | null,
  raw: unknown,
): Promise<AdRow> {
  requireAdmin(ctx.actor);
  const input = parseInput(adSchema, raw);
  if (!rawId) {
    const [row] = await ctx.db.insert(sponsoredAds).values(input).returning();
    forgetPublicData();
    return row!;
  }
  const id = toId(rawId) ?? 0;
  const [row] = await ctx.db.update(sponsoredAds).set(input).where(eq(sponsoredAds.id, id)).returning();
  forgetPublicData();
  if (!row) throw new ServiceError("NOT_FOUND", "errors.notFound");
  return row;
}

/** Turn an ad on or off without touching its content or schedule. */
export async function setAdActive(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawId: string,
  isActive: boolean,
): Promise<void> {
  requireAdmin(ctx.actor);
  const id = toId(rawId) ?? 0;
  const [row] = await ctx.db
    .update(sponsoredAds)
    .set({ isActive })
    .where(eq(sponsoredAds.id, id))
    .returning({ id: sponsoredAds.id });
  forgetPublicData();
  if (!row) throw new ServiceError("NOT_FOUND", "errors.notFound");
}
