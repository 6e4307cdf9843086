import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { hashPassword } from "./password";
import { registerSchema } from "./schemas";
import { accountColumns, createSession, type AccountView } from "./sessions";

export async function register(
  ctx: Pick<ServiceContext, "db" | "now" | "locale">,
  raw: unknown,
  meta: { userAgent?: string | null } = {},
): Promise<{ account: AccountView; sessionToken: string }> {
  const input = parseInput(registerSchema, raw);
  await takeSlot(ctx, LIMITS.register(input.phone));

  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
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
  // a concurrent registration of the same phone won the race
  if (!account) throw new ServiceError("CONFLICT", "errors.phoneTaken", { phone: "errors.phoneTaken" });
  const sessionToken = await createSession(ctx, account.id, meta.userAgent);
  return { account, sessionToken };
}
