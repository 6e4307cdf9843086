import { desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { contactMessages, CONTACT_TYPES } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { takeSlot } from "../rateLimit";
import { normalizeDigits } from "../text/normalize";
import { parseInput } from "../validation";

const HOUR = 60 * 60 * 1000;

const required = (key: string, max: number) =>
  z
    .string({ error: key })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: key }).max(max, { error: "validation.tooLong" }));

export const contactSchema = z.object({
  name: required("validation.contactName", 100),
  email: z
    .string({ error: "validation.email" })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.email({ error: "validation.email" }).max(200, { error: "validation.tooLong" })),
  phone: z
    .string()
    .optional()
    .transform((s) => normalizeDigits(s ?? "").trim())
    .pipe(z.string().max(40, { error: "validation.tooLong" }))
    .transform((s) => s || null),
  subject: required("validation.subject", 200),
  message: required("validation.message", 5000),
  type: z.enum(CONTACT_TYPES).catch("general"),
});

/** 3 messages per e-mail address per hour. */
const perEmail = (email: string) => ({ key: `contact:${email}`, max: 3, windowMs: HOUR });

/** The contact form, stored for the team's inbox (anyone may write; rate-limited per e-mail address). */
export async function submitContactMessage(ctx: Pick<ServiceContext, "db" | "now">, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(contactSchema, raw);
  await takeSlot(ctx, perEmail(input.email));
  const [row] = await ctx.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}

export async function listContactMessages(ctx: Pick<ServiceContext, "db" | "actor">, opts: { open?: boolean } = {}) {
  requireAdmin(ctx.actor);
  return ctx.db
    .select()
    .from(contactMessages)
    .where(opts.open ? isNull(contactMessages.handledAt) : undefined)
    // unhandled first, newest first
    .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt))
    .limit(200);
}

export async function markContactHandled(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawId: string, handled = true) {
  requireAdmin(ctx.actor);
  const id = /^[0-9]{1,12}$/.test(rawId) ? Number(rawId) : 0;
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ handledAt: handled ? ctx.now() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!row) throw new ServiceError("NOT_FOUND", "errors.notFound");
}
