import { desc, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { clearEvents, LIMITS, releaseOnError, takeIpSlot, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { loginSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";

// compared against when the phone is unknown, so both failures take the same time
const DUMMY_HASH = `pbkdf2-sha256$100000$${btoa("\0".repeat(16))}$${btoa("\0".repeat(32))}`;

export async function login(
  ctx: Pick<ServiceContext, "db" | "now" | "client">,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string }> {
  const input = parseInput(loginSchema, raw);
  const limit = LIMITS.failedLogin(input.phone);
  // every attempt takes a slot before the password is checked, so parallel guesses cannot overshoot;
  // a failure keeps its slot, a success clears them all
  const phoneSlot = await takeSlot(ctx, limit);
  // and one per address, so one machine cannot walk through many phones (skipped when the door has no ip)
  const ipSlot = await releaseOnError(phoneSlot, () => takeIpSlot(ctx, LIMITS.failedLoginFromIp));

  // a verified account holds the number alone; until one verifies, a few unverified claims can share it
  // (at most 5 registrations per phone an hour), each with its own password
  const rows = await ctx.db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.phone, input.phone))
    .orderBy(desc(users.isPhoneVerified), desc(users.id))
    .limit(5);
  let row: (typeof rows)[number] | undefined;
  for (const candidate of rows.length ? rows : [undefined]) {
    const ok = await verifyPassword(input.password, candidate?.passwordHash ?? DUMMY_HASH);
    if (ok && candidate) {
      row = candidate;
      break;
    }
    if (candidate?.isPhoneVerified) break;
  }
  if (!row) {
    throw new ServiceError("UNAUTHENTICATED", "errors.loginFailed");
  }
  await Promise.all([clearEvents(ctx, limit.key), ipSlot.release()]);
  if (needsRehash(row.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
  }
  const { passwordHash: _hash, ...account } = row;
  const sessionToken = await createSession(ctx, account.id, meta.userAgent);
  return { account, sessionToken };
}
