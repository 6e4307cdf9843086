import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { categories, cities, serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { listProvidersSchema, type ListProvidersInput } from "./schemas";
import { providerColumns, type ProviderView } from "./view";

export interface ProviderPage {
  items: ProviderView[];
  total: number;
  page: number;
}

/** The plain directory: verified first, then best rated, then most reviewed. */
export async function listProviders(
  ctx: Pick<ServiceContext, "db">,
  raw: Partial<Record<keyof ListProvidersInput, unknown>> = {},
): Promise<ProviderPage> {
  const input = listProvidersSchema.parse(raw);
  const filters: SQL[] = [];
  if (input.category) {
    filters.push(
      /^[0-9]+$/.test(input.category)
        ? eq(serviceProviders.categoryId, Number(input.category))
        : sql`${serviceProviders.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${input.category})`,
    );
  }
  if (input.city) {
    // a city may arrive as its slug or its English name (the spec's city selector value)
    const city = input.city.toLowerCase();
    filters.push(
      or(
        sql`lower(${serviceProviders.city}) = ${city}`,
        sql`${serviceProviders.cityId} in (select ${cities.id} from ${cities} where ${cities.slug} = ${city})`,
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const offset = (input.page - 1) * input.limit;
  const [items, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select(providerColumns)
      .from(serviceProviders)
      .where(where)
      .orderBy(desc(serviceProviders.isVerified), desc(serviceProviders.rating), desc(serviceProviders.reviewCount), serviceProviders.id)
      .limit(input.limit)
      .offset(offset),
    ctx.db.select({ total: sql<number>`count(*)` }).from(serviceProviders).where(where),
  ]);
  return { items, total, page: input.page };
}
