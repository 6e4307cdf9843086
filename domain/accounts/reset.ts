/**
 * "Forgot password?" (ADR 022): phone → a code through the same delivery as phone verification (a linked chat,
 * else WhatsApp, else SMS) → a new password. It is also how an account made by the WhatsApp or Telegram bot
 * (which has no password) sets its first one.
 *
 * - Only the number's VERIFIED holder can be reset: an unverified claim is not an account anyone owns yet
 *   (the owner registers again and proves it, ADR 009).
 * - Neither step says whether a number has an account: step 1 always answers "sent"; step 2 answers one
 *   sentence for a wrong, expired, burned or never-sent code alike.
 * - The code is the verification code's: 6 digits, 10 minutes, single use, 5 tries taken atomically before
 *   comparing, stored only as a hash; asking for codes shares the per-phone limit (5 an hour).
 * - A reset ends every session of the account and closes their sockets; the device that reset it is signed in.
 */
import { and, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { clearEvents, LIMITS, takeIpSlot, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword } from "./password";
import { resetFinishSchema, resetStartSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";
import { sha256Hex } from "./tokens";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, sendCode } from "./verification";

const holderOf = (ctx: Pick<ServiceContext, "db">, phone: string) =>
  ctx.db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isPhoneVerified, true)))
    .limit(1)
    .then((rows) => rows[0] ?? null);

/** Step 1: a code to the number's verified holder, if there is one. The answer is the same either way. */
export async function startPasswordReset(ctx: ServiceContext, raw: unknown): Promise<{ sent: true; expiresInSeconds: number }> {
  const { phone } = parseInput(resetStartSchema, raw);
  const answer = { sent: true as const, expiresInSeconds: CODE_TTL_MS / 1000 };
  // limits first, for every number alike, so that their 429s say nothing about accounts either
  await takeIpSlot(ctx, LIMITS.resetFromIp);
  await takeSlot(ctx, LIMITS.sendCode(phone));
  const holder = await holderOf(ctx, phone);
  if (holder) await sendCode(ctx, { userId: holder.id, phone, language: holder.language }, "messages.resetCode");
  return answer;
}

/** Step 2: the code and a new password. Every session of the account ends; this device gets a new one. */
export async function finishPasswordReset(
  ctx: ServiceContext,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string }> {
  const input = parseInput(resetFinishSchema, raw);
  const refused = () => new ServiceError("VALIDATION", "errors.resetCodeWrong", { verificationCode: "errors.resetCodeWrong" });
  const holder = await holderOf(ctx, input.phone);
  if (!holder) throw refused();
  // one of the code's 5 tries, taken before comparing (parallel guesses share them)
  const [attempt] = await ctx.db
    .update(users)
    .set({ verificationAttempts: sql`${users.verificationAttempts} + 1` })
    .where(and(eq(users.id, holder.id), isNotNull(users.verificationCode), gt(users.verificationExpiry, ctx.now()), lt(users.verificationAttempts, CODE_MAX_ATTEMPTS)))
    .returning({ code: users.verificationCode, attempts: users.verificationAttempts });
  if (!attempt?.code) throw refused();
  if ((await sha256Hex(`${holder.id}:${input.verificationCode}`)) !== attempt.code) {
    if (attempt.attempts >= CODE_MAX_ATTEMPTS) {
      await ctx.db.update(users).set({ verificationCode: null, verificationExpiry: null }).where(and(eq(users.id, holder.id), eq(users.verificationCode, attempt.code)));
    }
    throw refused();
  }
  const passwordHash = await hashPassword(input.newPassword);
  // single use: the statement that sets the password also clears the code it matched
  const [, changed] = await ctx.db.batch([
    ctx.db.delete(sessions).where(and(eq(sessions.userId, holder.id), sql`exists (select 1 from ${users} where id = ${holder.id} and verification_code = ${attempt.code})`)),
    ctx.db
      .update(users)
      .set({ passwordHash, verificationCode: null, verificationExpiry: null, verificationAttempts: 0 })
      .where(and(eq(users.id, holder.id), eq(users.verificationCode, attempt.code)))
      .returning(accountColumns),
  ]);
  const account = changed[0];
  if (!account) throw refused();
  await Promise.all([ctx.ports.notifier.closeSessionSockets(holder.id, { allExcept: null }), clearEvents(ctx, LIMITS.failedLogin(input.phone).key)]);
  const sessionToken = await createSession(ctx, holder.id, meta.userAgent);
  return { account, sessionToken };
}
