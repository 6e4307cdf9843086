import { and, eq, isNull } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { providerIdSchema } from "./schemas";
import { providerColumns, type ProviderView } from "./view";

export function parseProviderId(raw: string): number {
  const parsed = providerIdSchema.safeParse(raw);
  if (!parsed.success) throw new ServiceError("VALIDATION", "errors.invalidProviderId");
  return parsed.data;
}

export async function getProvider(ctx: Pick<ServiceContext, "db">, rawId: string): Promise<ProviderView> {
  const id = parseProviderId(rawId);
  const [row] = await ctx.db
    .select(providerColumns)
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id), isNull(serviceProviders.hiddenAt)))
    .limit(1);
  // a hidden listing is "not found" for everyone here (ADR 012); its participants reach their history through bookings
  if (!row) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  return row;
}
