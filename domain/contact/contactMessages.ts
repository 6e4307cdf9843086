import { desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { contactMessages, CONTACT_TYPES } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { LIMITS, takeIpSlot, takeSlot, type Slot } from "../rateLimit";
import { normalizeDigits } from "../text/normalize";
import { oneLine } from "../text/oneLine";
import { parseInput } from "../validation";
import { toId } from "../ids";

const required = (key: string, max: number) =>
  z
    .string({ error: key })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: key }).max(max, { error: "validation.tooLong" }));

export const contactSchema = z.object({
  // one line, as every name
  name: z
    .string({ error: "validation.contactName" })
    .transform(oneLine)
    .pipe(z.string().min(1, { error: "validation.contactName" }).max(100, { error: "validation.tooLong" })),
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

/**
 * The contact form, stored for the team's inbox. Anyone may write; limited per e-mail address, per
 * address (ip) and per signed-in user, each slot taken before the insert and all given back on failure.
 */
export async function submitContactMessage(
  ctx: Pick<ServiceContext, "db" | "now" | "actor" | "client" | "ports">,
  raw: unknown,
): Promise<{ id: number }> {
  const input = parseInput(contactSchema, raw);
  const slots: Slot[] = [];
  const insert = async () => {
    slots.push(await takeSlot(ctx, LIMITS.contactFromEmail(input.email)));
    slots.push(await takeIpSlot(ctx, LIMITS.contactFromIp));
    if (ctx.actor.kind === "user") slots.push(await takeSlot(ctx, LIMITS.contactFromUser(ctx.actor.userId)));
    const [row] = await ctx.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    return row!;
  };
  try {
    return await insert();
  } catch (err) {
    await Promise.all(slots.map((s) => s.release()));
    throw err;
  }
}

export async function listContactMessages(ctx: Pick<ServiceContext, "db" | "actor">, opts: { open?: boolean } = {}) {
  requireAdmin(ctx.actor);
  return (
    ctx.db
      .select()
      .from(contactMessages)
      .where(opts.open ? isNull(contactMessages.handledAt) : undefined)
      // unhandled first, newest first
      .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt))
      .limit(200)
  );
}

export async function markContactHandled(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  rawId: string,
  handled = true,
) {
  requireAdmin(ctx.actor);
  const id = toId(rawId) ?? 0;
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ handledAt: handled ? ctx.now() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!row) throw new ServiceError("NOT_FOUND", "errors.notFound");
}
