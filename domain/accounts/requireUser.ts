import type { Actor } from "../context";
import { ServiceError } from "../errors";

export type UserActor = Extract<Actor, { kind: "user" }>;

/** The signed-in user behind a request, or UNAUTHENTICATED. */
export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== "user") throw new ServiceError("UNAUTHENTICATED", "errors.unauthenticated");
  return actor;
}

/** Admin-only verbs: FORBIDDEN for everyone else, whatever the UI showed them. */
export function requireAdmin(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (!user.isAdmin) throw new ServiceError("FORBIDDEN", "errors.forbidden");
  return user;
}
