import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { LIMITS, releaseOnError, takeIpSlot, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword } from "./password";
import { registerSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";

export async function register(
  ctx: Pick<ServiceContext, "db" | "now" | "locale" | "client" | "ports">,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string }> {
  const input = parseInput(registerSchema, raw);
  // per phone and per address, both taken before anything is read; a refused attempt gives both back
  const phoneSlot = await takeSlot(ctx, LIMITS.register(input.phone));
  const ipSlot = await releaseOnError(phoneSlot, () => takeIpSlot(ctx, LIMITS.registerFromIp));
  return releaseOnError(phoneSlot, () => releaseOnError(ipSlot, () => createAccount(ctx, input, meta)));
}

async function createAccount(
  ctx: Pick<ServiceContext, "db" | "now" | "locale" | "ports">,
  input: ReturnType<typeof registerSchema.parse>,
  meta: { userAgent?: string | null },
): Promise<{ account: AccountView; sessionToken: string }> {
  // a verified number stays taken; one registered but never verified can be claimed (ADR 009)
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), eq(users.isPhoneVerified, true)))
    .limit(1);
  if (existing) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });

  const passwordHash = await hashPassword(input.password);
  const [account] = await ctx.db
    .insert(users)
    .values({
      phone: input.phone,
      name: input.name,
      passwordHash,
      userType: input.userType,
      language: ctx.locale,
      jobTitle: input.userType === "provider" ? input.jobTitle : null,
      location: input.userType === "provider" ? input.location : null,
    })
    .onConflictDoNothing()
    .returning(accountColumns);
  if (!account) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
  const sessionToken = await createSession(ctx, account.id, meta.userAgent);
  return { account, sessionToken };
}
