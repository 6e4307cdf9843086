import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { getProvider, parseProviderId } from "./getProvider";
import type { ProviderView } from "./view";
import { providerRowFromInput, resolvePlace, updateProviderRow } from "./writeProvider";
import { providerInputSchema } from "./writeSchemas";

/** Admin edits a listing: every form field, including the manual verified toggle. */
export async function updateProvider(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  rawId: string,
  raw: unknown,
): Promise<ProviderView> {
  requireAdmin(ctx.actor);
  const id = parseProviderId(rawId);
  const input = parseInput(providerInputSchema, raw);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  // the account link (userId) is left as it is: an edit never moves a listing to another person
  const [row] = await updateProviderRow(
    ctx.db,
    id,
    await providerRowFromInput(ctx.db, { ...input, ...place }, ctx.now()),
  );
  if (!row) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  return getProvider(ctx, String(id));
}
