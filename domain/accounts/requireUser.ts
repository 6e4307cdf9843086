import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Actor, ServiceContext } from "../context";
import { ServiceError } from "../errors";

export type UserActor = Extract<Actor, { kind: "user" }>;

/**
 * The signed-in user behind a request, or UNAUTHENTICATED. A Telegram chat or WhatsApp number linked
 * to an account acts as that user (admin verbs stay web-only: a bot actor is never an admin).
 */
export function requireUser(actor: Actor): UserActor {
  if ((actor.kind === "telegram" || actor.kind === "whatsapp") && actor.user) {
    return { kind: "user", userId: actor.user.userId, userType: actor.user.userType, isAdmin: false };
  }
  if (actor.kind !== "user") throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  return actor;
}

/** Admin-only verbs: FORBIDDEN for everyone else, whatever the UI showed them. */
export function requireAdmin(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (!user.isAdmin) throw new ServiceError("FORBIDDEN", "errors.forbidden");
  return user;
}

/**
 * Booking, reviewing and applying as a provider need a phone the user proved with a code (ADR 009):
 * FORBIDDEN "errors.phoneNotVerified" otherwise, which the web answers by asking for the code in place.
 */
export async function requireVerifiedPhone(ctx: Pick<ServiceContext, "db">, userId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.verified)
    throw new ServiceError("FORBIDDEN", "errors.phoneNotVerified", { verificationCode: "errors.phoneNotVerified" });
}
