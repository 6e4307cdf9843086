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

/**
 * Signs in with phone and password. Every attempt takes a slot before the password is checked, so parallel
 * guesses cannot overshoot. A device that signed in to this phone before (its signed device cookie, ADR 022)
 * has a limit of its own, so failures from anywhere else cannot lock its owner out; an unknown device takes
 * the phone's slot and the address's, as before.
 */
export async function login(
  ctx: Pick<ServiceContext, "db" | "now" | "client" | "ports">,
  raw: unknown,
  meta: { userAgent?: string | null; deviceToken?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string; deviceToken: string }> {
  const input = parseInput(loginSchema, raw);
  // a verified account holds the number alone; until one verifies, a few unverified claims can share it
  // (at most 5 registrations per phone an hour), each with its own password
  const rows = await ctx.db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.phone, input.phone))
    .orderBy(desc(users.isPhoneVerified), desc(users.id))
    .limit(5);
  // a device is known for an account that holds this phone now: cookies made for accounts the owner's proof
  // released name those accounts, so they are unknown devices here (issue #26 item 5)
  const holders = rows.some((r) => r.isPhoneVerified) ? rows.filter((r) => r.isPhoneVerified) : rows;
  let deviceId: string | null = null;
  for (const r of holders) deviceId ??= await ctx.ports.devices.verify(meta.deviceToken, { phone: input.phone, userId: r.id });
  const limit = deviceId ? LIMITS.failedLoginFromDevice(deviceId) : LIMITS.failedLogin(input.phone);
  // a failure keeps its slot, a success clears them all
  const phoneSlot = await takeSlot(ctx, limit);
  // and one per address for unknown devices, so one machine cannot walk through many phones (skipped when the door has no ip)
  const ipSlot = deviceId ? { release: async () => {} } : await releaseOnError(phoneSlot, () => takeIpSlot(ctx, LIMITS.failedLoginFromIp));

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
  return { account, sessionToken, deviceToken: await ctx.ports.devices.issue({ phone: input.phone, userId: account.id }, deviceId ?? undefined) };
}
