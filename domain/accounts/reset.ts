/**
 * "Forgot password?" (ADR 022, amended): phone → a reset code sent to that number itself → a new password. It is also
 * how an account made by the WhatsApp or Telegram bot (which has no password) sets its first one.
 *
 * - Only the number's VERIFIED holder can be reset: an unverified claim is not an account anyone owns yet.
 * - The code goes to the number (WhatsApp, else SMS), never to a linked chat, which a session may have linked.
 * - A reset code is 15 characters of Crockford's base 32 (75 bits), stored only as a hash, live for an hour.
 *   Guessing one is hopeless at any rate a Worker answers (ADR 022 has the figure), so a code has no tries to
 *   burn and a stranger's guesses cannot spoil the owner's code.
 * - Several codes can be live at once. Codes sent have a budget of their own per phone (5 an hour, not the
 *   verification codes'), and each code lives as long as that window: a stranger who spends the budget has only
 *   sent the owner working codes, so nobody else's resets stop the owner from resetting.
 * - Neither step says whether a number has an account: step 1 answers "sent" (a 429 only for the address's
 *   limit); step 2 answers one sentence for a wrong, expired or used code alike.
 * - A reset ends every session of the account, unlinks the chats linked from a session (they are told where),
 *   closes their sockets, and signs this device in.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { resetCodes, sessions, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { isServiceError, ServiceError } from "../errors";
import { clearEvents, LIMITS, takeIpSlot, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { unlinkSessionChats, type RemovedChat } from "./channels";
import { hashPassword } from "./password";
import { resetFinishSchema, resetStartSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";
import { randomResetCode, sha256Hex } from "./tokens";
import { sendToNumber } from "./verification";

export const RESET_TTL_MS = 60 * 60 * 1000;

const holderOf = (ctx: Pick<ServiceContext, "db">, phone: string) =>
  ctx.db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isPhoneVerified, true)))
    .limit(1)
    .then((rows) => rows[0] ?? null);

const codeHash = (code: string) => sha256Hex(`reset:${code}`);

/**
 * Step 1: a code to the number's verified holder, if there is one. The answer is the same either way, and the
 * same when the number's budget is spent (5 codes sent an hour): nothing new is sent then, and every code sent in
 * that hour still works, so a stranger who spends it has only sent the owner working codes.
 */
export async function startPasswordReset(
  ctx: ServiceContext,
  raw: unknown,
): Promise<{ sent: true; expiresInSeconds: number }> {
  const { phone } = parseInput(resetStartSchema, raw);
  const answer = { sent: true as const, expiresInSeconds: RESET_TTL_MS / 1000 };
  // the address's limit first, for every number alike: its 429 says nothing about accounts
  await takeIpSlot(ctx, LIMITS.resetFromIp);
  const holder = await holderOf(ctx, phone);
  if (!holder) return answer;
  // counted per code sent, silently: a refusal here would tell an account from none
  try {
    await takeSlot(ctx, LIMITS.resetCode(phone));
  } catch (err) {
    if (isServiceError(err) && err.code === "RATE_LIMITED") return answer;
    throw err;
  }
  const code = randomResetCode();
  await ctx.db.insert(resetCodes).values({
    userId: holder.id,
    codeHash: await codeHash(code),
    expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS),
  });
  await sendToNumber(ctx, { phone, language: holder.language }, "messages.resetCode", code, RESET_TTL_MS);
  return answer;
}

/** Step 2: the code and a new password. Every session of the account ends; this device gets a new one. */
export async function finishPasswordReset(
  ctx: ServiceContext,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string; removedChats: RemovedChat[] }> {
  const input = parseInput(resetFinishSchema, raw);
  const refused = () =>
    new ServiceError("VALIDATION", "errors.resetCodeWrong", { verificationCode: "errors.resetCodeWrong" });
  // a wrong code keeps the address's slot; a right one gives it back
  const ipSlot = await takeIpSlot(ctx, LIMITS.resetFinishFromIp);
  const hash = await codeHash(input.verificationCode);
  const [found] = await ctx.db
    .select({ userId: resetCodes.userId, phone: users.phone, verified: users.isPhoneVerified })
    .from(resetCodes)
    .innerJoin(users, eq(users.id, resetCodes.userId))
    .where(and(eq(resetCodes.codeHash, hash), gt(resetCodes.expiresAt, ctx.now())))
    .limit(1);
  if (!found || !found.verified || (input.phone && input.phone !== found.phone)) throw refused();
  const passwordHash = await hashPassword(input.newPassword);
  const userId = found.userId;
  // single use, also against a parallel finish with the same code: every statement is guarded by the code's row
  // still being there, and the last one deletes it with the account's other codes
  const stillLive = sql`exists (select 1 from ${resetCodes} where code_hash = ${hash} and user_id = ${userId})`;
  const [, changed] = await ctx.db.batch([
    ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), stillLive)),
    ctx.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), stillLive))
      .returning(accountColumns),
    ctx.db.delete(resetCodes).where(eq(resetCodes.userId, userId)),
  ]);
  const account = changed[0];
  if (!account) throw refused();
  await ipSlot.release();
  const [removedChats] = await Promise.all([
    unlinkSessionChats(ctx, userId, account.phone, account.language),
    ctx.ports.sessions.end(userId, { allExcept: null }),
    clearEvents(ctx, LIMITS.failedLogin(account.phone).key),
  ]);
  const sessionToken = await createSession(ctx, userId, meta.userAgent);
  return { account, sessionToken, removedChats };
}

/** A new password (changed or reset) ends every reset code the account had. */
export async function dropResetCodes(ctx: Pick<ServiceContext, "db">, userId: number): Promise<void> {
  await ctx.db.delete(resetCodes).where(eq(resetCodes.userId, userId));
}
