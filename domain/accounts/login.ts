import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { clearEvents, LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { loginSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";

// compared against when the phone is unknown, so both failures take the same time
const DUMMY_HASH = `pbkdf2-sha256$100000$${btoa("\0".repeat(16))}$${btoa("\0".repeat(32))}`;

export async function login(
  ctx: Pick<ServiceContext, "db" | "now">,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string }> {
  const input = parseInput(loginSchema, raw);
  const limit = LIMITS.failedLogin(input.phone);
  // every attempt takes a slot before the password is checked, so parallel guesses cannot overshoot;
  // a failure keeps its slot, a success clears them all
  await takeSlot(ctx, limit);

  const [row] = await ctx.db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.phone, input.phone))
    .limit(1);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) {
    throw new ServiceError("UNAUTHENTICATED", "errors.loginFailed");
  }
  await clearEvents(ctx, limit.key);
  if (needsRehash(row.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
  }
  const { passwordHash: _hash, ...account } = row;
  const sessionToken = await createSession(ctx, account.id, meta.userAgent);
  return { account, sessionToken };
}
