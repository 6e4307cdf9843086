import { desc, sql } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { providerColumns, type ProviderView } from "./view";

export const ADMIN_PAGE_SIZE = 20;

/** The admin also sees whether a listing is hidden and a rename its provider asked for (ADR 012). */
export interface AdminProviderView extends ProviderView {
  hidden: boolean;
  requestedName: string | null;
}

/** The admin's provider list: newest first, filtered by a part of the name. */
export async function adminListProviders(
  ctx: Pick<ServiceContext, "db" | "actor">,
  opts: { q?: string | null; page?: string | number | null },
): Promise<{ items: AdminProviderView[]; total: number; page: number; pages: number }> {
  requireAdmin(ctx.actor);
  const q = (opts.q ?? "").trim().slice(0, 100);
  const page = Math.min(1000, Math.max(1, Number.parseInt(String(opts.page ?? "1"), 10) || 1));
  // a plain substring test, not LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex" for a
  // 25-letter Arabic name), and nothing typed acts as a wildcard; ASCII case is ignored as LIKE did
  const whereSql = q ? sql`instr(lower(${serviceProviders.name}), lower(${q})) > 0` : undefined;
  const [items, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        ...providerColumns,
        hidden: sql<boolean>`${serviceProviders.hiddenAt} is not null`.mapWith(Boolean),
        requestedName: serviceProviders.requestedName,
      })
      .from(serviceProviders)
      .where(whereSql)
      .orderBy(desc(serviceProviders.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    ctx.db
      .select({ total: sql<number>`count(*)` })
      .from(serviceProviders)
      .where(whereSql),
  ]);
  return { items, total, page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}
