import type { Actor } from "../context";
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
