import { and, eq, sql } from "drizzle-orm";
import { channelLinks, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { requireUser } from "./requireUser";
import { verifyPhoneSchema } from "./schemas";
import { randomCode, sha256Hex } from "./tokens";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Sends a fresh 6-digit code to the signed-in user's phone through the outbox: WhatsApp or Telegram
 * when a linked channel exists, otherwise the server log (local development).
 */
export async function sendVerificationCode(ctx: ServiceContext): Promise<{ sent: true; expiresInSeconds: number }> {
  const actor = requireUser(ctx.actor);
  const [user] = await ctx.db
    .select({ phone: users.phone, isPhoneVerified: users.isPhoneVerified, language: users.language })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  if (user.isPhoneVerified) throw new ServiceError("CONFLICT", "errors.alreadyVerified");

  await takeSlot(ctx, LIMITS.sendCode(user.phone));

  const code = randomCode();
  await ctx.db
    .update(users)
    .set({
      verificationCode: await sha256Hex(`${actor.userId}:${code}`),
      verificationExpiry: new Date(ctx.now().getTime() + CODE_TTL_MS),
      verificationAttempts: 0,
    })
    .where(eq(users.id, actor.userId));

  const [link] = await ctx.db
    .select({ channel: channelLinks.channel, externalId: channelLinks.externalId })
    .from(channelLinks)
    .where(and(eq(channelLinks.userId, actor.userId), eq(channelLinks.optedIn, true)))
    .limit(1);
  await ctx.ports.outbox.enqueue({
    channel: link?.channel ?? "log",
    recipient: link?.externalId ?? user.phone,
    key: "messages.verificationCode",
    params: { code, minutes: CODE_TTL_MS / 60_000 },
    lang: user.language,
  });
  return { sent: true, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Checks a code: single use, 10 minutes, and the 5th wrong try burns it. */
export async function verifyPhone(ctx: ServiceContext, raw: unknown): Promise<{ isPhoneVerified: true }> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(verifyPhoneSchema, raw);
  const [user] = await ctx.db
    .select({
      phone: users.phone,
      code: users.verificationCode,
      expiry: users.verificationExpiry,
      attempts: users.verificationAttempts,
      verified: users.isPhoneVerified,
    })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  if (user.verified) return { isPhoneVerified: true };
  if (input.phone && input.phone !== user.phone) {
    throw new ServiceError("VALIDATION", "errors.codeWrong", { phone: "errors.phoneMismatch" });
  }
  if (!user.code || !user.expiry || user.expiry.getTime() <= ctx.now().getTime() || user.attempts >= CODE_MAX_ATTEMPTS) {
    throw new ServiceError("VALIDATION", "errors.codeExpired", { verificationCode: "errors.codeExpired" });
  }
  const matches = (await sha256Hex(`${actor.userId}:${input.verificationCode}`)) === user.code;
  if (!matches) {
    const attempts = user.attempts + 1;
    await ctx.db
      .update(users)
      .set(
        attempts >= CODE_MAX_ATTEMPTS
          ? { verificationCode: null, verificationExpiry: null, verificationAttempts: attempts }
          : { verificationAttempts: sql`${users.verificationAttempts} + 1` },
      )
      .where(eq(users.id, actor.userId));
    const key = attempts >= CODE_MAX_ATTEMPTS ? "errors.codeBurned" : "errors.codeWrong";
    throw new ServiceError("VALIDATION", key, { verificationCode: key }, { left: CODE_MAX_ATTEMPTS - attempts });
  }
  // single use: the code is cleared in the same statement that verifies the phone
  await ctx.db
    .update(users)
    .set({ isPhoneVerified: true, verificationCode: null, verificationExpiry: null, verificationAttempts: 0 })
    .where(and(eq(users.id, actor.userId), eq(users.verificationCode, user.code)));
  return { isPhoneVerified: true };
}
