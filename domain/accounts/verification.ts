import { and, eq, gt, isNotNull, lt, ne, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import type { OutboundMessage } from "../ports";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { requireUser } from "./requireUser";
import { verifyPhoneSchema } from "./schemas";
import { sessionIdOf } from "./sessions";
import { closeReleasedSockets, isUniqueViolation, releaseStatements, unverifiedClaimants } from "./claim";
import { groupCode, randomCode, sha256Hex } from "./tokens";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Sends a fresh 12-digit code to the signed-in user's phone itself (WhatsApp
 * to the number, else SMS), through the outbox (ADR 022 as amended).
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

  const slot = await takeSlot(ctx, LIMITS.sendCode(user.phone));
  const code = randomCode();
  await ctx.db
    .update(users)
    .set({
      verificationCode: await sha256Hex(`${actor.userId}:${code}`),
      verificationExpiry: new Date(ctx.now().getTime() + CODE_TTL_MS),
      verificationAttempts: 0,
    })
    .where(eq(users.id, actor.userId));
  // the person is waiting on this page: the code is sent now, and a failure is said now, not retried (ADR 084)
  if (
    !(await ctx.ports.outbox.sendNow(
      codeMessage(
        { phone: user.phone, language: user.language },
        "messages.verificationCode",
        groupCode(code),
        CODE_TTL_MS,
      ),
    ))
  ) {
    // a code that never left does not count against the number's hour
    await slot.release();
    throw new ServiceError("UNAVAILABLE", "errors.codeNotSent");
  }
  return { sent: true, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * A code that proves a phone goes to the number and nowhere else: the outbox channel `code` (WhatsApp to that number,
 * else SMS; `bot/deliverers.ts deliverCode`), never a chat linked to an account, which a session may have linked
 * without holding the number. The code is sealed in the outbox and never logged outside development.
 */
export async function sendToNumber(
  ctx: Pick<ServiceContext, "ports">,
  to: { phone: string; language: Lang },
  key: "messages.verificationCode" | "messages.resetCode",
  code: string,
  ttlMs: number,
): Promise<void> {
  await ctx.ports.outbox.enqueue(codeMessage(to, key, code, ttlMs));
}

const codeMessage = (
  to: { phone: string; language: Lang },
  key: string,
  code: string,
  ttlMs: number,
): OutboundMessage => ({
  channel: "code",
  recipient: to.phone,
  key,
  params: { minutes: ttlMs / 60_000 },
  secret: { code },
  lang: to.language,
});

/**
 * Checks a code: single use, 10 minutes, and the 5th wrong try burns it. Each try first takes one of the
 * code's 5 attempts with a single conditional UPDATE (… WHERE attempts < 5 RETURNING), so parallel
 * guesses cannot get more than 5 tries between them. Verifying a phone claims it: other accounts that
 * registered the same number but never verified it are released in the same batch (ADR 009).
 */
export async function verifyPhone(ctx: ServiceContext, raw: unknown): Promise<{ isPhoneVerified: true }> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(verifyPhoneSchema, raw);
  const [user] = await ctx.db
    .select({ phone: users.phone, verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  if (user.verified) return { isPhoneVerified: true };
  // another account verified this number between this request's session check and now, and released this one
  // (claim.ts: its phone became `released:<id>`): the number is taken, whatever the code says
  if (user.phone.startsWith("released:"))
    throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
  if (input.phone && input.phone !== user.phone) {
    throw new ServiceError(
      "VALIDATION",
      "errors.codeWrong",
      { phone: "errors.phoneMismatch" },
      { left: CODE_MAX_ATTEMPTS },
    );
  }
  const [attempt] = await ctx.db
    .update(users)
    .set({ verificationAttempts: sql`${users.verificationAttempts} + 1` })
    .where(
      and(
        eq(users.id, actor.userId),
        isNotNull(users.verificationCode),
        gt(users.verificationExpiry, ctx.now()),
        lt(users.verificationAttempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ code: users.verificationCode, attempts: users.verificationAttempts });
  if (!attempt?.code) {
    // no code left because another account verified this number a moment ago and released this one (two claimants at
    // once): that is what the person is told, not that their code expired
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, user.phone), eq(users.isPhoneVerified, true), ne(users.id, actor.userId)))
      .limit(1);
    if (taken) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
    throw new ServiceError("VALIDATION", "errors.codeExpired", { verificationCode: "errors.codeExpired" });
  }
  const matches = (await sha256Hex(`${actor.userId}:${input.verificationCode}`)) === attempt.code;
  if (!matches) {
    if (attempt.attempts >= CODE_MAX_ATTEMPTS) {
      await ctx.db
        .update(users)
        .set({ verificationCode: null, verificationExpiry: null })
        .where(and(eq(users.id, actor.userId), eq(users.verificationCode, attempt.code)));
    }
    const key = attempt.attempts >= CODE_MAX_ATTEMPTS ? "errors.codeBurned" : "errors.codeWrong";
    throw new ServiceError(
      "VALIDATION",
      key,
      { verificationCode: key },
      { left: CODE_MAX_ATTEMPTS - attempt.attempts },
    );
  }
  // single use: the code is cleared in the statement that verifies the phone; the same batch releases the
  // unverified accounts that had registered this number (they can never sign in with it again)
  const claim = and(eq(users.id, actor.userId), eq(users.phone, user.phone), eq(users.verificationCode, attempt.code));
  const stillMine = sql`exists (select 1 from ${users} u where u.id = ${actor.userId} and u.phone = ${user.phone}
    and u.verification_code = ${attempt.code})`;
  const claimants = (await unverifiedClaimants(ctx, user.phone)).filter((id) => id !== actor.userId);
  let verified: { id: number }[];
  try {
    [, , verified] = await ctx.db.batch([
      ...releaseStatements(ctx, user.phone, actor.userId, stillMine),
      ctx.db
        .update(users)
        .set({ isPhoneVerified: true, verificationCode: null, verificationExpiry: null, verificationAttempts: 0 })
        .where(claim)
        .returning({ id: users.id }),
    ]);
  } catch (err) {
    // another account verified this number a moment ago (the unique index on verified phones)
    if (isUniqueViolation(err)) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
    throw err;
  }
  if (verified.length === 0) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
  await closeReleasedSockets(ctx, claimants);
  // while others held the number unproven, they could guess this account's password (ADR 075): every session but
  // the one that proved the number ends
  if (claimants.length)
    await ctx.ports.sessions.end(actor.userId, { allExcept: actor.session ? await sessionIdOf(actor.session) : null });
  return { isPhoneVerified: true };
}
