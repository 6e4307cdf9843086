import { desc, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { clearEvents, LIMITS, releaseOnError, takeIpSlot, takeSlots } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { loginSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";

// compared against when the phone is unknown, so both failures take the same time
const DUMMY_HASH = `pbkdf2-sha256$100000$${btoa("\0".repeat(16))}$${btoa("\0".repeat(32))}`;

/**
 * Signs in with phone and password. Every attempt takes its slots before the password is checked, so parallel
 * guesses cannot overshoot (ADR 009, 022, 075):
 * - the address's slot, always (a device cookie, fresh or old, never spares it);
 * - the number's slot, unless the attempt comes from a device of the number's only holder (its proven one, or the one
 *   account that registered it), which has a budget of its own so that strangers' failures cannot lock its owner out;
 *   on a number several accounts hold unproven, a device adds its budget to the number's and never replaces it, since
 *   its guesses reach the other holders' passwords;
 * - the device's slot when the device is known.
 * A failure keeps them all. A success gives back this attempt's slots and clears its own account's device failures,
 * never the number's: one holder of a shared unproven number must not wipe the count of guesses at another's password.
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
  // released name those accounts, so they are unknown devices here
  const proven = rows.some((r) => r.isPhoneVerified);
  const holders = proven ? rows.filter((r) => r.isPhoneVerified) : rows;
  let device: { id: string; userId: number } | null = null;
  for (const r of holders) {
    if (device) break;
    const id: string | null = await ctx.ports.devices.verify(meta.deviceToken, { phone: input.phone, userId: r.id });
    if (id) device = { id, userId: r.id };
  }
  const limits = [
    ...(device ? [LIMITS.failedLoginFromDevice(device.id)] : []),
    // the device's own account is the only one a guess can reach when the number is proven or it holds the number alone
    ...(device && holders.length === 1 ? [] : [LIMITS.failedLogin(input.phone)]),
  ];
  const slots = await takeSlots(ctx, limits);
  const ipSlot = await releaseOnError(slots, () => takeIpSlot(ctx, LIMITS.failedLoginFromIp));

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
  const own = device?.userId === row.id ? device.id : null;
  await Promise.all([
    own ? clearEvents(ctx, LIMITS.failedLoginFromDevice(own).key) : Promise.resolve(),
    slots.release(),
    ipSlot.release(),
  ]);
  if (needsRehash(row.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, row.id));
  }
  const { passwordHash: _hash, ...account } = row;
  const sessionToken = await createSession(ctx, account.id, meta.userAgent);
  return {
    account,
    sessionToken,
    deviceToken: await ctx.ports.devices.issue({ phone: input.phone, userId: account.id }, own ?? undefined),
  };
}
