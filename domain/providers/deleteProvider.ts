import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseProviderId } from "./getProvider";
import { deleteProviderRow } from "./writeProvider";

/** Admin removes a listing; its analytics and certifications go with it (ON DELETE CASCADE). */
export async function deleteProvider(ctx: Pick<ServiceContext, "db" | "actor">, rawId: string): Promise<void> {
  requireAdmin(ctx.actor);
  const id = parseProviderId(rawId);
  const [row] = await deleteProviderRow(ctx.db, id);
  if (!row) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
}
