import { asc } from "drizzle-orm";
import { categories } from "../../db/schema";
import type { ServiceContext } from "../context";

export interface CategoryView {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  nameKu: string;
  icon: string;
  color: string;
}

/** The query alone, so a page can send it in one batch with its other reads (domain/publicData.ts). */
export const categoriesQuery = (db: ServiceContext["db"]) =>
  db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameAr: categories.nameAr,
      nameKu: categories.nameKu,
      icon: categories.icon,
      color: categories.color,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));

export async function listCategories(ctx: Pick<ServiceContext, "db">): Promise<CategoryView[]> {
  return categoriesQuery(ctx.db);
}
