import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { parseInput } from "../validation";
import { getProvider } from "./getProvider";
import type { ProviderView } from "./view";
import { insertProvider, providerRowFromInput, resolvePlace } from "./writeProvider";
import { providerInputSchema } from "./writeSchemas";

/** Admin adds a listing (not tied to an account). */
export async function createProvider(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  raw: unknown,
): Promise<ProviderView> {
  requireAdmin(ctx.actor);
  const input = parseInput(providerInputSchema, raw);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  const [row] = await insertProvider(
    ctx.db,
    await providerRowFromInput(ctx.db, { ...input, ...place, userId: null }, ctx.now()),
  );
  return getProvider(ctx, String(row!.id));
}
