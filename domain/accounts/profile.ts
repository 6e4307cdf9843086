import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { Lang } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { hashPassword, verifyPassword } from "./password";
import { requireUser } from "./requireUser";
import { LIMITS, takeSlot } from "../rateLimit";
import { changePasswordSchema, updateProfileSchema } from "./schemas";
import type { RemovedChat } from "./channels";
import { dropResetCodes } from "./reset";
import { accountColumns, revokeOtherSessions, type AccountView } from "./sessions";

export async function getAccount(ctx: Pick<ServiceContext, "db" | "actor">): Promise<AccountView> {
  const actor = requireUser(ctx.actor);
  const [row] = await ctx.db.select(accountColumns).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!row) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  return row;
}

export async function updateProfile(ctx: Pick<ServiceContext, "db" | "actor">, raw: unknown): Promise<AccountView> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(updateProfileSchema, raw);
  const [row] = await ctx.db
    .update(users)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(users.id, actor.userId))
    .returning(accountColumns);
  if (!row) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  return row;
}

/**
 * Needs the current password; every other session of the user is signed out, the chats linked from a session
 * are unlinked (returned, to be shown) and the reset codes sent earlier stop working.
 */
export async function changePassword(
  ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">,
  raw: unknown,
  currentSessionToken: string | null,
): Promise<{ removedChats: RemovedChat[] }> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(changePasswordSchema, raw);
  // every check of the current password takes a slot first (5 per 15 minutes); a right one gives it back
  const slot = await takeSlot(ctx, LIMITS.passwordCheck(actor.userId));
  const [row] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row || !(await verifyPassword(input.currentPassword, row.hash))) {
    throw new ServiceError("VALIDATION", "errors.currentPasswordWrong", {
      currentPassword: "errors.currentPasswordWrong",
    });
  }
  await slot.release();
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
  await dropResetCodes(ctx, actor.userId);
  return { removedChats: await revokeOtherSessions(ctx, actor.userId, currentSessionToken) };
}

/**
 * The language a person uses becomes their account's (ADR 025): the bell, WhatsApp and Telegram messages,
 * codes and bot replies follow it. Set by the page toggle, the profile page and the bots; a no-op when unchanged.
 */
export async function setAccountLanguage(ctx: Pick<ServiceContext, "db" | "actor">, language: Lang): Promise<void> {
  const actor = requireUser(ctx.actor);
  await ctx.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, actor.userId));
}
